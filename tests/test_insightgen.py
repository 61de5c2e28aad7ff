"InsightGen (chapter `08_collections`): the AAN collections' build and location, bad input, and the CLI run with its cached rerun."
import json, math
import pytest

from insightkit.core import InsightkitError
from insightkit.generation.base import OutputValidationError, Reply

class Scripted:
    "A questioner with distinct questions, and a generator whose every insights reply breaks the schema."
    topics = iter('speech parsing summaries dialogue users data'.split())
    def chat_batch(self, convs, schema=None, **kw):
        if schema and 'insights' in schema['properties']: raise OutputValidationError('one reply broke the schema')
        ask = lambda: ('How do the methods in these abstracts trade accuracy against the cost of collecting data, '
                       f'and what do they assume about {next(self.topics)}?')
        if schema: return [Reply('', {'questions': [ask()]}) for _ in convs]
        return [Reply('It depends on the data [1] and on the users [2].') for _ in convs]
    def chat(self, conv, schema=None, **kw): raise OutputValidationError('the reply is not JSON')

def test_collections_are_built_from_a_data_root_once(private_cache, monkeypatch):
    from insightkit.data.datasets import find_dataset
    from insightkit.methods.insightgen import collections as C
    from insightkit.methods.insightgen.collections_dataset import AanCollections
    root = private_cache/'data'
    (root/'insight-rag').mkdir(parents=True)
    emb = find_dataset('aan-collections')
    with open(root/'insight-rag'/'AAN_docs.jsonl', 'w') as f:
        for d in emb.store(): f.write(json.dumps({'id': d.id, 'document': d.text}) + '\n')
    small = C.CollectionSettings(n_collections=3, min_docs=8, max_docs=12, combos=1)
    monkeypatch.setattr(AanCollections, 'settings', small)
    q = Scripted()
    q.calls = 0
    def chat_batch(convs, **kw):
        q.calls += 1
        return Scripted.chat_batch(q, convs, **kw)
    q.chat_batch = chat_batch
    monkeypatch.setattr('insightkit.generation.llm.get_llm', lambda role: q if role == 'questioner' else None)
    ds = find_dataset('aan-collections', data=root)
    assert ds.dir == (root/'insight-rag').resolve() and ds.check()['ok']
    items, store = ds.items(), ds.store()
    assert items and all(it.meta['answer'] and it.meta['collection'] in store.collections for it in items)
    assert {len(c['doc_ids']) for c in store.collections.values()} == {8, 10, 12}
    assert find_dataset(data=root).name == 'insight-rag'  # a data root is still insight-rag's by default
    made = q.calls
    again = find_dataset('aan-collections', data=root)
    again.items()
    assert made == 2 and q.calls == made and again.folder == ds.folder  # built once (2 batches), found by its hash
    rep = ds.check()['counts']  # where the questions came from, and why candidates were dropped, are reported
    assert rep['question_origins'] == {'questioner': len(items) + len(ds.items('dev'))}
    assert rep['question_filter']['open'] == 3 and rep['question_filter']['templates'] == 0

def test_bad_input_is_an_error_or_a_counted_failure(private_cache):
    from insightkit.data.datasets import find_dataset
    from insightkit.pipeline.runs import run, run_variant
    from insightkit.methods.insightgen.variant import InsightGenVariant
    with pytest.raises(InsightkitError, match='fewer than the 5000 clusters'):
        run_variant('insightgen', dataset='aan-collections', limit=1, n_clusters=5000)
    ds = find_dataset('aan-collections')
    task = ds.task('insights')
    items = ds.items('insights')[:2]
    items[1] = type(items[1])(items[1].id, items[1].question, [], [], 'insights', {**items[1].meta, 'answer': ''})
    res = run(InsightGenVariant(llms={'generator': Scripted()}, chunk_tokens=32), items, ds.store(), task)
    assert res.manifest['failures'] == 2
    p0, p1 = res.predictions
    assert p0['meta']['error'].startswith('insights:') and p0['stages']['chunks']
    assert 'ins_novelty' not in p0['meta']['scores']  # no insight measures for a failure: NaN in a study, not 0
    assert 'empty answer' in p1['meta']['error'] and p1['prediction'] == ''
    from insightkit.pipeline.scoring import item_scores
    assert not math.isnan(item_scores(p0, 'insights')['ctx_novelty'])

@pytest.mark.slow
def test_cli_run_prints_every_method_and_reruns_from_cache(private_cache):
    from conftest import run
    cmd = ['insightkit', 'run', 'insightgen', '--dataset', 'aan-collections', '--limit', '1', '--max-insights', '1',
           '--max-tokens', '260', '--json']
    out = json.loads(run(cmd, env={'INSIGHTKIT_THREADS': '1'}).stdout)
    study = out['study']
    assert set(study['methods']) == {'Direct', 'Direct+CoT', 'FAISS', 'FAISS+CoT', 'InsightGen'}
    assert study['methods']['InsightGen']['ctx_count'] == study['methods']['FAISS']['ctx_count']
    again = json.loads(run(cmd, env={'INSIGHTKIT_THREADS': '1'}).stdout)
    assert again['uncached_calls'] == 0 and again['study']['uncached_calls'] == 0
    assert again['study']['methods'] == study['methods']
