"""Insight-RAG (chapter `06j_identifier`) across chapters: the rule-based and LLM identifiers, the variant end to end on the
embedded corpus with a freshly trained SmolLM2 miner (a rerun asks no model anything), the `run insight-rag` command,
Z-scores on a hand-made example, and question-word Z-scores against dense retrieval failures on the real AAN questions."""
import json, math, os, re, shutil, sys

import pytest
from conftest import AAN_SAMPLE, run

from insightkit.data.datasets import find_dataset
from insightkit.data.insight_rag import Corpus
from insightkit.methods.insight_rag.identifier import identify_insights, rule_based_insights
from insightkit.methods.insight_rag.insights import default_miner_dir
from insightkit.methods.insight_rag.miner_config import MinerConfig
from insightkit.methods.insight_rag.study import matching_flips, retrieval_failures
from insightkit.evaluation.stats import zscores
from insightkit.methods.insight_rag.variant import InsightRagVariant
from insightkit.pipeline.runs import evaluate, run as run_items
from insightkit.pipeline.registry import variant_class


@pytest.mark.parametrize('question, insight, multi', [
    ('What does the Kestrel parser use?', 'the Kestrel parser uses', False),
    ('Which datasets is the Kestrel parser evaluated on?', 'the Kestrel parser is evaluated on', True),
    ('What do the Wren taggers depend on?', 'the Wren taggers depend on', False),
    ('What did the Osprey team submit?', 'the Osprey team submitted', False),
    ('What is the Heron toolkit compared with?', 'the Heron toolkit is compared with', False),
    ('What can the Heron toolkit be applied to?', 'the Heron toolkit can be applied to', False),
    ('What are the resources that the Heron toolkit provides?', 'the Heron toolkit provides', True),
    ('What are all the languages included in the Heron suite?', 'the Heron suite includes', True),
    ('Which universities is Ada Brook affiliated with?', 'Ada Brook is affiliated with', True),
])
def test_rule_based_identifier(question, insight, multi):
    assert rule_based_insights(question) == [{'Insight': insight, 'Multi-answer': multi}]

def test_rule_based_identifier_gives_up_where_no_fragment_exists():
    assert rule_based_insights('Which methods outperform the Kestrel parser?') == []
    assert rule_based_insights('Decide whether the two papers match.') == []

ARTICLES_AND_AUXILIARIES = set('a an the is are was were be been does do did has have had can could may might will would should must not'.split())

def words_from(fragment: str, question: str) -> bool:
    "Whether every word of `fragment` is a word of `question` (or an inflection of one: a shared stem), an article or an auxiliary."
    qs = re.findall(r"[\w'-]+", question.lower())
    def known(w): return w in ARTICLES_AND_AUXILIARIES or w in qs or any(len(os.path.commonprefix([w, q])) >= max(3, min(len(w), len(q)) - 2) for q in qs)
    return all(known(w) for w in re.findall(r"[\w'-]+", fragment.lower()))

def test_words_from():
    assert words_from('DialMT contains', 'What does DialMT contain?') and words_from('the Wren tagger relies on', 'What does the Wren tagger rely on?')
    assert not words_from('the Osprey summariser relies on', 'What does an auxiliary head mark?')

def test_llm_identifier_follows_the_schema(private_cache):
    "The identifier LLM on six embedded deep questions: schema-shaped, non-empty replies; with the variant's defaults every question gets a fragment of its own words."
    mini = Corpus()
    qs = [it.question for it in mini.deep[:6]]
    raw = identify_insights(qs)
    assert len(raw) == 6
    for f in raw:
        assert len(f) <= 3
        for i in f:
            assert set(i) == {'Insight', 'Multi-answer'} and isinstance(i['Multi-answer'], bool)
            assert i['Insight'] and not i['Insight'].endswith('?')
    assert sum(bool(f) for f in raw) >= 5, raw  # a reply of empty lists would fit the schema
    found, usage, facts = InsightRagVariant().identify(qs)  # grounding and grammar plurality, as a run uses them
    assert sum(bool(f) for f in found) >= 5, found
    for q, f in zip(qs, found):
        for i in f:
            assert words_from(i['Insight'], q), (q, i)
            assert i['Multi-answer'] is False, (q, i)  # every one asks in the singular
    # the LLM's own fragments, not only the rule-based fallback, survive grounding (3 of 6 with SmolLM2-135M)
    assert sum(x['insights_from'] == 'llm' for x in facts) >= 2, facts
    assert all(u['prompt_tokens'] > 0 for u in usage)

def test_insight_rag_on_mini_then_rerun_asks_nothing(private_cache, monkeypatch):
    ds = find_dataset('insight-rag')
    store, deep, items = ds.store(), ds.task('deep'), ds.items('deep')[:3]
    assert variant_class('insight-rag') is InsightRagVariant
    miner = default_miner_dir(ds.corpus, [it.meta['source'] for it in items], config=MinerConfig(epochs=2, lr=3e-3))
    assert json.loads((miner/'miner.json').read_text())['status'] == 'finished'
    settings = dict(k=2, miner=str(miner), max_tokens=16, miner_max_tokens=24)
    first = run_items(InsightRagVariant(**settings), items, store, deep)
    m = first.manifest
    assert m['status'] == 'complete' and m['n_done'] == 3 and m['settings']['miner'] == str(miner) and m['identity']['variant']['miner']
    assert m['session_calls']['uncached'] > 0
    scores = evaluate(first)
    assert scores['n'] == 3 and 0 <= scores['contains_match'] <= 1 and scores['context_tokens'] > 0
    for p in first.predictions:
        assert list(p['stages']) == ['insights', 'insights_from', 'mined', 'prompt', 'answer'] and p['usage']['prompt_tokens'] > 0
    # the same run again: served from its folder
    again = run_items(InsightRagVariant(**settings), items, store, deep)
    assert again.predictions == first.predictions and again.manifest['session_calls']['calls'] == 0
    # the folder gone: every identifier and generator call comes from the call cache, every continuation from the mined cache
    shutil.rmtree(first.run_dir)
    import insightkit.methods.insight_rag.mining as mining
    class NeverLoaded:
        def __init__(self, *a, **kw): pytest.fail('the miner was loaded')
    monkeypatch.setattr(mining, 'Miner', NeverLoaded)  # every continuation must come from the mined cache
    redone = run_items(InsightRagVariant(**settings), items, store, deep)
    assert redone.manifest['session_calls']['uncached'] == 0
    assert [p['prediction'] for p in redone.predictions] == [p['prediction'] for p in first.predictions]

def test_zscores_hand_made():
    texts = ['uses a parser', 'uses a tagger', 'uses beam search', 'presents a parser', 'presents results', 'presents a tagger']
    labels = [1, 1, 1, 0, 0, 1]
    z = zscores(texts, labels, min_count=2).set_index('word')
    p0 = 4/6
    assert z.loc['uses', 'count'] == 3 and z.loc['uses', 'p_hat'] == 1.0
    assert math.isclose(z.loc['uses', 'z'], (1 - p0)/math.sqrt(p0*(1 - p0)/3))
    assert math.isclose(z.loc['presents', 'z'], (1/3 - p0)/math.sqrt(p0*(1 - p0)/3))
    assert math.isclose(z.loc['a', 'z'], (3/4 - p0)/math.sqrt(p0*(1 - p0)/4))
    assert z.index[0] == 'uses' and z.index[-1] == 'presents' and 'beam' not in z.index
    gardner = zscores(texts, labels, min_count=2, p0=0.5).set_index('word')
    assert math.isclose(gardner.loc['uses', 'z'], 0.5/math.sqrt(0.25/3))

def test_matching_flips_keep_only_changed_verdicts():
    base = [{'id': i, 'golds': [g], 'prediction': p} for i, g, p in [(0, 'Yes', 'No'), (1, 'No', 'No'), (2, 'No', 'No')]]
    aug = [{'id': i, 'golds': [g], 'prediction': p, 'meta': {'insights': [{'Insight': t, 'Multi-answer': False}]}}
           for i, g, p, t in [(0, 'Yes', 'Yes', 'parsers use'), (1, 'No', 'Yes', 'papers discuss'), (2, 'No', 'No', 'x')]]
    assert matching_flips(base, aug) == (['parsers use', 'papers discuss'], [1, 0])

@pytest.mark.xdist_group('aan')  # the AAN sample's embeddings are computed once, on one worker
def test_question_word_zscores_on_aan(aan_sample, monkeypatch):
    "Question-word Z-scores of dense retrieval's failures on a sample of AAN (1,000 abstracts, so k = 10 is as hard as 50 of 5,000)."
    monkeypatch.setenv('INSIGHTKIT_PROGRESS', '0')  # the user's embedding cache is used as is: the sample is embedded once
    qs, failed = retrieval_failures(aan_sample, 'AAN', 'deep', 'dense', k=10)
    assert len(qs) == AAN_SAMPLE['deep'] and 0.15 < sum(failed)/len(failed) < 0.5
    z = zscores(qs, failed, min_count=5)
    assert {'word', 'count', 'p_hat', 'z'} <= set(z.columns) and len(z) > 8
    assert (z['count'] >= 5).all() and z['z'].is_monotonic_decreasing
    # 'what' opens nearly every question, so it cannot separate failures from successes
    what = z.set_index('word').loc['what']
    assert abs(what['z']) < 2

@pytest.mark.xdist_group('aan')
def test_fig6_zscore_notebook_on_aan(aan_sample, tmp_path):
    "The Z-score figure through the figures runner on the AAN sample; part (b) needs no LLM, and part (a) is skipped when told not to make matching runs."
    import pandas as pd
    from conftest import ROOT
    from insightkit.figures import run_figure
    params = dict(quick=True, data_dir=str(aan_sample), prefix='AAN', out_dir=str(tmp_path), runs_dir=str(tmp_path/'no-runs-here'), run_matching=False)
    m = run_figure(ROOT/'paper_figures/fig6_zscore.ipynb', tmp_path, params)
    assert m['status'] == 'ok', m.get('error')
    assert m['parameters']['run_matching'] is False and m['llm_calls']['uncached'] == 0
    assert {'fig6_zscore.png', 'fig6_zscore.pdf', 'fig6_zscore.csv'} <= set(m['outputs'])
    t = pd.read_csv(tmp_path/'fig6_zscore.csv')  # the five words at each end, of those seen at least 8 times
    assert 4 <= len(t) <= 10 and t.analysis.str.startswith('(b)').all() and (t['count'] >= 8).all()

def test_insight_rag_matching_pair(private_cache, tmp_path):
    "Matching: stand-alone insights from the two abstracts, mined by a tiny random miner, then a Yes/No verdict with the insights as notes."
    from insightkit.methods.insight_rag.miner import train_miner
    from insightkit.methods.insight_rag.miner_items import build_training_items, tiny_causal_lm
    ds = find_dataset('insight-rag')
    tiny = tiny_causal_lm(tmp_path/'tiny')
    train_miner(build_training_items(ds.corpus, doc_ids=[0, 1]), tmp_path/'miner', MinerConfig(base_model=str(tiny), epochs=1, r=4, alpha=8))
    v = InsightRagVariant(k=1, miner=str(tmp_path/'miner'), matching_max_tokens=48, miner_max_tokens=6)
    res = run_items(v, ds.items('matching')[:1], ds.store(), ds.task('matching'))
    p = res.predictions[0]
    assert res.manifest['status'] == 'complete' and p['golds'][0] in ('Yes', 'No')
    assert p['prediction'] in ('Yes', 'No') and 'error' not in p['meta'], p  # a verdict parsed from the generator's JSON
    assert json.loads(p['meta']['raw'])['answer'] == p['prediction']
    assert isinstance(p['stages']['insights'], list) and len(p['stages']['mined']) == len(p['contexts'])
    assert p['usage']['prompt_tokens'] > 400  # the identifier's prompt (two abstracts) is counted with the generator's

def test_cli_run_insight_rag_on_the_embedded_corpus(private_cache):
    "`insightkit run insight-rag` end to end: the first call trains a quick miner on one question's abstract and answers; the second is read back."
    cmd = [sys.executable, '-m', 'insightkit.cli', 'run', 'insight-rag', '--task', 'deep', '--limit', '1', '--k', '1', '--json']
    env = {k: os.environ[k] for k in ('INSIGHTKIT_MODELS', 'INSIGHTKIT_CACHE', 'INSIGHTKIT_RUNS', 'INSIGHTKIT_PROGRESS')}
    first = json.loads(run(cmd, env=env).stdout.strip().splitlines()[-1])  # about a minute on a 2-core CPU, most of it training the miner
    assert {'contains_match', 'f1', 'n', 'context_tokens'} <= set(first) and first['n'] == 1 and first['status'] == 'complete'
    assert 0 <= first['contains_match'] <= 1 and 0 <= first['f1'] <= 1 and first['context_tokens'] > 0 and first['uncached_calls'] > 0
    assert first['run_dir'].startswith(str(private_cache/'runs'))
    assert any((private_cache/'cache'/'miners').glob('*/miner.json'))  # the quick miner went to the private cache
    second = json.loads(run(cmd, env=env).stdout.strip().splitlines()[-1])
    assert second['uncached_calls'] == 0 and {k: second[k] for k in ('contains_match', 'f1', 'n', 'context_tokens', 'run_dir')} == \
        {k: first[k] for k in ('contains_match', 'f1', 'n', 'context_tokens', 'run_dir')}
