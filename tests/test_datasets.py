"Every dataset: `data check` reports the published counts on the shared copies, and a damaged copy gets one clear error naming file and line."
import contextlib, io, json, shutil
from pathlib import Path

import pytest

from insightkit.cli import main
from insightkit.core import InsightkitError
from insightkit.data.datasets import dataset_names, find_dataset

from conftest import ROOT

SHARED = ROOT.parent/'shared'/'data'
README_COUNTS = {  # the counts each shared folder's README states
    'insight-rag': {'docs': 5000, 'graph': 21526, 'deep': 318, 'multi': 172, 'matching': 500},
    'leval': {'financial_qa.jsonl': (8, 68), 'legal_contract_qa.jsonl': (23, 154), 'scientific_qa.jsonl': (23, 184),
              'multidoc_qa.jsonl': (23, 158), 'gov_report_summ.jsonl': (14, 14)},
    'nq-open': {'NQ-open.dev.jsonl': 3610, 'NQ-open.efficientqa.dev.1.1.jsonl': 1800, 'nq-open-oracle.jsonl.gz': 2655},
    'bioasq': {'files': 21, 'questions': 1983, 'factoid': 642, 'yesno': 532, 'summary': 464, 'list': 345,
               'articles': 11339, 'snippets': 17955},
}

def check(*argv) -> tuple[int, dict]:
    buf, code = io.StringIO(), 0
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(io.StringIO()):
        try: main(['data', 'check', *argv, '--json'])
        except SystemExit as e: code = e.code
    return code, json.loads(buf.getvalue())

@pytest.mark.skipif(not SHARED.is_dir(), reason=f'!!! {SHARED} is absent: the shared data counts were NOT checked')
@pytest.mark.parametrize('name', sorted(README_COUNTS))
def test_shared_copies_match_their_readmes(name):
    code, r = check(str(SHARED/name))
    assert code == 0 and r['ok'] and r['dataset'] == name, r['problems']
    for k, want in README_COUNTS[name].items():
        got = r['counts'][k]
        if isinstance(want, tuple): got = (got['documents'], got['questions'])
        assert got == want, (k, got, want)

def test_every_dataset_has_a_valid_embedded_counterpart():
    assert {'insight-rag', 'leval', 'nq-open', 'bioasq'} <= set(dataset_names())
    for name in ('insight-rag', 'leval', 'nq-open', 'bioasq'):
        ds = find_dataset(name)
        assert ds.origin == 'embedded', ds
        r = ds.check()
        assert r['ok'], (name, r['problems'])
        assert ds.items() and len(ds.store()) > 0

def first_line_file(d: Path) -> Path:
    "The dataset file a damage goes into: the first JSONL file of the folder (BioASQ: its JSON file)."
    return sorted(p for p in d.iterdir() if p.suffix in ('.jsonl', '.json') and 'article' not in p.name)[0]

DAMAGES = {  # each damages the last line of a file
    'broken line': lambda lines: lines[:-1] + [lines[-1][: len(lines[-1])//2]],
    'non-UTF-8 byte': lambda lines: lines[:-1] + [lines[-1][:20] + b'\xff' + lines[-1][20:]],
}

@pytest.mark.parametrize('name', ['insight-rag', 'leval', 'nq-open'])
@pytest.mark.parametrize('damage', sorted(DAMAGES))
def test_a_damaged_line_is_named_by_file_and_line(tmp_path, name, damage):
    d = shutil.copytree(find_dataset(name).dir, tmp_path/name)
    f = next(p for p in sorted(d.iterdir()) if p.suffix == '.jsonl')
    lines = f.read_bytes().splitlines()
    f.write_bytes(b'\n'.join(DAMAGES[damage](lines)) + b'\n')
    code, r = check(str(d))
    assert code == 2 and not r['ok']
    assert any(f'{f.name}:{len(lines)}' in p for p in r['problems']), r['problems']

@pytest.mark.parametrize('name, file, field', [('leval', 'legal_contract_qa.jsonl', 'instructions'),
                                               ('nq-open', 'NQ-open.dev.jsonl', 'question'), ('insight-rag', 'MINI_docs.jsonl', 'document')])
def test_a_missing_field_is_named(tmp_path, name, file, field):
    d = shutil.copytree(find_dataset(name).dir, tmp_path/name)
    f = d/file
    recs = [json.loads(l) for l in f.read_text().splitlines()]
    del recs[0][field]
    f.write_text(''.join(json.dumps(r) + '\n' for r in recs))
    code, r = check(str(d))
    assert code == 2 and any(f"{f.name}:1" in p and field in p for p in r['problems']), r['problems']

def test_an_empty_document_and_bioasq_damage_are_named(tmp_path):
    d = shutil.copytree(find_dataset('leval').dir, tmp_path/'leval')
    f = d/'legal_contract_qa.jsonl'
    recs = [json.loads(l) for l in f.read_text().splitlines()]
    recs[0]['input'] = '   '
    f.write_text(''.join(json.dumps(r) + '\n' for r in recs))
    code, r = check(str(d))
    assert code == 2 and any("legal_contract_qa.jsonl:1: field 'input' is empty" in p for p in r['problems']), r['problems']
    recs[0]['input'], recs[0]['instructions'], recs[0]['outputs'] = 'A contract.', [], []  # a document with no questions
    f.write_text(''.join(json.dumps(r) + '\n' for r in recs))
    code, r = check(str(d))
    assert code == 2 and any("legal_contract_qa.jsonl:1: field 'instructions' is empty" in p for p in r['problems'])
    b = shutil.copytree(find_dataset('bioasq').dir, tmp_path/'bioasq')
    g = next(b.glob('*golden*.json'))
    data = json.loads(g.read_text())
    del data['questions'][2]['body']
    g.write_text(json.dumps(data, indent=1))
    code, r = check(str(b))
    assert code == 2 and any(f"{g.name}:" in p and ": question 3 " in p and "'body' is missing" in p for p in r['problems']), r['problems']
    g.write_bytes(g.read_bytes().replace(b'"questions"', b'"questions\xff"', 1))
    code, r = check(str(b))
    assert code == 2 and any(f'{g.name}:' in p and 'not UTF-8' in p for p in r['problems']), r['problems']

def test_data_given_a_file_says_so(tmp_path):
    f = tmp_path/'x.jsonl'
    f.write_text('{}\n')
    with pytest.raises(InsightkitError, match='is a file'): find_dataset('leval', f)

def test_a_damaged_docs_file_gives_one_error_not_a_cascade(tmp_path):
    "Issue 18: a non-UTF-8 byte is located by line and column, and the other files' references are not all reported dangling."
    d = shutil.copytree(find_dataset('insight-rag').dir, tmp_path/'mini')
    f = d/'MINI_docs.jsonl'
    lines = f.read_bytes().splitlines()
    lines[4] = lines[4][:30] + b'\xe9' + lines[4][31:]
    f.write_bytes(b'\n'.join(lines) + b'\n')
    code, r = check(str(d))
    assert code == 2
    assert [p for p in r['problems'] if 'not UTF-8' in p] == ['MINI_docs.jsonl:5: byte 0xe9 at column 31 is not UTF-8']
    assert not [p for p in r['problems'] if 'not in the corpus' in p], r['problems']
    assert len(r['problems']) == 2  # the byte, and one note that references were not checked

def test_bad_limits_are_refused(capsys):
    for argv in (['bench-data', 'build', '--docs', 'x', '--out', 'y', '--prefix', 'X', '--limit', '-1'],
                 ['run', 'vanilla', '--limit', '0']):
        with pytest.raises(SystemExit) as e: main(argv)
        assert e.value.code == 2 and 'positive integer' in capsys.readouterr().err
