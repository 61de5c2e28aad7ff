"Missing-knowledge chapter: the loop with a scripted model (repair, failure, empty queries, de-duplication), KB errors, one real run."
import json
import pytest

from insightkit.core import InsightkitError
from insightkit.data.datasets import find_dataset
from insightkit.generation.base import OutputValidationError, Reply
from insightkit.methods.missing_knowledge import MissingKnowledgeVariant, judgement_schema
from insightkit.methods.missing_knowledge_kbs import dedupe, search
from insightkit.pipeline.baselines import RetrievalSettings
from insightkit.pipeline.runs import run_variant
from insightkit.pipeline.scoring import item_scores

pytestmark = [pytest.mark.usefixtures('private_cache'), pytest.mark.xdist_group('nq-embedded')]

class ScriptedLLM:
    "Judgement calls (a schema is given) answered from `judgements` in turn (an exception is raised); others with `answer`."
    def __init__(self, judgements, answer='Benedikta Sorn', retry=None):
        self.judgements, self.answer, self.retry, self.asked = list(judgements), answer, retry, []
    def chat_batch(self, convs, schema=None, **kw):
        if schema is not None and any(isinstance(j, Exception) for j in self.judgements[:len(convs)]):
            raise OutputValidationError('the batch broke the schema')
        return [self.chat(c, schema=schema, **kw) for c in convs]
    def chat(self, conv, schema=None, **kw):
        self.asked.append((conv, schema))
        if schema is None:  # the judgement's last try has no schema: `retry` answers it, if given
            text = self.retry if self.retry and conv[-1]['content'].endswith('nothing else.') else self.answer
            return Reply(text, usage={'prompt_tokens': 1, 'completion_tokens': 1, 'total_tokens': 2})
        j = self.judgements.pop(0)
        if isinstance(j, Exception): raise j
        return Reply(j, None) if isinstance(j, str) else Reply(json.dumps(j), j)

@pytest.fixture(scope='module')
def nq():
    ds = find_dataset('nq-open')
    return ds.items()[:3], ds.store(), ds.task(None)

def loop(nq, judgements, retry=None, **settings):
    items, store, task = nq
    v = MissingKnowledgeVariant(llms={'generator': ScriptedLLM(judgements, retry=retry)},
                                **{'kb': 'wiki', 'second_kb': 'qa', 'k': 2, **settings})
    v.prepare(store, items, task)
    return v, v.answer(items, None, task, store)

def test_loop_repairs_counts_failures_and_drops_empty_queries(nq):
    good = {'thought': 'The ceremony is not named.', 'judge': True, 'missing_knowledge': ['anthem composer', ''],
            'query': ['', 'tarrowind national anthem composer']}
    broken = OutputValidationError('not JSON')  # fails twice: the item alone, then the retry with another seed
    v, traces = loop(nq, [good, 'no judgement here', broken, broken], k_missing=2)
    stages = [set(t.stages) for t in traces]
    assert all(s >= {'retrieved', 'draft', 'judgement', 'missing', 'queries', 'retrieved_missing', 'prompt', 'answer'} for s in stages)
    t0, t1, t2 = traces
    assert t0.stages['queries'] == ['tarrowind national anthem composer'] and t0.meta['empty_dropped'] == 2
    assert t0.stages['retrieved_missing'] and all(h['id'].startswith('h') for h in t0.stages['retrieved_missing'])
    texts = [' '.join(c.split()) for c in t0.contexts]
    assert len(texts) == len(set(texts)), 'a passage shown twice'
    assert t0.meta['scores']['miss'] == 1.0 and t0.answer == 'Benedikta Sorn'
    for t in (t1, t2):  # failures: counted, no second round, still answered
        assert t.meta['path'] == 'failed' and t.meta['error'].startswith('judgement') and t.stages['retrieved_missing'] == []
        assert t.answer and t.meta['scores']['miss'] != t.meta['scores']['miss']  # NaN
    assert '## Missing knowledge context' in t0.stages['prompt'] and t0.item.question in t0.stages['prompt']
    rec = {'prediction': t0.answer, 'golds': t0.item.golds, 'context_texts': t0.contexts, 'meta': t0.meta}
    assert item_scores(rec, 'qa')['miss'] == 1.0 and 'context_recall' in item_scores(rec, 'qa')

def test_schema_breaking_reply_is_repaired_on_the_last_try(nq):
    "As `transformers serve` gave it: a prose `judge`, no `query`; the schema rejects it twice, the schemaless try is read."
    broken = OutputValidationError("'query' is a required property")
    raw = '{"thought": "One ceremony only.", "judge": "The bearer is named.", "missing_knowledge": ["closing ceremony bearer"]'
    v, traces = loop(nq, [broken]*6, retry=raw + '}')
    assert all(t.meta['path'] == 'missing' and t.meta['repaired'] and 'error' not in t.meta for t in traces)
    assert all(t.stages['queries'] == [f'{t.item.question} closing ceremony bearer'] for t in traces)  # anchored
    assert all(t.stages['retrieved_missing'] for t in traces)

def test_nothing_missing_keeps_the_draft_when_asked(nq):
    done = {'thought': 'Enough.', 'judge': False, 'missing_knowledge': [], 'query': []}
    v, traces = loop(nq, [done]*3, when_complete='draft')
    llm = v.llm('generator')
    assert len([a for a in llm.asked if a[1] is None]) == 3  # drafts only: no final call
    assert all(t.meta['path'] == 'complete' and t.answer == t.stages['draft'] and not t.stages['retrieved_missing'] for t in traces)

def test_dedupe_by_content_and_schema_bounds():
    a = [{'id': 'w1', 'text': 'Same text.'}, {'id': 'w2', 'text': 'Other.'}]
    assert [h['id'] for h in dedupe(a, [{'id': 'h9', 'text': ' Same text. '}])] == ['w1', 'w2']
    s = judgement_schema(2)
    assert s['properties']['query']['maxItems'] == 2 and s['required'] == ['thought', 'judge', 'missing_knowledge', 'query']

@pytest.mark.parametrize('settings, message', [({'second_kb': 'wikipedia'}, "second_kb: nq-open wiki has no knowledge base 'wikipedia'"),
                                               ({'kb': 'nope'}, "kb: nq-open wiki has no knowledge base 'nope'")])
def test_unknown_knowledge_base_is_named(nq, settings, message):
    with pytest.raises(InsightkitError, match=message):
        run_variant('missing-knowledge', dataset='nq-open', limit=1, **settings)

def test_history_never_returns_the_question_itself(nq):
    items, store, task = nq
    hits, dropped = search(RetrievalSettings(), store, task, items, [it.question for it in items], 'qa', 3)
    asked = {' '.join(it.question.lower().split()) for it in items}
    assert all(len(h) == 3 for h in hits) and len(dropped) == 3
    assert not any(h['text'].lower().removeprefix('question: ').split(' answer:')[0].strip(' ?') in asked for hs in hits for h in hs)

@pytest.mark.slow
def test_cli_run_on_the_default_model_and_rerun_is_cached():
    out = run_variant('missing-knowledge', dataset='nq-open', limit=1, kb='wiki', second_kb='qa', k=2)
    assert out['status'] == 'complete' and {'contains_match', 'exact_match', 'f1', 'miss', 'context_recall'} <= set(out)
    assert run_variant('missing-knowledge', dataset='nq-open', limit=1, kb='wiki', second_kb='qa', k=2)['uncached_calls'] == 0

def test_paper_example_through_an_openai_compatible_endpoint(monkeypatch):
    "The flag-bearer example with the generator role set by env to a stand-in server that, like `transformers serve`, has no structured output."
    from insightkit.generation.llm import reset_roles
    from insightkit.generation.openai_compat import MockOpenAIServer
    from insightkit.methods.missing_knowledge import by_ceremony, flag_bearer_example
    broken = json.dumps({'thought': 'One ceremony only.', 'judge': 'yes',  # no `query`, a word for a boolean
                         'missing_knowledge': ['2012 olympics opening ceremony flag bearer',
                                               '2012 olympics closing ceremony flag bearer']})
    def respond(body):
        text = json.dumps(body['messages'])
        return broken if 'replies in JSON' in text else 'Chris Hoy and Ben Ainslie' if 'Missing knowledge' in text else 'Chris Hoy'
    with MockOpenAIServer(respond) as srv:
        for k, v in {'BACKEND': 'openai', 'BASE_URL': srv.base_url, 'MODEL': 'mock'}.items():
            monkeypatch.setenv(f'INSIGHTKIT_GENERATOR_{k}', v)
        reset_roles()
        t = flag_bearer_example()
    assert t.meta['path'] == 'missing' and t.meta['repaired'] and 'error' not in t.meta
    assert by_ceremony(t) and any('Ben Ainslie' in h['text'] for h in t.stages['retrieved_missing'])
    assert t.answer == 'Chris Hoy and Ben Ainslie' and len(srv.requests) >= 4
