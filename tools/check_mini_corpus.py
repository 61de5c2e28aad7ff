#!/usr/bin/env python3
"""Validate the embedded mini corpus shipped in ``insightkit/mini_corpus``.

Stdlib only (Python 3.10+). Loads the five JSON Lines files, checks every
structural rule the rest of the package relies on, prints a summary of counts
and every violation found, and exits with status 1 if there is any violation.

Usage::

    python tools/check_mini_corpus.py [CORPUS_DIR]

CORPUS_DIR defaults to ``insightkit/mini_corpus`` next to this ``tools`` folder.

Rules checked
-------------
MINI_docs.jsonl      >= 64 records {"id": int, "document": str}; ids unique and
                     exactly 0..N-1; each document 60-140 words.
MINI_graph.jsonl     >= 220 triples {"sub","rel","obj": str, "doc-id": int};
                     doc-id exists; sub and obj are case-insensitive substrings
                     of that document; no duplicate triples.
MINI_deep.jsonl      >= 32 items {"sub","rel","obj","doc-id","question"};
                     each is a triple of the graph; sub and obj each occur
                     exactly once (case-insensitive, non-overlapping) in the
                     document; (sub, rel) has exactly one distinct object in the
                     whole graph (case-insensitive); at most 2 items per doc;
                     no duplicate items.
MINI_multi.jsonl     >= 16 items {"sub","rel","objs":[{"obj","doc-id"}],"question"};
                     (sub, rel) has >= 2 distinct objects in the graph; objs
                     lists exactly all graph (obj, doc-id) pairs for (sub, rel);
                     objs come from >= 2 documents; no duplicate (sub, rel).
MINI_matching.jsonl  >= 40 items {"doc-1": int, "doc-2": int, "label": "Yes"|"No"};
                     doc ids exist; doc-1 != doc-2; no duplicate unordered pair;
                     equal numbers of Yes and No.
"""
from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

MIN_DOCS, MIN_TRIPLES, MIN_DEEP, MIN_MULTI, MIN_MATCHING = 64, 220, 32, 16, 40
MIN_WORDS, MAX_WORDS = 60, 140
MAX_DEEP_PER_DOC = 2

violations: list[str] = []


def fail(msg: str) -> None:
    violations.append(msg)


def load_jsonl(path: Path) -> list[dict]:
    rows: list[dict] = []
    if not path.is_file():
        fail(f"{path.name}: file not found at {path}")
        return rows
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                fail(f"{path.name}:{lineno}: blank line")
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                fail(f"{path.name}:{lineno}: invalid JSON ({exc})")
                continue
            if not isinstance(obj, dict):
                fail(f"{path.name}:{lineno}: record is not a JSON object")
                continue
            obj["_line"] = lineno
            rows.append(obj)
    return rows


def check_fields(name: str, row: dict, spec: dict[str, type]) -> bool:
    ok = True
    for key, typ in spec.items():
        val = row.get(key)
        # bool is a subclass of int; reject it explicitly for int fields
        if not isinstance(val, typ) or (typ is int and isinstance(val, bool)):
            fail(f"{name}:{row['_line']}: field {key!r} missing or not {typ.__name__} (got {val!r})")
            ok = False
        elif typ is str and not val.strip():
            fail(f"{name}:{row['_line']}: field {key!r} is empty")
            ok = False
    extra = set(row) - set(spec) - {"_line"}
    if extra:
        fail(f"{name}:{row['_line']}: unexpected fields {sorted(extra)}")
    return ok


def count_occ(needle: str, hay: str) -> int:
    """Non-overlapping, case-insensitive substring count."""
    return hay.lower().count(needle.lower())


def main(argv: list[str]) -> int:
    root = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent.parent / "insightkit" / "mini_corpus"
    docs_rows = load_jsonl(root / "MINI_docs.jsonl")
    graph_rows = load_jsonl(root / "MINI_graph.jsonl")
    deep_rows = load_jsonl(root / "MINI_deep.jsonl")
    multi_rows = load_jsonl(root / "MINI_multi.jsonl")
    match_rows = load_jsonl(root / "MINI_matching.jsonl")

    # ---------------------------------------------------------------- docs
    N = "MINI_docs.jsonl"
    docs: dict[int, str] = {}
    word_counts: list[int] = []
    for r in docs_rows:
        if not check_fields(N, r, {"id": int, "document": str}):
            continue
        if r["id"] in docs:
            fail(f"{N}:{r['_line']}: duplicate id {r['id']}")
            continue
        docs[r["id"]] = r["document"]
        wc = len(r["document"].split())
        word_counts.append(wc)
        if not MIN_WORDS <= wc <= MAX_WORDS:
            fail(f"{N}:{r['_line']}: doc {r['id']} has {wc} words (allowed {MIN_WORDS}-{MAX_WORDS})")
    if len(docs_rows) < MIN_DOCS:
        fail(f"{N}: {len(docs_rows)} records, need >= {MIN_DOCS}")
    if docs and set(docs) != set(range(len(docs))):
        missing = sorted(set(range(len(docs))) - set(docs))
        out_of_range = sorted(i for i in docs if not 0 <= i < len(docs))
        fail(f"{N}: ids are not exactly 0..{len(docs) - 1} (missing {missing[:10]}, out of range {out_of_range[:10]})")

    # --------------------------------------------------------------- graph
    N = "MINI_graph.jsonl"
    gspec = {"sub": str, "rel": str, "obj": str, "doc-id": int}
    triples: set[tuple[str, str, str, int]] = set()  # exact
    pair_objs: dict[tuple[str, str], set[str]] = defaultdict(set)  # (sub, rel) -> {obj} (lowercased)
    pair_obj_docs: dict[tuple[str, str], set[tuple[str, int]]] = defaultdict(set)
    seen_norm: set[tuple[str, str, str, int]] = set()
    for r in graph_rows:
        if not check_fields(N, r, gspec):
            continue
        d = r["doc-id"]
        if d not in docs:
            fail(f"{N}:{r['_line']}: doc-id {d} does not exist")
            continue
        text = docs[d].lower()
        for key in ("sub", "obj"):
            if r[key].lower() not in text:
                fail(f"{N}:{r['_line']}: {key} {r[key]!r} not found in doc {d}")
        if any(r[k].strip() != r[k] for k in ("sub", "rel", "obj")):
            fail(f"{N}:{r['_line']}: leading/trailing whitespace in a field")
        norm = (r["sub"].lower(), r["rel"].lower(), r["obj"].lower(), d)
        if norm in seen_norm:
            fail(f"{N}:{r['_line']}: duplicate triple {norm}")
        seen_norm.add(norm)
        triples.add((r["sub"], r["rel"], r["obj"], d))
        pair = (r["sub"].lower(), r["rel"].lower())
        pair_objs[pair].add(r["obj"].lower())
        pair_obj_docs[pair].add((r["obj"].lower(), d))
    if len(graph_rows) < MIN_TRIPLES:
        fail(f"{N}: {len(graph_rows)} triples, need >= {MIN_TRIPLES}")
    docs_without_triples = sorted(set(docs) - {t[3] for t in triples})

    # ---------------------------------------------------------------- deep
    N = "MINI_deep.jsonl"
    dspec = {"sub": str, "rel": str, "obj": str, "doc-id": int, "question": str}
    deep_per_doc: Counter[int] = Counter()
    seen_deep: set[tuple[str, str, str, int]] = set()
    for r in deep_rows:
        if not check_fields(N, r, dspec):
            continue
        key = (r["sub"], r["rel"], r["obj"], r["doc-id"])
        nkey = (r["sub"].lower(), r["rel"].lower(), r["obj"].lower(), r["doc-id"])
        if nkey in seen_deep:
            fail(f"{N}:{r['_line']}: duplicate deep item {key}")
        seen_deep.add(nkey)
        if key not in triples:
            fail(f"{N}:{r['_line']}: {key} is not a triple of MINI_graph")
        d = r["doc-id"]
        if d not in docs:
            fail(f"{N}:{r['_line']}: doc-id {d} does not exist")
            continue
        deep_per_doc[d] += 1
        for k in ("sub", "obj"):
            n = count_occ(r[k], docs[d])
            if n != 1:
                fail(f"{N}:{r['_line']}: {k} {r[k]!r} occurs {n} times in doc {d} (must be exactly once)")
        objs = pair_objs.get((r["sub"].lower(), r["rel"].lower()), set())
        if len(objs) != 1:
            fail(f"{N}:{r['_line']}: pair ({r['sub']!r}, {r['rel']!r}) has {len(objs)} distinct objects "
                 f"in the graph: {sorted(objs)}")
        if not r["question"].rstrip().endswith("?"):
            fail(f"{N}:{r['_line']}: question does not end with '?'")
    for d, n in sorted(deep_per_doc.items()):
        if n > MAX_DEEP_PER_DOC:
            fail(f"{N}: doc {d} has {n} deep items (max {MAX_DEEP_PER_DOC})")
    if len(deep_rows) < MIN_DEEP:
        fail(f"{N}: {len(deep_rows)} items, need >= {MIN_DEEP}")

    # --------------------------------------------------------------- multi
    N = "MINI_multi.jsonl"
    mspec = {"sub": str, "rel": str, "objs": list, "question": str}
    seen_pairs: set[tuple[str, str]] = set()
    for r in multi_rows:
        if not check_fields(N, r, mspec):
            continue
        pair = (r["sub"].lower(), r["rel"].lower())
        if pair in seen_pairs:
            fail(f"{N}:{r['_line']}: duplicate (sub, rel) pair {pair}")
        seen_pairs.add(pair)
        listed: set[tuple[str, int]] = set()
        bad = False
        for o in r["objs"]:
            if (not isinstance(o, dict) or set(o) != {"obj", "doc-id"} or not isinstance(o.get("obj"), str)
                    or not isinstance(o.get("doc-id"), int) or isinstance(o.get("doc-id"), bool)):
                fail(f"{N}:{r['_line']}: malformed objs entry {o!r}")
                bad = True
                continue
            item = (o["obj"].lower(), o["doc-id"])
            if item in listed:
                fail(f"{N}:{r['_line']}: objs entry listed twice {o!r}")
            listed.add(item)
            if (r["sub"], r["rel"], o["obj"], o["doc-id"]) not in triples:
                fail(f"{N}:{r['_line']}: ({r['sub']!r}, {r['rel']!r}, {o['obj']!r}, {o['doc-id']}) "
                     "is not a triple of MINI_graph")
        if bad:
            continue
        graph_set = pair_obj_docs.get(pair, set())
        if len(pair_objs.get(pair, set())) < 2:
            fail(f"{N}:{r['_line']}: pair {pair} has fewer than 2 distinct objects in the graph")
        if listed != graph_set:
            fail(f"{N}:{r['_line']}: objs for {pair} differ from graph; "
                 f"missing {sorted(graph_set - listed)}, extra {sorted(listed - graph_set)}")
        if len({d for _, d in listed}) < 2:
            fail(f"{N}:{r['_line']}: objs for {pair} come from fewer than 2 documents")
        if not r["question"].rstrip().endswith("?"):
            fail(f"{N}:{r['_line']}: question does not end with '?'")
    if len(multi_rows) < MIN_MULTI:
        fail(f"{N}: {len(multi_rows)} items, need >= {MIN_MULTI}")

    # ------------------------------------------------------------ matching
    N = "MINI_matching.jsonl"
    labels: Counter[str] = Counter()
    seen_match: set[frozenset[int]] = set()
    for r in match_rows:
        if not check_fields(N, r, {"doc-1": int, "doc-2": int, "label": str}):
            continue
        a, b = r["doc-1"], r["doc-2"]
        if r["label"] not in ("Yes", "No"):
            fail(f"{N}:{r['_line']}: label {r['label']!r} is not 'Yes' or 'No'")
        labels[r["label"]] += 1
        for d in (a, b):
            if d not in docs:
                fail(f"{N}:{r['_line']}: doc id {d} does not exist")
        if a == b:
            fail(f"{N}:{r['_line']}: doc-1 == doc-2 ({a})")
        key = frozenset((a, b))
        if key in seen_match:
            fail(f"{N}:{r['_line']}: duplicate pair ({a}, {b})")
        seen_match.add(key)
    if len(match_rows) < MIN_MATCHING:
        fail(f"{N}: {len(match_rows)} items, need >= {MIN_MATCHING}")
    if labels["Yes"] != labels["No"]:
        fail(f"{N}: unbalanced labels Yes={labels['Yes']} No={labels['No']}")

    # ------------------------------------------------------------- summary
    print(f"corpus directory : {root}")
    wc_range = f"{min(word_counts)}-{max(word_counts)}" if word_counts else "n/a"
    print(f"docs             : {len(docs_rows)} (words per doc {wc_range})")
    print(f"graph triples    : {len(graph_rows)} ({len(pair_objs)} distinct (sub, rel) pairs; "
          f"{len(docs_without_triples)} docs without triples)")
    print(f"deep items       : {len(deep_rows)} over {len(deep_per_doc)} docs")
    print(f"multi items      : {len(multi_rows)} "
          f"({sum(len(r.get('objs', [])) for r in multi_rows)} answer objects)")
    print(f"matching pairs   : {len(match_rows)} (Yes={labels['Yes']}, No={labels['No']})")
    if violations:
        print(f"\n{len(violations)} violation(s):")
        for v in violations:
            print(f"  - {v}")
        return 1
    print("\nOK: no violations")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
