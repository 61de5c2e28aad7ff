"Runs you can trust (issue 18): identity covers the documents, one process per run folder, per-item lines, damaged lines redone, no secrets on disk."
import json, os, shutil, subprocess, sys, time
from pathlib import Path

import pytest

from insightkit.core import InsightkitError
from insightkit.data.datasets import find_dataset
from insightkit.pipeline.baselines import VanillaVariant
from insightkit.pipeline.runs import read_predictions, run, run_lock, run_variant

from conftest import ROOT

pytestmark = [pytest.mark.usefixtures('private_cache'), pytest.mark.xdist_group('runs')]

def mini_copy(dest: Path, edit=None) -> Path:
    "A copy of the embedded MINI corpus, its documents optionally changed."
    shutil.copytree(find_dataset('insight-rag').dir, dest)
    if edit:
        p = dest/'MINI_docs.jsonl'
        p.write_text(''.join(json.dumps({**r, 'document': edit(r['document'])}) + '\n' for r in map(json.loads, p.read_text().splitlines())))
    return dest

def test_other_documents_make_another_run(tmp_path):
    a = mini_copy(tmp_path/'A')
    b = mini_copy(tmp_path/'B', lambda d: d.replace('the', 'a'))
    ra = run_variant('rag', data=a, limit=2, max_tokens=8)
    rb = run_variant('rag', data=b, limit=2, max_tokens=8)
    assert ra['run_dir'] != rb['run_dir'] and rb['llm_calls'] == 2 and rb['uncached_calls'] == 2
    m = json.loads(Path(ra['run_dir'], 'manifest.json').read_text())
    assert m['identity']['store'] and m['identity']['data_files'] and m['identity']['variant']['roles']['generator']['model_fingerprint']
    # a manifest never describes predictions it did not make
    Path(rb['run_dir'], 'manifest.json').write_text(Path(ra['run_dir'], 'manifest.json').read_text())
    with pytest.raises(InsightkitError, match='describes other inputs'): run_variant('rag', data=b, limit=2, max_tokens=8)

def test_a_held_run_folder_is_refused_naming_its_holder(tmp_path):
    ds = find_dataset('insight-rag')
    items = ds.items('deep')[:2]
    first = run(VanillaVariant(max_tokens=8), items, ds.store(), ds.task('deep'))
    with run_lock(first.run_dir):
        with pytest.raises(InsightkitError, match=f'in use by process {os.getpid()}'):
            run(VanillaVariant(max_tokens=8), items, ds.store(), ds.task('deep'))

def test_two_concurrent_processes_write_one_line_per_item(tmp_path):
    cmd = [sys.executable, '-m', 'insightkit.cli', 'run', 'vanilla', '--limit', '4', '--batch-size', '1', '--max-tokens', '8', '--json']
    a = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 120
    while time.time() < deadline and not list((tmp_path/'runs').glob('*/.lock')): time.sleep(0.2)
    lock = next((tmp_path/'runs').glob('*/.lock'))
    while time.time() < deadline and not lock.read_text().strip(): time.sleep(0.1)
    b = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    out_a, err_a = a.communicate(timeout=300)
    assert a.returncode == 0, err_a
    assert b.returncode == 2 and 'is in use by process' in b.stderr, b.stderr
    recs = read_predictions(lock.parent/'predictions.jsonl')
    assert sorted(r['id'] for r in recs) == [f'deep-{i}' for i in range(4)]
    assert json.loads(out_a)['uncached_calls'] == 4

class StopAfter(VanillaVariant):
    "Raises KeyboardInterrupt (a user's Ctrl-C) when asked to answer its `stop`-th batch."
    def answer(self, items, prepared, task, store):
        self.seen = getattr(self, 'seen', 0) + 1
        if self.seen == 3: raise KeyboardInterrupt
        return super().answer(items, prepared, task, store)

def test_interrupt_keeps_every_answered_item_and_damaged_last_lines_are_redone():
    ds = find_dataset('insight-rag')
    items, store, task = ds.items('deep')[:4], ds.store(), ds.task('deep')
    with pytest.raises(KeyboardInterrupt): run(StopAfter(max_tokens=8), items, store, task, batch_size=1)
    res = run(VanillaVariant(max_tokens=8), items, store, task, batch_size=1)
    assert res.manifest['session_calls']['uncached'] == 2 and res.manifest['timings']['sessions'] == 2
    pred = res.run_dir/'predictions.jsonl'
    good = pred.read_bytes().splitlines(keepends=True)
    for damage in (b'{"id": "deep-3", "index": 3}\n', b'{"id": 3, "index": "x", "prediction": 1}\n',
                   good[-1][:-8] + '\u00e9'.encode()[:1]):  # missing fields; wrong types; cut inside a UTF-8 character
        pred.write_bytes(b''.join(good[:-1]) + damage)
        again = run(VanillaVariant(max_tokens=8), items, store, task)
        assert [p['id'] for p in again.predictions] == [it.id for it in items]
        assert again.manifest['session_calls']['uncached'] == 0  # redone from the call cache
    pred.write_bytes(good[0] + b'not json\n' + b''.join(good[1:]))
    with pytest.raises(InsightkitError, match='predictions.jsonl:2: not a prediction record'): run(VanillaVariant(max_tokens=8), items, store, task)

def test_no_planted_secret_in_a_run_folder_or_cache(tmp_path, monkeypatch):
    from insightkit.generation.llm import configure_role, reset_roles
    from insightkit.generation.openai_compat import MockOpenAIServer
    key, header, password = 'sk-planted-run-1a2b', 'planted-run-header-3c4d', 'planted-run-pass-5e6f'
    with MockOpenAIServer(lambda body: 'Paris') as srv:
        monkeypatch.setenv('OPENAI_API_KEY', key)
        monkeypatch.setenv('INSIGHTKIT_OPENAI_BASE_URL', srv.base_url.replace('http://', f'http://bob:{password}@'))
        configure_role('generator', backend='openai', model='mock', max_retries=0, default_headers={'X-Api-Key': header})
        try: out = run_variant('vanilla', limit=2, max_tokens=8)
        finally: reset_roles()
    assert out['uncached_calls'] == 2
    for folder in (tmp_path/'runs', tmp_path/'cache'):
        leaks = [f'{p}: {s}' for p in folder.rglob('*') if p.is_file() for s in (key, header, password) if s.encode() in p.read_bytes()]
        assert leaks == []
