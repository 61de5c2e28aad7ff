#!/usr/bin/env python3
"""Validate the embedded offline datasets in ``insightkit/embedded``, which are their own source (no generator).

Stdlib only, except for the token counts, which use the default LLM's (SmolLM2) tokenizer from insightkit.
Prints the counts and every violation found, and exits with status 1 if there is any violation.

Usage::

    python tools/check_embedded.py [EMBEDDED_DIR] [--skip-tokens]

``--skip-tokens`` skips the token-length rule when the tokenizer cannot be loaded (no model files offline).

Rules checked
-------------
leval/*.jsonl        five files, one record each, keys exactly input/instructions/outputs/source/evaluation,
                     with the source and evaluation values of the real files; every document longer than
                     12,000 tokens; the four QA files have >= 8 questions whose answers are short (1-8 words,
                     or one sentence), occur exactly once in the document (case-insensitive) and are spread
                     over its first, middle and last thirds; the gov report has one summarisation instruction
                     and a 150-250 word reference summary; multidoc holds >= 3 documents separated by blank lines.
nq-open/             NQ-open.dev / efficientqa: {question, answer: [str]}, lowercase questions without '?',
                     no duplicate question in a file; oracle (gzip): >= 24 questions, each with exactly one gold
                     passage (first) and 1-2 distractors, hasanswer flags equal to a whole-word answer match
                     (gold true, distractors false), passages of 60-120 words, one text per title, >= 45
                     distinct passages, nq_annotated_gold consistent with the gold passage; every oracle question
                     in NQ-open.dev and none in efficientqa; >= 60 history pairs (non-oracle questions); a
                     flag-bearer question with two accepted answers.
bioasq/              golden file: >= 32 questions, >= 8 of each type, unique 24-hex ids, exact_answer shaped as in
                     the real files (yesno 'yes'/'no'; factoid and list [[str, ...], ...]; summary absent),
                     ideal_answer [str]; snippets name a document of their question and are the exact substring at
                     their offsets of the title or abstract in embedded_articles.jsonl; >= 160 snippets from
                     >= 60 articles; some articles cited by several questions, some by none.
README.md            present, and its two counts tables are the ones these files give (`counts_tables`): edit a
                     dataset, run this script, and paste the tables it prints when they differ.
"""
from __future__ import annotations

import gzip
import importlib
import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEVAL = {'legal_contract_qa.jsonl': ('legal_contract_qa', 'f1'), 'financial_qa.jsonl': ('financial', 'f1'),
         'scientific_qa.jsonl': ('scientific_qa', 'f1'), 'multidoc_qa.jsonl': ('multidoc_qa', 'f1'),
         'gov_report_summ.jsonl': ('gov_report_summ', 'rouge')}
MIN_TOKENS = 12_000
URL = re.compile(r'^http://www\.ncbi\.nlm\.nih\.gov/pubmed/(\d+)$')

problems: list[str] = []


def bad(msg: str): problems.append(msg)


def load_tokenizer():
    sys.path.insert(0, str(ROOT))
    for mod in ('insightkit.llm', 'insightkit.generation.llm', 'insightkit.generation.local', 'insightkit.generation'):
        try: fn = getattr(importlib.import_module(mod), 'default_tokenizer')
        except (ImportError, AttributeError): continue
        try: return fn()
        except Exception as e:
            print(f'note: {mod}.default_tokenizer() failed: {e}', file=sys.stderr)
            return None
    return None


def read_jsonl(path: Path) -> list[dict]:
    opener = gzip.open if path.suffix == '.gz' else open
    with opener(path, 'rt', encoding='utf-8') as f:
        return [json.loads(line) for line in f if line.strip()]


def has_answer(text: str, answers: list[str]) -> bool:
    return any(re.search(r'(?<!\w)' + re.escape(a.lower()) + r'(?!\w)', text.lower()) for a in answers)


def check_leval(d: Path, tok) -> dict:
    counts = {}
    for name, (source, evaluation) in LEVAL.items():
        path = d / name
        if not path.exists():
            bad(f'{path}: missing')
            continue
        recs = read_jsonl(path)
        if len(recs) != 1: bad(f'{path}: {len(recs)} records, expected 1')
        if not recs: continue
        r = recs[0]
        if set(r) != {'input', 'instructions', 'outputs', 'source', 'evaluation'}: bad(f'{path}: keys {sorted(r)}')
        if r.get('source') != source: bad(f'{path}: source {r.get("source")!r}, expected {source!r}')
        if r.get('evaluation') != evaluation:
            bad(f'{path}: evaluation {r.get("evaluation")!r}, expected {evaluation!r}')
        doc, qs, outs = r['input'], r['instructions'], r['outputs']
        if not (isinstance(doc, str) and isinstance(qs, list) and isinstance(outs, list) and len(qs) == len(outs)
                and all(isinstance(x, str) and x.strip() for x in qs + outs)):
            bad(f'{path}: input must be str and instructions/outputs equal-length lists of non-empty str')
            continue
        n_tok = len(tok.encode(doc)) if tok is not None else None
        if n_tok is not None and n_tok <= MIN_TOKENS: bad(f'{path}: {n_tok} tokens, need more than {MIN_TOKENS}')
        counts[name] = {'questions': len(qs), 'words': len(doc.split()), 'tokens': n_tok}
        low = doc.lower()
        if name == 'gov_report_summ.jsonl':
            if len(qs) != 1 or 'summar' not in qs[0].lower(): bad(f'{path}: expected one summarisation instruction')
            w = len(outs[0].split())
            if not 150 <= w <= 250: bad(f'{path}: reference summary has {w} words, expected 150-250')
            counts[name]['summary_words'] = w
            continue
        if len(qs) < 8: bad(f'{path}: {len(qs)} questions, need >= 8')
        thirds = set()
        for q, a in zip(qs, outs):
            words = len(a.split())
            if not (1 <= words <= 8 or (words <= 30 and a.rstrip().endswith('.'))):
                bad(f'{path}: answer to {q!r} is not short ({words} words)')
            n = low.count(a.lower())
            if n != 1: bad(f'{path}: answer {a!r} to {q!r} occurs {n} times in the document, expected exactly once')
            if n: thirds.add(min(2, 3 * low.find(a.lower()) // len(low)))
        if thirds != {0, 1, 2}: bad(f'{path}: answers lie only in thirds {sorted(thirds)} of the document')
        if name == 'multidoc_qa.jsonl':
            n_docs = len([p for p in re.split(r' ?\n\n\n\n\n', doc) if p.strip()])
            if n_docs < 3: bad(f'{path}: {n_docs} documents, need >= 3 separated by blank lines')
            counts[name]['documents'] = n_docs
    return counts


def check_nq(d: Path) -> dict:
    dev_p, eff_p = d / 'NQ-open.dev.jsonl', d / 'NQ-open.efficientqa.dev.1.1.jsonl'
    orc_p = d / 'nq-open-oracle.jsonl.gz'
    for p in (dev_p, eff_p, orc_p):
        if not p.exists():
            bad(f'{p}: missing')
            return {}
    dev, eff, oracle = read_jsonl(dev_p), read_jsonl(eff_p), read_jsonl(orc_p)
    for path, rows in ((dev_p, dev), (eff_p, eff)):
        for i, r in enumerate(rows, 1):
            if set(r) != {'question', 'answer'}:
                bad(f'{path}:{i}: keys {sorted(r)}')
                continue
            q, a = r['question'], r['answer']
            if not isinstance(q, str) or q != q.lower() or q.endswith('?'):
                bad(f'{path}:{i}: question must be lowercase without "?"')
            if not (isinstance(a, list) and a and all(isinstance(x, str) and x.strip() for x in a)):
                bad(f'{path}:{i}: answer must be a non-empty list of str')
        dup = [q for q, n in Counter(r.get('question') for r in rows).items() if n > 1]
        if dup: bad(f'{path}: duplicate questions {dup}')
    passages: dict[str, str] = {}
    gold_titles = set()
    for i, r in enumerate(oracle, 1):
        where = f'{orc_p}:{i}'
        if set(r) != {'question', 'answers', 'ctxs', 'nq_annotated_gold'}:
            bad(f'{where}: keys {sorted(r)}')
            continue
        ans, ctxs, g = r['answers'], r['ctxs'], r['nq_annotated_gold']
        if not (isinstance(ans, list) and ans and all(isinstance(a, str) for a in ans)):
            bad(f'{where}: answers must be a list of str')
        if r['question'] != r['question'].lower(): bad(f'{where}: question not lowercase')
        if not (2 <= len(ctxs) <= 3) or not ctxs[0].get('isgold') or sum(bool(c.get('isgold')) for c in ctxs) != 1:
            bad(f'{where}: need exactly one gold passage, first, and 1-2 distractors')
        for c in ctxs:
            if (set(c) != {'title', 'text', 'hasanswer', 'isgold'}
                    or not all(isinstance(c[k], bool) for k in ('hasanswer', 'isgold'))):
                bad(f'{where}: ctx keys/types {sorted(c)}')
                continue
            if c['hasanswer'] != has_answer(c['text'], ans):
                bad(f'{where}: hasanswer of {c["title"]!r} is {c["hasanswer"]} but the text says otherwise')
            if c['isgold'] and not c['hasanswer']: bad(f'{where}: gold passage {c["title"]!r} lacks the answer')
            if not c['isgold'] and c['hasanswer']: bad(f'{where}: distractor {c["title"]!r} contains an answer')
            w = len(c['text'].split())
            if not 60 <= w <= 120: bad(f'{where}: passage {c["title"]!r} has {w} words, expected 60-120')
            if passages.setdefault(c['title'], c['text']) != c['text']:
                bad(f'{where}: title {c["title"]!r} has two different texts')
            if c['isgold']: gold_titles.add(c['title'])
        if not isinstance(g, dict) or set(g) != {'title', 'long_answer', 'chunked_long_answer', 'short_answers'}:
            bad(f'{where}: nq_annotated_gold keys')
            continue
        gold = ctxs[0]
        if (g['title'] != gold['title'] or g['chunked_long_answer'] != gold['text']
                or gold['text'] not in g['long_answer']):
            bad(f'{where}: nq_annotated_gold does not match the gold passage')
        if not g['short_answers'] or not set(g['short_answers']) <= set(ans):
            bad(f'{where}: short_answers must be a non-empty subset of answers')
    if len(oracle) < 24: bad(f'{orc_p}: {len(oracle)} questions, need >= 24')
    if len(passages) < 45: bad(f'{orc_p}: {len(passages)} distinct passages, need >= 45')
    oq = {r['question'] for r in oracle}
    devq = {r['question'] for r in dev}
    missing = sorted(oq - devq)
    if missing: bad(f'{dev_p}: oracle questions missing: {missing}')
    leaked = sorted(oq & {r['question'] for r in eff})
    if leaked: bad(f'{eff_p}: holds oracle questions {leaked}')
    n_hist = len(devq - oq) + len({r['question'] for r in eff})
    if n_hist < 60: bad(f'nq-open: {n_hist} history pairs, need >= 60')
    if not any('flag' in r['question'] and len(r['answers']) >= 2 for r in oracle):
        bad(f'{orc_p}: no flag-bearer question with two accepted answers')
    return {'oracle_questions': len(oracle), 'passages': len(passages), 'gold_passages': len(gold_titles),
            'distractor_passages': len(passages) - len(gold_titles), 'dev_questions': len(dev),
            'efficientqa_questions': len(eff), 'history_pairs': n_hist}


def _shape_ok(qtype: str, ea) -> bool:
    if qtype == 'yesno': return ea in ('yes', 'no')
    return (isinstance(ea, list) and ea
            and all(isinstance(x, list) and x and all(isinstance(s, str) and s.strip() for s in x) for x in ea)
            and (qtype != 'factoid' or len(ea) == 1) and (qtype != 'list' or len(ea) >= 2))


def check_bioasq(d: Path) -> dict:
    gp, ap = d / 'embedded_golden.json', d / 'embedded_articles.jsonl'
    for p in (gp, ap):
        if not p.exists():
            bad(f'{p}: missing')
            return {}
    golden = json.loads(gp.read_text(encoding='utf-8'))
    articles = read_jsonl(ap)
    by_pmid = {}
    for a in articles:
        if set(a) != {'pmid', 'title', 'abstract'}: bad(f'{ap}: keys {sorted(a)}')
        if a['pmid'] in by_pmid: bad(f'{ap}: duplicate pmid {a["pmid"]}')
        by_pmid[a['pmid']] = a
    qs = golden.get('questions', []) if isinstance(golden, dict) and set(golden) == {'questions'} else []
    if not qs: bad(f'{gp}: expected {{"questions": [...]}}')
    types, cited_by, n_snip, ids = Counter(), Counter(), 0, set()
    for i, q in enumerate(qs, 1):
        where = f'{gp}: question {i}'
        keys = ({'documents', 'snippets', 'body', 'type', 'id', 'ideal_answer'}
                | ({'exact_answer'} if q.get('type') != 'summary' else set()))
        if set(q) != keys: bad(f'{where}: keys {sorted(q)}, expected {sorted(keys)}')
        types[q.get('type')] += 1
        if not re.fullmatch(r'[0-9a-f]{24}', str(q.get('id', ''))) or q['id'] in ids:
            bad(f'{where}: id must be 24 hex digits and unique')
        ids.add(q.get('id'))
        if q.get('type') != 'summary' and not _shape_ok(q.get('type'), q.get('exact_answer')):
            bad(f'{where}: exact_answer shape wrong for {q.get("type")}')
        ideal = q.get('ideal_answer')
        if not (isinstance(ideal, list) and ideal and all(isinstance(x, str) and x.strip() for x in ideal)):
            bad(f'{where}: ideal_answer must be a non-empty list of str')
        docs = q.get('documents', [])
        for u in docs:
            m = URL.match(u)
            if not m or m.group(1) not in by_pmid:
                bad(f'{where}: document {u!r} is not a PubMed URL of an article in {ap.name}')
            else: cited_by[m.group(1)] += 1
        for s in q.get('snippets', []):
            n_snip += 1
            if set(s) != {'offsetInBeginSection', 'offsetInEndSection', 'text', 'beginSection', 'endSection',
                          'document'}:
                bad(f'{where}: snippet keys {sorted(s)}')
                continue
            if s['document'] not in docs:
                bad(f'{where}: snippet document {s["document"]} not among the question documents')
            m = URL.match(s['document'])
            if not m or m.group(1) not in by_pmid: continue
            if s['beginSection'] != s['endSection'] or s['beginSection'] not in ('title', 'abstract'):
                bad(f'{where}: snippet sections {s["beginSection"]}/{s["endSection"]}')
                continue
            section = by_pmid[m.group(1)][s['beginSection']]
            if section[s['offsetInBeginSection']:s['offsetInEndSection']] != s['text']:
                bad(f'{where}: snippet text is not the substring at its offsets: {s["text"][:60]!r}')
    if len(qs) < 32: bad(f'{gp}: {len(qs)} questions, need >= 32')
    for t in ('yesno', 'factoid', 'list', 'summary'):
        if types[t] < 8: bad(f'{gp}: {types[t]} {t} questions, need >= 8')
    if n_snip < 160: bad(f'{gp}: {n_snip} snippets, need >= 160')
    if len(cited_by) < 60: bad(f'{gp}: snippets come from {len(cited_by)} articles, need >= 60')
    multi, uncited = sum(n > 1 for n in cited_by.values()), len(set(by_pmid) - set(cited_by))
    if not multi: bad(f'{gp}: no article is cited by several questions')
    if not uncited: bad(f'{ap}: every article is cited; distractors needed')
    return {'questions': len(qs), **{t: types[t] for t in ('yesno', 'factoid', 'list', 'summary')}, 'snippets': n_snip,
            'cited_articles': len(cited_by), 'articles_cited_by_several': multi, 'uncited_articles': uncited,
            'articles': len(articles)}


def counts_tables(report: dict) -> list[str]:
    "The lines of the README's two counts tables as the files give them; a token count unknown here is `?`."
    lev, nq, bio = report['leval'], report['nq-open'], report['bioasq']
    out = ['| file | documents | questions | words | tokens (SmolLM2) |', '|---|---|---|---|---|']
    out += [f"| `leval/{n}` | 1 | {c['questions']} | {c['words']:,} | "
            f"{'?' if c['tokens'] is None else format(c['tokens'], ',')} |" for n, c in lev.items()]
    types = ', '.join(f'{bio[t]} {t}' for t in ('yesno', 'factoid', 'list', 'summary'))
    return out + ['| file | contents |', '|---|---|',
        f"| `nq-open/NQ-open.dev.jsonl` | {nq['dev_questions']} questions: all {nq['oracle_questions']} oracle "
        f"questions plus {nq['dev_questions'] - nq['oracle_questions']} earlier question-answer pairs |",
        f"| `nq-open/NQ-open.efficientqa.dev.1.1.jsonl` | {nq['efficientqa_questions']} earlier question-answer "
        "pairs |",
        f"| `nq-open/nq-open-oracle.jsonl.gz` | {nq['oracle_questions']} test questions; {nq['passages']} distinct "
        f"passages ({nq['gold_passages']} gold, {nq['distractor_passages']} distractors) |",
        f"| `bioasq/embedded_golden.json` | {bio['questions']} questions ({types}); {bio['snippets']} snippets from "
        f"{bio['cited_articles']} articles |",
        f"| `bioasq/embedded_articles.jsonl` | {bio['articles']} articles: {bio['cited_articles']} cited by some "
        f"question, {bio['uncited_articles']} cited by none (distractors) |"]


def check_readme(path: Path, report: dict):
    "The README exists and states the counts the files give (tables, summary length, history pairs)."
    if not path.exists():
        bad(f'{path}: missing')
        return
    if not all(report.values()): return  # a missing file was reported already
    text = path.read_text(encoding='utf-8')
    have = set(text.splitlines())
    have |= {ln.rsplit(' | ', 1)[0] for ln in have}  # a row without its last cell, for an unknown token count
    want = [ln.rsplit(' | ', 1)[0] if ln.endswith(' | ? |') else ln for ln in counts_tables(report)]
    wrong = [ln for ln in want if ln not in have]
    extra = [f"{report['leval']['gov_report_summ.jsonl']['summary_words']} words.",
             f"The {report['nq-open']['history_pairs']} history pairs"]
    wrong += [s for s in extra if s not in ' '.join(text.split())]
    if wrong: bad(f'{path}: counts differ from the files; expected these lines:\n    ' + '\n    '.join(wrong))


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith('--')]
    d = Path(args[0]) if args else ROOT / 'insightkit' / 'embedded'
    tok = load_tokenizer()
    if tok is None:
        msg = 'the default LLM tokenizer could not be loaded, so token lengths are unchecked'
        if '--skip-tokens' in argv: print(f'note: {msg}')
        else: bad(msg + ' (pass --skip-tokens to accept)')
    report = {'leval': check_leval(d / 'leval', tok), 'nq-open': check_nq(d / 'nq-open'),
              'bioasq': check_bioasq(d / 'bioasq')}
    for part, counts in report.items():
        print(f'{part}:')
        for k, v in counts.items(): print(f'  {k}: {v}')
    check_readme(d / 'README.md', report)
    if problems:
        print(f'\n{len(problems)} problem(s):')
        for p in problems: print(f'  - {p}')
        return 1
    print('\nall checks passed')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
