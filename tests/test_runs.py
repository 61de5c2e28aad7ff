"Runs across interruptions: resume after a stop, a half-written last line, reruns served from the cache, manifests, bad input."
import json
from pathlib import Path

import pytest

from insightkit.core import InsightkitError
from insightkit.data.insight_rag import Corpus
from insightkit.generation.llm import call_stats
from insightkit.pipeline.variants import VanillaVariant, evaluate, make_variant, read_predictions, run_variant

pytestmark = [pytest.mark.usefixtures('private_cache'),  # every test here gets a private cache (conftest.py)
              pytest.mark.xdist_group('runs')]  # and shares the module's fixture on one worker

@pytest.fixture(scope='module')
def mini(): return Corpus()

class StopAfter(VanillaVariant):
    "A vanilla variant whose batches raise KeyboardInterrupt once `limit` items are answered, like a user pressing Ctrl-C."
    def __init__(self, limit, **kw):
        super().__init__(**kw); self.limit, self.answered = limit, 0
    def answer_batch(self, questions):
        if self.answered >= self.limit: raise KeyboardInterrupt
        self.answered += len(questions)
        return super().answer_batch(questions)

def ids(path): return [r['id'] for r in read_predictions(path)]

def test_interrupted_run_resumes_and_answers_each_item_once(mini, tmp_path):
    items = mini.deep[:5]
    with pytest.raises(KeyboardInterrupt):
        StopAfter(4, max_tokens=8).run(items, batch_size=2)
    [folder] = (tmp_path/'runs').iterdir()
    assert ids(folder/'predictions.jsonl') == ['deep-0', 'deep-1', 'deep-2', 'deep-3']
    partial = json.loads((folder/'manifest.json').read_text())
    assert (partial['status'], partial['n_done'], partial['n_items']) == ('partial', 4, 5)
    # the stop came mid-write: a half line at the end must not block the resume
    with open(folder/'predictions.jsonl', 'a') as f: f.write('{"index": 4, "id": "deep-4", "predic')
    res = VanillaVariant(max_tokens=8).run(items, batch_size=2)
    assert res.run_dir == folder
    assert ids(folder/'predictions.jsonl') == [f'deep-{i}' for i in range(5)]
    assert [p['id'] for p in res.predictions] == [f'deep-{i}' for i in range(5)]
    m = res.manifest
    assert (m['status'], m['n_done'], m['timings']['sessions']) == ('complete', 5, 2)
    assert m['session_calls']['calls'] == 1  # only the unfinished item was asked again

def test_rerun_of_a_finished_run_asks_the_model_nothing(mini, tmp_path):
    first = VanillaVariant(max_tokens=8).run(mini.deep[:3], batch_size=3)
    label = first.manifest['name']
    assert call_stats(label)['uncached'] == 3
    again = VanillaVariant(max_tokens=8).run(mini.deep[:3])
    assert call_stats(label) == first.manifest['calls'] and again.manifest['session_calls'] == {'calls': 0, 'cached': 0, 'uncached': 0}
    assert again.predictions == first.predictions
    # with the folder gone, the same run is rebuilt from the call cache alone
    for p in first.run_dir.iterdir(): p.unlink()
    rebuilt = VanillaVariant(max_tokens=8).run(mini.deep[:3])
    assert rebuilt.manifest['session_calls'] == {'calls': 3, 'cached': 3, 'uncached': 0}
    assert [p['prediction'] for p in rebuilt.predictions] == [p['prediction'] for p in first.predictions]

def test_manifest_records_what_made_the_run(mini):
    res = make_variant('rag', mini, retriever='bm25', k=2, max_tokens=8).run(mini.deep[:2], task='deep')
    m = json.loads((res.run_dir/'manifest.json').read_text())
    assert res.run_dir.name == m['name'] and m['name'].startswith('rag-MINI-deep-')
    for key in ('config', 'versions', 'data', 'seed', 'timings', 'usage', 'n_items', 'status', 'calls', 'context_tokens'):
        assert key in m, key
    assert m['config']['variant'] == 'rag' and m['config']['k'] == 2 and m['config']['retriever'] == 'bm25'
    assert m['config']['roles']['generator']['model'] and len(m['config']['prompts']) == 12
    assert m['data']['prefix'] == 'MINI' and set(m['data']['file_hashes']) >= {'MINI_docs.jsonl', 'MINI_deep.jsonl'}
    assert m['versions']['torch'] and m['usage']['total_tokens'] > 0 and m['timings']['elapsed_s'] > 0
    p = res.predictions[0]
    assert len(p['contexts']) == 2 and p['context_tokens'] > 0 and p['golds'] == [mini.deep[0].obj]
    # another k is another configuration, so another folder
    other = make_variant('rag', mini, retriever='bm25', k=1, max_tokens=8).run(mini.deep[:2], task='deep')
    assert other.run_dir != res.run_dir

def test_matching_run_scores_yes_no(mini):
    res = VanillaVariant(corpus=mini, matching_max_tokens=48).run(mini.matching[:2], task='matching')
    assert all(p['prediction'] in ('Yes', 'No', '') for p in res.predictions)
    s = evaluate(res, 'matching')
    assert s['n'] == 2 and 0 <= s['accuracy'] <= 1
    with pytest.raises(InsightkitError, match='give the variant a corpus'):
        VanillaVariant(matching_max_tokens=48).run(mini.matching[:1], task='matching', name='no-corpus')

def test_run_variant_returns_scores(tmp_path):
    out = run_variant('rag', task='deep', limit=2, k=1, retriever='bm25')
    assert {'em', 'f1', 'n', 'context_tokens', 'run_dir', 'uncached_calls'} <= set(out)
    assert out['n'] == 2 and out['uncached_calls'] == 2 and Path(out['run_dir']).parent == tmp_path/'runs'
    assert run_variant('rag', task='deep', limit=2, k=1, retriever='bm25')['uncached_calls'] == 0

@pytest.mark.parametrize('call, message', [
    (lambda c: make_variant('ragg', c), 'known variants: '),
    (lambda c: make_variant('rag', c, k=0), 'k must be a positive integer'),
    (lambda c: make_variant('rag', c, unit='paragraphs'), 'unit must be one of docs, triples'),
    (lambda c: make_variant('rag', c, retriever='tfidf'), 'retriever must be one of'),
    (lambda c: make_variant('vanilla', c, k=3), "has no setting k"),
    (lambda c: make_variant('vanilla', c).run(c.deep[:1], task='summaries'), 'unknown task'),
    (lambda c: make_variant('vanilla', c).run(c.deep[:1], batch_size=0), 'batch_size must be a positive integer'),
    (lambda c: make_variant('vanilla', c).run([]), 'no deep items'),
    (lambda c: run_variant('vanilla', limit=0), 'limit must be a positive integer'),
])
def test_bad_input_is_named(mini, call, message):
    with pytest.raises(InsightkitError, match=message): call(mini)

def test_damage_before_the_last_line_stops_the_run(mini, tmp_path):
    res = VanillaVariant(max_tokens=8).run(mini.deep[:2])
    path = res.run_dir/'predictions.jsonl'
    lines = path.read_text().splitlines()
    path.write_text(lines[0][:20] + '\n' + lines[1] + '\n')
    with pytest.raises(InsightkitError, match='predictions.jsonl:1'):
        VanillaVariant(max_tokens=8).run(mini.deep[:2])
