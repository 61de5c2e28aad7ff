"Evaluation chapter: statistics against hand and library references, the InsightGen recomputation, judge failures, `insightkit judge`."
import json, math, sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest
import scipy.stats as ss
from conftest import run

from insightkit.evaluation import stats
from insightkit.evaluation.insightgen import insightgen_claims, insightgen_scores, insightgen_tests
from insightkit.evaluation.judges import Judge, load_rubric, score_pointwise
from insightkit.evaluation.report import judge_runs, judging_report

# --- statistics: reference values -------------------------------------------------------------------------

def brute_two_sided_p(d):
    "Exact two-sided signed-rank p by enumerating all 2^N sign patterns of the mid-ranks."
    r = ss.rankdata(np.abs(d))
    mid = r.sum()/2
    obs = abs(r[d > 0].sum() - mid)
    return np.mean([abs(sum(r[i] for i in range(len(d)) if m >> i & 1) - mid) >= obs - 1e-9 for m in range(2**len(d))])

def test_wilcoxon_exact_small_n_zero_and_ties():
    t = stats.wilcoxon_test([3, 1, 4, 1, 5, 9, 2], [1, 1, 2, 3, 2, 5, 0])  # d = 2, 0, 2, -2, 3, 4, 2: one zero, ties at |2|
    assert (t['n_pairs'], t['n_zero'], t['n'], t['ties'], t['method']) == (7, 1, 6, True, 'permutation')
    assert t['p'] == pytest.approx(brute_two_sided_p(np.array([2, 2, -2, 3, 4, 2.])), abs=1e-12)
    # by hand: |d| ranks 2.5 x4 (2, 2, -2, 2), 5, 6; W+ = 3*2.5 + 5 + 6 = 18.5; var = 6*7*13/24 - (4^3-4)/48
    z = (18.5 - 6*7/4)/math.sqrt(6*7*13/24 - 60/48)
    assert t['w_plus'] == 18.5 and t['z'] == pytest.approx(z) and t['r'] == pytest.approx(abs(z)/math.sqrt(6))
    t = stats.wilcoxon_test(range(1, 9), [0]*8)  # N = 8 < 10, no ties: the exact null distribution, p = 2/2^8
    assert t['method'] == 'exact' and t['p'] == pytest.approx(2/256)

def test_wilcoxon_large_n_matches_scipy_normal_approximation():
    rng = np.random.default_rng(3)
    a, b = rng.normal(0.1, 1, 80).round(1), rng.normal(0, 1, 80).round(1)
    t = stats.wilcoxon_test(a, b)
    ref = ss.wilcoxon(a, b, method='approx')
    assert t['method'] == 'approx' and t['p'] == pytest.approx(ref.pvalue) and abs(t['z']) == pytest.approx(abs(ref.zstatistic))

def test_corrections_bootstrap_kappa_and_agreement():
    adj, rej = stats.correct_pvalues([0.01, 0.04, 0.03, 0.005], 'holm')
    assert adj.tolist() == pytest.approx([0.03, 0.06, 0.06, 0.02]) and rej.tolist() == [True, False, False, True]
    assert stats.correct_pvalues([0.01, 0.02], 'bonferroni')[0].tolist() == pytest.approx([0.02, 0.04])
    ci = stats.paired_bootstrap_ci([1, 2, 3, 4], [0, 2, 2, 2], seed=5)
    assert ci == stats.paired_bootstrap_ci([1, 2, 3, 4], [0, 2, 2, 2], seed=5) and ci['low'] <= 1.0 <= ci['high'] and ci['estimate'] == 1.0
    from statsmodels.stats.inter_rater import cohens_kappa
    la, lb = [0, 1, 2, 2, 1, 0, 0, 2], [0, 1, 1, 2, 1, 0, 2, 2]
    tab = np.array([[sum(x == i and y == j for x, y in zip(la, lb)) for j in range(3)] for i in range(3)])
    assert stats.cohen_kappa(la, lb) == pytest.approx(cohens_kappa(tab).kappa)
    a = pd.DataFrame({'x': [3, 5], 'y': [2, 4], 'z': [1, 1]})
    b = pd.DataFrame({'x': [3, 4], 'y': [3, 5], 'z': [1, 0]})
    ag = stats.judge_agreement(a, b)
    assert ag['pairwise_order'] == pytest.approx(4/6) and ag['top1_overlap'] == 0.5 and ag['top2_jaccard'] == 1.0
    assert ag['spearman_median'] == pytest.approx(np.median([ss.spearmanr([3, 2, 1], [3, 3, 1]).statistic, 0.5]))

def test_zscores_by_hand():
    texts = ['uses a parser', 'uses a tagger', 'uses beam search', 'presents a parser', 'presents results', 'presents a tagger']
    z = stats.zscores(texts, [1, 1, 1, 0, 0, 1], min_count=2).set_index('word')
    assert z.loc['uses', 'z'] == pytest.approx((1 - 4/6)/math.sqrt((4/6)*(2/6)/3)) and 'beam' not in z.index
    assert stats.zscores(texts, [1, 1, 1, 0, 0, 1], min_count=2, p0=0.5).set_index('word').loc['presents', 'z'] == pytest.approx(
        (1/3 - 0.5)/math.sqrt(0.25/3))

# --- InsightGen: what its published numbers support (pinned) ------------------------------------------------

def test_insightgen_recomputation():
    s = insightgen_scores()
    assert len(s) == 800 and s.score.between(0, 5).all()
    means = s[s.table == 2].groupby('judge').score.mean()
    assert means['Gemini-2.5-Flash'] == pytest.approx(3.3577, abs=1e-4) and means['Claude-4-Sonnet'] == pytest.approx(2.4394, abs=1e-4)
    t = insightgen_tests()
    assert len(t) == 32 and int(t.wins.sum()) == 631 and int(t.ties.sum()) == 2 and int(t.losses.sum()) == 7
    assert (t.p < 0.05/32).all() and t.p.max() == pytest.approx(2.92e-4, rel=0.01)
    assert t.r.median() == pytest.approx(0.877, abs=0.005)
    c = insightgen_claims()
    assert c.supported.tolist() == [True, False, None, True, True, None, False]
    assert '0.00625 = 0.05/8' in c.iloc[1, 2] and 'GPT-4o Quantization Gemini 3.98' in c.iloc[6, 2]

# --- judges: a reply that breaks the schema is retried, then counted as a failure ------------------------------

class BreakingLLM:
    "Answers the rubric schema, except for responses containing 'garbled', which always break it; records the seeds asked."
    def __init__(self): self.seeds = []
    def chat(self, messages, schema=None, max_tokens=None, temperature=None, seed=None):
        from insightkit.generation.base import OutputValidationError
        self.seeds.append(seed)
        if 'garbled' in messages[1]['content']: raise OutputValidationError('not JSON')
        return SimpleNamespace(text='{"score": 4, "rationale": "ok"}', data={'score': 4, 'rationale': 'ok'}, cached=False)
    def chat_batch(self, convs, **kw):
        return [self.chat(c, **kw) for c in convs]

def test_schema_breaking_reply_is_retried_then_counted_not_scored():
    llm = BreakingLLM()
    items = [{'id': 1, 'question': 'q', 'golds': ['a'], 'prediction': 'a'}, {'id': 2, 'question': 'q', 'golds': ['b'], 'prediction': 'garbled'}]
    verdicts, st = score_pointwise(Judge('j', llm=llm, seed=7), load_rubric('answer_accuracy'), items)
    assert verdicts[0]['score'] == 4 and verdicts[1]['score'] is None and 'not JSON' in verdicts[1]['failure']
    assert st['failures'] == 1 and st['retries'] == 1 and 7 + 1000 in llm.seeds  # the retry used another seed
    table = pd.DataFrame([{'method': 'm', 'variant': 'v', 'dataset': 'd', 'task': 't', 'item_id': str(it['id']), 'metric': 'judge:j',
                           'value': np.nan if v['score'] is None else v['score']} for it, v in zip(items, verdicts)])
    rep = judging_report(table)
    assert rep.iloc[0]['failures'] == 1 and rep.iloc[0]['n'] == 1 and rep.iloc[0]['mean'] == 4.0  # not (4 + 0)/2

def test_bad_inputs_have_clear_messages(tmp_path):
    from insightkit.core import InsightkitError
    with pytest.raises(InsightkitError, match='no manifest.json'): judge_runs('answer_accuracy', [tmp_path])
    with pytest.raises(InsightkitError, match='cannot be read'): load_rubric(tmp_path/'nope.json')
    with pytest.raises(InsightkitError, match='lacks column'): judging_report(pd.DataFrame({'method': ['m']}))

# --- the CLI with the real local model: two judges, agreement, position bias, a free rerun ----------------------

def tiny_run(d: Path, variant: str, preds: list[str]):
    d.mkdir(parents=True)
    (d/'manifest.json').write_text(json.dumps({'name': d.name, 'variant': variant, 'task': 'deep', 'status': 'complete', 'settings': {}}))
    golds = [['Hinton'], ['Paris']]
    (d/'predictions.jsonl').write_text(''.join(json.dumps({'id': f'q{i}', 'question': q, 'golds': g, 'prediction': p, 'contexts': []}) + '\n'
                                               for i, (q, g, p) in enumerate(zip(['Who proposed the method?', 'Where was it held?'], golds, preds))))
    return d

def test_cli_judge_two_local_judges_and_cached_rerun(private_cache):
    a = tiny_run(private_cache/'runs'/'vanilla-x', 'vanilla', ['Hinton proposed it.', 'In Rome.'])
    b = tiny_run(private_cache/'runs'/'rag-y', 'rag', ['It was LeCun.', 'Paris'])
    cmd = [sys.executable, '-m', 'insightkit.cli', 'judge', '--rubric', 'answer_accuracy', '--input', str(a), str(b), '--judges', 'a,b', '--json']
    first = json.loads(run(cmd, timeout=600).stdout)
    assert set(first['methods']) == {'vanilla', 'rag'} and set(first['methods']['rag']) == {'a', 'b'}
    for m in first['methods'].values():
        for j in m.values():
            assert j['n'] + j['failures'] == 2
            if j['n']: assert 0 <= j['mean'] <= 5
    for judge in ('a', 'b'):  # every judge scored something: a judge whose every judgment failed is a failure here
        assert sum(m[judge]['n'] for m in first['methods'].values()) >= 1, first['methods']
    assert first['judges'][1]['style'] == 'strict' and set(first['position_bias']) == {'a', 'b'}
    # 16 planned asks (pointwise: 2 runs x 2 items x 2 judges; A/B: 2 items x 2 orders x 2 judges); a retry adds at most
    # one call, and an ask whose reply broke its schema inside the backend is counted by its repair or as a failure
    planned = 2*2*2 + 2*2*2
    assert planned <= first['calls'] + sum(first['failures'].values()) <= planned + first['retries'], first
    assert first['uncached_calls'] > 0
    again = json.loads(run(cmd, timeout=300).stdout)
    assert again['uncached_calls'] == 0 and again['methods'] == first['methods'], ({k: first[k] for k in ('calls', 'uncached_calls', 'retries', 'failures')}, {k: again[k] for k in ('calls', 'uncached_calls', 'retries', 'failures')})

# --- the paper notebook (quick mode, two questions) ---------------------------------------------------------

