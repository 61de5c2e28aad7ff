"Runs across interruptions: resume after a stop, a half-written last line, reruns served from the cache, manifests, bad input."
import json
from pathlib import Path

import pytest

from insightkit.core import InsightkitError
from insightkit.data.datasets import find_dataset
from insightkit.generation.cache import call_stats
from insightkit.pipeline.baselines import VanillaVariant
from insightkit.pipeline.runs import evaluate, read_predictions, run, run_variant
from insightkit.pipeline.registry import make_variant

pytestmark = [pytest.mark.usefixtures('private_cache'),  # every test here gets a private cache (conftest.py)
              pytest.mark.xdist_group('runs')]  # and shares the module's fixture on one worker

@pytest.fixture(scope='module')
def mini():
    "The embedded Insight-RAG dataset: its store, and its deep and matching tasks."
    ds = find_dataset('insight-rag')
    return ds, ds.store(), ds.task('deep')

class StopAfter(VanillaVariant):
    "A vanilla variant whose batches raise KeyboardInterrupt once `limit` items are answered, like a user pressing Ctrl-C."
    def __init__(self, limit, **kw):
        super().__init__(**kw)
        self.limit, self.answered = limit, 0
    def answer(self, items, prepared, task, store):
        if self.answered >= self.limit: raise KeyboardInterrupt
        self.answered += len(items)
        return super().answer(items, prepared, task, store)

def ids(path): return [r['id'] for r in read_predictions(path)]

def test_interrupted_run_resumes_and_answers_each_item_once(mini, tmp_path):
    ds, store, deep = mini
    items = ds.items('deep')[:5]
    with pytest.raises(KeyboardInterrupt):
        run(StopAfter(4, max_tokens=8), items, store, deep, batch_size=2)
    [folder] = (tmp_path/'runs').iterdir()
    assert ids(folder/'predictions.jsonl') == ['deep-0', 'deep-1', 'deep-2', 'deep-3']
    partial = json.loads((folder/'manifest.json').read_text())
    assert (partial['status'], partial['n_done'], partial['n_items']) == ('partial', 4, 5)
    # the stop came mid-write: a half line at the end must not block the resume
    with open(folder/'predictions.jsonl', 'a') as f: f.write('{"index": 4, "id": "deep-4", "predic')
    res = run(VanillaVariant(max_tokens=8), items, store, deep, batch_size=2)
    assert res.run_dir == folder
    assert ids(folder/'predictions.jsonl') == [f'deep-{i}' for i in range(5)]
    assert [p['id'] for p in res.predictions] == [f'deep-{i}' for i in range(5)]
    m = res.manifest
    assert (m['status'], m['n_done'], m['timings']['sessions']) == ('complete', 5, 2)
    assert m['session_calls']['calls'] == 1  # only the unfinished item was asked again

def test_rerun_of_a_finished_run_asks_the_model_nothing(mini):
    ds, store, deep = mini
    items = ds.items('deep')[:3]
    first = run(VanillaVariant(max_tokens=8), items, store, deep, batch_size=3)
    label = first.manifest['name']
    assert call_stats(label)['uncached'] == 3
    again = run(VanillaVariant(max_tokens=8), items, store, deep)
    assert call_stats(label) == first.manifest['calls'] and again.manifest['session_calls'] == {'calls': 0, 'cached': 0, 'uncached': 0}
    assert again.predictions == first.predictions
    # with the folder gone, the same run is rebuilt from the call cache alone
    for p in first.run_dir.iterdir(): p.unlink()
    rebuilt = run(VanillaVariant(max_tokens=8), items, store, deep)
    assert rebuilt.manifest['session_calls'] == {'calls': 3, 'cached': 3, 'uncached': 0}
    assert [p['prediction'] for p in rebuilt.predictions] == [p['prediction'] for p in first.predictions]

def test_manifest_records_identity(mini):
    ds, store, deep = mini
    out = run_variant('rag', task='deep', limit=2, k=2, retriever='bm25', max_tokens=8)
    folder = Path(out['run_dir'])
    m = json.loads((folder/'manifest.json').read_text())
    assert folder.name == m['name'] and m['name'].startswith('rag-MINI-deep-') and m['identity_hash'] in m['name']
    for key in ('identity', 'settings', 'versions', 'data', 'timings', 'usage', 'n_items', 'status', 'calls', 'context_tokens'):
        assert key in m, key
    v = m['identity']['variant']
    assert v['variant'] == 'rag' and v['settings']['k'] == 2 and v['settings']['retriever'] == 'bm25' and len(v['prompts']) == 12
    assert v['roles']['generator']['model'] and v['roles']['generator']['model_fingerprint']
    assert m['data']['subset'] == 'MINI' and set(m['data']['file_hashes']) >= {'MINI_docs.jsonl', 'MINI_deep.jsonl'}
    assert m['versions']['torch'] and m['usage']['total_tokens'] > 0 and m['timings']['elapsed_s'] > 0
    p = read_predictions(folder/'predictions.jsonl')[0]
    assert len(p['contexts']) == 2 and p['context_tokens'] > 0 and p['golds'] == ds.items('deep')[0].golds
    assert list(p['stages']) == ['retrieved', 'prompt', 'answer']
    # another k is another identity, so another folder
    assert run_variant('rag', task='deep', limit=2, k=1, retriever='bm25', max_tokens=8)['run_dir'] != out['run_dir']

def test_matching_run_scores_yes_no(mini):
    ds, store, _ = mini
    res = run(VanillaVariant(matching_max_tokens=48), ds.items('matching')[:2], store, ds.task('matching'))
    assert all(p['prediction'] in ('Yes', 'No', '') for p in res.predictions)
    s = evaluate(res)
    assert s['n'] == 2 and 0 <= s['accuracy'] <= 1 and 'unparsed' in s

def test_run_variant_returns_scores(tmp_path):
    out = run_variant('rag', task='deep', limit=2, k=1, retriever='bm25')
    assert {'contains_match', 'exact_match', 'f1', 'answer_recall', 'n', 'context_tokens', 'run_dir', 'status', 'uncached_calls', 'llm_calls', 'failures',
            'variant', 'dataset', 'task', 'prefix'} <= set(out)
    assert out['n'] == 2 and out['uncached_calls'] == 2 and Path(out['run_dir']).parent == tmp_path/'runs'
    assert run_variant('rag', task='deep', limit=2, k=1, retriever='bm25')['uncached_calls'] == 0

@pytest.mark.parametrize('call, message', [
    (lambda m: make_variant('ragg'), 'known variants: '),
    (lambda m: make_variant('rag', k=0), 'k must be at least 1'),
    (lambda m: make_variant('rag', retriever='tfidf'), 'retriever must be one of'),
    (lambda m: make_variant('vanilla', k=3), 'vanilla has no setting k'),
    (lambda m: run_variant('vanilla', task='summaries'), 'has no task'),
    (lambda m: run_variant('rag', limit=1, kb='paragraphs', retriever='bm25'), "no knowledge base 'paragraphs'"),
    (lambda m: run(VanillaVariant(), m[0].items('deep')[:1], m[1], m[2], batch_size=0), 'batch_size must be a positive integer'),
    (lambda m: run(VanillaVariant(), [], m[1], m[2]), 'no deep items'),
    (lambda m: run_variant('vanilla', limit=0), 'limit must be a positive integer'),
])
def test_bad_input_is_named(mini, call, message):
    with pytest.raises(InsightkitError, match=message): call(mini)

def test_damage_before_the_last_line_stops_the_run(mini):
    ds, store, deep = mini
    items = ds.items('deep')[:2]
    res = run(VanillaVariant(max_tokens=8), items, store, deep)
    path = res.run_dir/'predictions.jsonl'
    lines = path.read_text().splitlines()
    path.write_text(lines[0][:20] + '\n' + lines[1] + '\n')
    with pytest.raises(InsightkitError, match='predictions.jsonl:1'):
        run(VanillaVariant(max_tokens=8), items, store, deep)
