"""Benchmark creation across chapters: the selection rules on the official AAN files, a build from the
embedded corpus with the default local model, an oracle build that must reproduce the shipped MINI
benchmark, and the template fallback when the questioner's output is unusable."""
import json

import pytest

from insightkit.methods.insight_rag.benchmark import build_benchmark, select_benchmark
from insightkit.methods.insight_rag.questions import add_questions
from insightkit.methods.insight_rag.triples import triple_key, phrase_key, canonical_relation
from insightkit.core import mini_corpus_dir
from insightkit.data.insight_rag import check_data, load_deep, load_graph, load_multi, load_docs
from insightkit.data.insight_types import DeepItem, MultiItem
from insightkit.generation.base import Reply, OutputValidationError




@pytest.mark.parametrize('normalise', [True, False])
def test_aan_selection_recovers_the_official_sets(shared_aan, normalise):
    r = select_benchmark(shared_aan, 'AAN', normalise=normalise)
    print(json.dumps({k: v for k, v in r.items() if k not in ('deep_missed', 'multi_missed')}))
    assert (r['docs'], r['graph_triples'], r['deep_official'], r['multi_official']) == (5000, 21526, 318, 172)
    assert r['deep_recall'] >= 0.95 and r['multi_recall'] >= 0.95, r
    assert r['deep_candidates'] > r['deep_official'] and r['multi_candidates'] > r['multi_official']
    assert 0 < r['multi_spanning_2plus_docs'] < r['multi_candidates']


def test_build_with_the_default_local_model(private_cache):
    out = private_cache/'out'
    r = build_benchmark(mini_corpus_dir(), out, 'LIVE', limit=4, max_triples=2, max_tokens=128, question_max_tokens=48)
    assert r['docs'] == 4 and r['chunks'] >= 4 and r['chunks_failed'] <= r['chunks']
    assert r['check_ok'], check_data(out, 'LIVE')['problems']
    assert sum(r['filter_report']['removed'].values()) + r['triples'] == r['triples_extracted']
    assert r['deep'] == r['deep_candidates'] and r['questions']['llm'] + r['questions']['template'] == r['deep'] + r['multi']
    assert r['usage']['extractor']['calls'] + r['chunks_failed'] == r['chunks']
    assert len(load_docs(out/'LIVE_docs.jsonl')) == 4 and len(load_graph(out/'LIVE_graph.jsonl')) == r['triples']
    for item in load_deep(out/'LIVE_deep.jsonl') + load_multi(out/'LIVE_multi.jsonl'):
        assert item.question.endswith('?') and item.extra['source'] in ('llm', 'template')
    again = build_benchmark(mini_corpus_dir(), out, 'LIVE', limit=4, max_triples=2, max_tokens=128, question_max_tokens=48)
    # the call cache serves a rerun every reply the first build kept; a chunk that broke its schema is asked again (a
    # reply near a tie can come out differently alone than in its first batch), so only then may the counts differ
    assert again['usage']['extractor']['cached'] == r['usage']['extractor']['calls']
    if r['chunks_failed'] == again['chunks_failed'] == 0:
        assert {k: again[k] for k in ('triples', 'deep', 'multi')} == {k: r[k] for k in ('triples', 'deep', 'multi')}


class OracleExtractor:
    "Answers each extraction conversation with the shipped MINI triples of the document the passage comes from."
    def __init__(self):
        d = mini_corpus_dir()
        self.docs = load_docs(d/'MINI_docs.jsonl')
        self.graph = load_graph(d/'MINI_graph.jsonl')
    def chat_batch(self, conversations, schema=None, max_tokens=None):
        out = []
        for conv in conversations:
            passage = conv[-1]['content'].removeprefix('Passage: ')
            doc = next(i for i, d in self.docs.items() if passage in d.text)
            data = {'triples': [{'sub': t.sub, 'rel': t.rel, 'obj': t.obj} for t in self.graph if t.doc_id == doc]}
            out.append(Reply(json.dumps(data), data))
        return out


def test_oracle_build_reproduces_the_mini_benchmark(tmp_path, monkeypatch):
    monkeypatch.setenv('INSIGHTKIT_PROGRESS', '0')
    r = build_benchmark(mini_corpus_dir(), tmp_path, 'ORACLE', extractor=OracleExtractor(), questioner=False, max_triples=20)
    assert r['check_ok'] and r['chunks_failed'] == 0 and r['triples_extracted'] == 336
    d = mini_corpus_dir()
    built = {triple_key(x) for x in load_deep(tmp_path/'ORACLE_deep.jsonl')}
    assert all(triple_key(x) in built for x in load_deep(d/'MINI_deep.jsonl'))
    pairs = lambda items: {(phrase_key(m.sub), canonical_relation(m.rel)) for m in items}
    assert pairs(load_multi(d/'MINI_multi.jsonl')) <= pairs(load_multi(tmp_path/'ORACLE_multi.jsonl'))
    assert r['matching'] == 52 and r['matching_source'].startswith('reused')  # every shipped pair, balanced 26 / 26
    assert r['questions'] == {'llm': 0, 'template': r['deep'] + r['multi'], 'template_reasons': {'llm off': r['deep'] + r['multi']},
                              'usage': {'calls': 0, 'cached': 0, 'failed': 0, 'prompt_tokens': 0, 'completion_tokens': 0}}


class BadQuestioner:
    "A questioner whose every reply is unusable; its first call raises, as a reply cut at max_tokens does."
    REPLIES = {'Kestrel': Reply('I cannot help with that.'),                                            # no JSON
               'the tagger': Reply('{"question": "What is the tagger trained on"}', {'question': 'What is the tagger trained on'}),
               'CRFs': Reply('{"question": "Do CRFs outperform HMMs?"}', {'question': 'Do CRFs outperform HMMs?'}),  # names the answer
               'word classes': Reply('{"q": 1}', {'q': 1})}                                          # wrong schema
    def __init__(self): self.calls = 0
    def chat_batch(self, conversations, schema=None, max_tokens=None):
        self.calls += 1
        if self.calls == 1: raise OutputValidationError('cut at max_tokens')
        return [next(r for sub, r in self.REPLIES.items() if f': {sub} |' in conv[-1]['content']) for conv in conversations]


def test_question_fallback_when_the_llm_output_is_invalid():
    items = [DeepItem('Kestrel', 'use', 'beam search', 0, ''), DeepItem('the tagger', 'be trained on', 'web text', 1, ''),
             DeepItem('CRFs', 'outperform', 'HMMs', 2, ''), MultiItem('word classes', 'improve over', [('BLEU', 3), ('accuracy', 4)], '')]
    fake = BadQuestioner()
    stats = add_questions(items, llm=fake, batch_size=4)
    assert fake.calls == 5  # the batch failed, then each item alone
    assert stats['llm'] == 0 and stats['template'] == 4
    assert stats['template_reasons'] == {'invalid reply': 2, 'no question mark': 1, 'names the answer': 1}
    assert [it.extra['source'] for it in items] == ['template'] * 4
    assert [it.question for it in items] == ['What does Kestrel use?', 'What is the tagger trained on?', 'What do CRFs outperform?',
                                             'Which things do word classes improve over?']
