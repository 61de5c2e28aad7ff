"""The data chapter on the official AAN files (read from INSIGHTKIT_SHARED_AAN; skipped when it is unset)."""
import json, os, shutil
from pathlib import Path

import pytest

from insightkit.data.fetch import KNOWN_SHA256
from insightkit.data.insight_rag import Corpus, check_data, load_deep, load_graph
from insightkit.data.insight_types import DataError

AAN = os.environ.get('INSIGHTKIT_SHARED_AAN')
pytestmark = pytest.mark.skipif(not AAN, reason='set INSIGHTKIT_SHARED_AAN to a folder holding the AAN_*.jsonl files')
COUNTS = {'docs': 5000, 'graph': 21526, 'deep': 318, 'multi': 172, 'matching': 500}


def test_official_files_are_clean():
    r = check_data(AAN, 'AAN')
    assert r['counts'] == COUNTS
    assert r['problems'] == [] and r['ok'] and r['absent'] == []
    json.dumps(r)


def test_corpus_loads_and_matches_known_checksums():
    c = Corpus(AAN, 'AAN')
    assert c.counts() == COUNTS
    assert c.file_hashes() == KNOWN_SHA256
    assert sum(p.label for p in c.matching) == 250
    assert all(len(m.golds) >= 1 and m.extra.get('score') is not None for m in c.multi)


def _replace_line(path: Path, n: int, edit):
    lines = path.read_text(encoding='utf-8').splitlines(keepends=True)
    lines[n - 1] = edit(lines[n - 1])
    path.write_text(''.join(lines), encoding='utf-8')


def test_damaged_copy_names_the_lines(tmp_path):
    for f in Path(AAN).glob('AAN_*.jsonl'): shutil.copy(f, tmp_path/f.name)
    def drop_rel(line):
        rec = json.loads(line)
        del rec['rel']
        return json.dumps(rec) + '\n'
    _replace_line(tmp_path/'AAN_graph.jsonl', 7, drop_rel)
    _replace_line(tmp_path/'AAN_deep.jsonl', 3, lambda line: line[:len(line) // 2] + '\n')

    r = check_data(tmp_path, 'AAN')
    assert not r['ok']
    assert r['counts'] == COUNTS
    assert [(p['file'], p['line'], p['field'], p['kind']) for p in r['problems']] == [
        ('AAN_graph.jsonl', 7, 'rel', 'missing'), ('AAN_deep.jsonl', 3, None, 'json')]

    with pytest.raises(DataError, match=r"AAN_graph\.jsonl:7: field 'rel' is missing"): load_graph(tmp_path/'AAN_graph.jsonl')
    with pytest.raises(DataError, match=r'AAN_deep\.jsonl:3: not valid JSON') as e: load_deep(tmp_path/'AAN_deep.jsonl')
    assert (e.value.line, e.value.kind) == (3, 'json')
