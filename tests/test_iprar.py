"IP-RAR (chapter `10_iprar_retrieval`): automaton routes, aggregator, reply parsing, counted bad input, retrieval only, and a real run."
import math
import pytest

from insightkit.core import InsightkitError
from insightkit.data.datasets import Item, TaskSpec, find_dataset
from insightkit.generation.base import Backend, OutputValidationError, Reply
from insightkit.generation.cache import CallCache
from insightkit.generation.llm import LLM
from insightkit.methods.iprar.retrieval import (IPRARSettings, KeywordIndex, aggregate_blocks, block_score, doc_prf,
                                                keyword_route, parse_analysis, question_terms, retrieval_only)
from insightkit.methods.iprar.variant import IPRARVariant, parse_support, parse_verdict, problem_counts, select_answers

TASK = TaskSpec('all', 'biomedical')


@pytest.fixture(scope='module')
def bioasq(tmp_path_factory):
    "The embedded BioASQ counterpart: dataset, store, items; embeddings go to a private cache."
    mp = pytest.MonkeyPatch()
    mp.setenv('INSIGHTKIT_CACHE', str(tmp_path_factory.mktemp('cache')))
    mp.setenv('INSIGHTKIT_PROGRESS', '0')
    mp.delenv('INSIGHTKIT_DATA', raising=False)
    ds = find_dataset('bioasq')
    yield ds, ds.store(), ds.items('all')
    mp.undo()


class Scripted:
    "A stand-in generator: fixed analysis (or none), yes verdicts, block answers, support scores (some not numbers)."
    def __init__(self, analysis=None, support=('80', 'none'), broken=False):
        self.analysis, self.support, self.broken, self.calls, self.analyses = analysis, support, broken, 0, 0

    def chat_batch(self, convs, schema=None, **kw):
        out = []
        for c in convs:
            self.calls += 1
            p = c[-1]['content']
            if p.startswith('Analyse'):
                self.analyses += 1
                out.append(None if self.broken else Reply('{}', self.analysis))
            elif 'Does the excerpt' in p: out.append(Reply('{"answer": "yes"}', {'answer': 'yes'}))
            elif p.startswith('Answer the question'): out.append(Reply('yes, it does'))
            elif 'How strongly' in p:
                t = self.support[self.calls % len(self.support)]
                out.append(Reply(t, {'score': int(t)} if t.isdigit() else None))
            else: out.append(Reply('Yes, as the papers report.'))
        if None in out:
            e = OutputValidationError('reply broke the schema')
            e.replies = out
            raise e  # as backends do
        return out

    def chat(self, c, **kw): return self.chat_batch([c], **kw)[0]


class ScriptedBackend(Backend):
    "A `Scripted` generator behind a real `LLM`, with its call cache and its record of broken calls."
    name, model = 'scripted', 'scripted-1'
    def __init__(self, script): self.script = script
    def fingerprint(self): return f'scripted-{self.script.broken}-{self.script.analysis}'
    def generate(self, conversations, schema, settings): return self.script.chat_batch(conversations, schema)


# --- units -------------------------------------------------------------------------------------------------------------

def test_automaton_matches_whole_words_any_case():
    kx = KeywordIndex([('a', 'TNF-alpha drives inflammation.'), ('b', 'Particular ARs.'), ('c', 'The ar gene and tnf-Alpha.')])
    assert kx.match({'tnf-alpha': ['TNFA'], 'AR': []}) == {'a': {'tnf-alpha'}, 'c': {'tnf-alpha', 'AR'}}
    assert kx.match({'zzz': []}) == {}


def test_keyword_route_buckets_fill_and_cap():
    m = {f'b{i}': ({'x', 'y'} if i < 3 else {'x'}) for i in range(8)}
    order = [f'b{i}' for i in range(8)]
    ids, unmatched = keyword_route(m, ['x', 'q'], order, per_term=2, per_term_fill=4, keyword_max=20)
    assert ids[:2] == ['b0', 'b1']  # fullest bucket first
    assert ids[2:] == ['b3', 'b4']  # then filled from the sparsest bucket up
    assert unmatched == ['q']
    assert len(keyword_route(m, ['x', 'y'], order, 2, 4, keyword_max=3)[0]) == 3


def test_aggregator_formula_and_term_ablation():
    assert block_score(0.6, 3, 4) == pytest.approx(5*0.6 + 3*3/5 + 4/10)
    assert block_score(1.7, 0, 0) == pytest.approx(5.0)  # similarity clipped to [0, 1]
    routes = {'keyword': [{'id': 's', 'doc': 'p', 'text': 't'}, {'id': 's2', 'doc': 'p', 'text': 'u'}],
              'question@snippets': [{'id': 's', 'doc': 'p', 'text': 't', 'sim': 0.2}, {'id': 'o', 'doc': 'q', 'text': 'v', 'sim': 0.9}]}
    full = aggregate_blocks(routes)
    assert [b['id'] for b in full] == ['o', 's', 's2'] and full[1]['routes'] == ['keyword', 'question@snippets']
    no_sim = aggregate_blocks(routes, w_sim=0)
    assert [b['id'] for b in no_sim][0] == 's'  # two routes and a sibling block now beat the closest block


def test_reply_parsing():
    assert parse_support(Reply('{"score": 77}', {'score': 77})) == 77
    assert parse_support('I would say 65/100') == 65
    assert parse_support('-5') == 0 and parse_support('250') == 100
    assert parse_support('very strong') is None
    assert parse_verdict(Reply('no', None)) is False and parse_verdict(Reply('Yes.', None)) is True
    chosen, fallback = select_answers([{'id': 'a', 'answer': '', 'support': None}], 50, 5)
    assert fallback and chosen[0]['id'] == 'a'


def test_analysis_and_question_terms():
    a = parse_analysis({'key_terms': [], 'virtual_answer': ' '})
    assert a['problems'] == ['no_key_terms', 'no_virtual_answer']
    assert 'what' not in question_terms('What genes are mutated in Zellweger syndrome?')


def test_doc_prf_is_the_official_macro():
    d = doc_prf([['1', '2', '3', '4'], []], [['1'], ['9']], corpus_docs={'1', '2'})
    assert d['precision'] == pytest.approx(0.125) and d['recall'] == pytest.approx(0.5)
    assert d['f1_official'] == pytest.approx(2*0.125*0.5/0.625)
    assert d['gold_missing'] == 1 and d['items_with_missing_gold'] == 1
    assert math.isnan(doc_prf([[]], [[]])['precision'])


# --- on the embedded BioASQ --------------------------------------------------------------------------------------------

def test_retrieval_only_ablations(bioasq):
    ds, store, items = bioasq
    rows = {name: retrieval_only(items, store, keywords=kw, virtual_answer=False, levels=lv)
            for name, (kw, lv) in {'q-articles': ('off', 'articles'), 'q-both': ('off', 'both'),
                                   'q+words': ('question', 'both')}.items()}
    for name, r in rows.items():
        assert len(r) == len(items)
        recall = sum(x['doc_recall'] for x in r)/len(r)
        assert 0 < recall <= 1, name
        assert all(1 <= len(x['docs']) <= 5 for x in r)
    with pytest.raises(InsightkitError, match='need the question analysis'): retrieval_only(items[:1], store)
    with pytest.raises(InsightkitError, match='setting keep'): retrieval_only(items[:1], store, keywords='off', virtual_answer=False, keep=0)
    # a failed analysis (None): that item is retrieved by the LLM-free routes and marked
    a = parse_analysis({'key_terms': [{'term': 'qqxyzzy', 'synonyms': []}], 'virtual_answer': items[0].question})
    r = retrieval_only(items[:2], store, [a, None])
    assert [x['fallback'] for x in r] == [False, True] and r[0]['unmatched'] == ['qqxyzzy']
    assert r[1]['docs'] == retrieval_only(items[1:2], store, keywords='question', virtual_answer=False)[0]['docs']


def test_longest_analysis_fits_its_token_budget():
    "A reply cut at its token budget breaks the schema; the schema's longest English reply must fit the default budget."
    import json
    from insightkit.generation.local import default_tokenizer
    from insightkit.methods.iprar.retrieval import analysis_schema
    s, sch = IPRARSettings(), analysis_schema()
    words = 'tumour necrosis factor receptor signalling inhibitor antibody cyclooxygenase-2 BRCA1 carcinoma'.split()
    def fill(n):
        out, i = '', 0
        while len(out) + len(words[i % len(words)]) + 1 <= n:
            out += (' ' if out else '') + words[i % len(words)]
            i += 1
        return out
    term = sch['properties']['key_terms']['items']['properties']
    longest = {'key_terms': [{'term': fill(term['term']['maxLength']),
                              'synonyms': [fill(term['synonyms']['items']['maxLength'])]*s.max_synonyms}]*s.max_terms,
               'virtual_answer': fill(sch['properties']['virtual_answer']['maxLength'])}
    assert len(default_tokenizer().encode(json.dumps(longest, separators=(',', ':')))) < s.analysis_tokens


def test_bad_input_is_counted(bioasq, private_cache):
    ds, store, items = bioasq
    it = items[0]
    ghost = Item(it.id, it.question, it.golds, [*it.gold_ids, '00000000'], it.kind, it.meta)
    v = IPRARVariant(llms={'generator': Scripted({'key_terms': [{'term': 'qqxyzzy', 'synonyms': []}], 'virtual_answer': ''})},
                     keep=2, dense_k=3)
    t = v.answer([ghost], None, TASK, store)[0]
    p = t.meta['problems']
    assert p['gold_missing'] == 1 and p['unmatched_terms'] == 1 and p['no_virtual_answer'] == 1
    assert p['support_unparsed'] == 1 and t.meta['unmatched_terms'] == ['qqxyzzy']
    assert {'virtual@articles', 'virtual@snippets'}.isdisjoint(t.stages['routes'])  # no virtual answer: its routes skipped
    assert t.answer and t.context_ids
    # no key terms at all: counted, and the keyword route uses the question's own words
    t = IPRARVariant(llms={'generator': Scripted({'key_terms': [], 'virtual_answer': 'x'})}, keep=1).answer([it], None, TASK, store)[0]
    assert t.meta['problems']['no_key_terms'] == 1 and t.stages['routes']['keyword']
    # an analysis that breaks its schema: a counted failure, answered from the LLM-free routes
    broken = Scripted(broken=True)
    gen = lambda: LLM('generator', backend=ScriptedBackend(broken), cache=CallCache(private_cache/'calls.sqlite'))
    llm = gen()
    t = IPRARVariant(llms={'generator': llm}, keep=1).answer([it], None, TASK, store)[0]
    assert t.meta['error'].startswith('analysis') and t.stages['analysis'] is None and t.answer
    assert problem_counts([{'meta': t.meta}])['error'] == 1
    # a broken analysis is remembered: another cell of a study in this process does not ask it again
    asked = broken.analyses
    t = IPRARVariant(llms={'generator': llm}, keep=1, virtual_answer=False).answer([it], None, TASK, store)[0]
    assert broken.analyses == asked and t.meta['error'].startswith('analysis')
    # ... nor does a later process: the call cache records the broken call
    assert CallCache(private_cache/'calls.sqlite').connect().execute('SELECT COUNT(*) FROM broken').fetchone()[0] == 1
    t = IPRARVariant(llms={'generator': gen()}, keep=1).answer([it], None, TASK, store)[0]
    assert broken.analyses == asked and t.meta['error'].startswith('analysis')


def test_real_run_records_stages_and_reruns_from_cache(bioasq, private_cache):
    from insightkit.pipeline.runs import read_predictions, run_variant
    opts = dict(dataset='bioasq', limit=2, keep=1, max_judged=2, dense_k=5, top_answers=1)  # ~10 calls, batched
    out = run_variant('iprar', **opts)
    assert out['status'] == 'complete' and out['llm_calls'] > 0 and out['failures'] <= 1  # of 2
    for k in ('doc_precision', 'doc_recall', 'doc_f1', 'rouge_l'): assert 0 <= out[k] <= 1
    recs = read_predictions(f"{out['run_dir']}/predictions.jsonl")
    for r in recs: assert {'routes', 'aggregated', 'prompt', 'answer'} <= set(r['stages'])
    whole = [r for r in recs if not r['meta'].get('error')]
    assert whole, 'every item broke: no analysis stages to check'
    for r in whole: assert {'analysis', 'relevance', 'block_answers', 'support'} <= set(r['stages'])
    again = run_variant('iprar', **opts)
    assert again['uncached_calls'] == 0 and again['run_dir'] == out['run_dir']
