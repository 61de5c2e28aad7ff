"Property checks of insightkit.evaluation.metrics on generated text and rankings (hypothesis)."
import json, os
from pathlib import Path

import pytest
from hypothesis import example, given, settings, strategies as st

from insightkit.evaluation.metrics import (answer_tokens, average, best_over_golds, bleu_scores, contains_match,
                                exact_match, hits_at_k, matching_scores, mean_mrr_over_golds, mean_over_golds,
                                mrr, normalize_answer, parse_yes_no, qa_scores, recall_at_k, rouge_scores,
                                token_f1)

settings.register_profile('insightkit', deadline=None, max_examples=150, database=None)
settings.load_profile('insightkit')

# Any Unicode text, plus a mix that often hits the interesting cases (articles, punctuation, CJK, accents).
words = st.sampled_from(['the', 'a', 'An', 'cat', 'concatenate', 'BERT', 'café', 'Cafe\u0301', '北京', '東京',
                         '–', '«', '»', '—', "Zipf's", '22,311', 'GPT-4', '...', '', ' '])
mixed = st.lists(words, max_size=8).map(' '.join)
texts = st.one_of(st.text(max_size=40), mixed)
ids = st.lists(st.integers(0, 12), max_size=15)


@given(texts)
@example("e'\u0301")  # a deleted apostrophe must not leave a letter and its accent apart
def test_normalize_is_idempotent(x):
    assert normalize_answer(normalize_answer(x)) == normalize_answer(x)


@given(texts)
def test_an_answer_contains_itself_exactly_when_it_is_not_empty(x):
    expected = 1.0 if answer_tokens(x) else 0.0
    assert contains_match(x, x) == expected
    assert exact_match(x, x) == expected
    assert token_f1(x, x) == expected


@given(texts, texts, texts)
def test_a_gold_embedded_between_words_is_found(before, gold, after):
    if answer_tokens(gold):
        assert contains_match(f'{before} {gold} {after}', gold) == 1.0


@given(texts, texts)
def test_answer_metrics_are_bounded_and_consistent(pred, gold):
    f1 = token_f1(pred, gold)
    assert 0.0 <= f1 <= 1.0
    assert f1 == pytest.approx(token_f1(gold, pred))
    em, cm = exact_match(pred, gold), contains_match(pred, gold)
    assert em in (0.0, 1.0) and cm in (0.0, 1.0)
    if em: assert cm == 1.0 and f1 == pytest.approx(1.0)
    if not answer_tokens(gold): assert em == cm == f1 == 0.0


@given(texts, st.lists(texts, max_size=5))
def test_mean_over_golds_never_exceeds_best(pred, golds):
    for metric in (contains_match, token_f1):
        assert 0.0 <= mean_over_golds(metric, pred, golds) <= best_over_golds(metric, pred, golds) + 1e-12
    assert mean_over_golds(contains_match, pred, golds + golds) == mean_over_golds(contains_match, pred, golds)


@given(st.lists(texts, max_size=6), st.booleans())
def test_qa_scores_are_fractions(preds, multi):
    s = qa_scores(preds, [[p, 'x'] for p in preds], multi=multi)
    assert s['n'] == len(preds) and 0.0 <= s['contains_match'] <= 1.0 and 0.0 <= s['f1'] <= 1.0


@given(ids, ids, st.integers(1, 20))
def test_retrieval_metrics(ranked, golds, k):
    r = recall_at_k(ranked, golds, k)
    assert 0.0 <= r <= recall_at_k(ranked, golds, k + 1) <= 1.0       # monotone in k
    assert hits_at_k(ranked, golds, k) >= r                             # any-hit is at least the fraction
    assert recall_at_k(ranked, golds, k) == recall_at_k(ranked + ranked, golds, k)  # repeats never count
    assert 0.0 <= mean_mrr_over_golds(ranked, golds) <= mrr(ranked, golds) <= 1.0
    assert (mrr(ranked, golds) > 0) == (hits_at_k(ranked, golds, max(len(ranked), 1)) == 1.0)
    if len(set(golds)) == 1: assert mean_mrr_over_golds(ranked, golds) == mrr(ranked, golds)


@given(st.text(max_size=200))
def test_parse_yes_no_never_raises(text):
    assert parse_yes_no(text) in (True, False, None)


@given(st.text(max_size=80), st.sampled_from(['Yes', 'No', 'yes', 'NO']), st.booleans(), st.booleans())
def test_parse_yes_no_reads_the_prompted_json(explanation, answer, fenced, prose):
    reply = json.dumps({'explanation': explanation, 'answer': answer}, ensure_ascii=False)
    if fenced: reply = f'```json\n{reply}\n```'
    if prose: reply = f'Here is my verdict.\n{reply}\nThanks.'
    assert parse_yes_no(reply) is (answer.lower() == 'yes')


@given(st.lists(st.tuples(st.one_of(st.none(), st.booleans(), st.text(max_size=20)), st.booleans()), max_size=20))
def test_matching_scores_are_fractions(pairs):
    s = matching_scores([p for p, _ in pairs], [g for _, g in pairs])
    assert s['n'] == len(pairs) and 0 <= s['unparsed'] <= len(pairs)
    assert 0.0 <= s['accuracy'] <= 1.0 and 0.0 <= s['f1'] <= 1.0


@settings(max_examples=40)
@given(texts, texts)
def test_text_metrics_are_bounded(pred, ref):
    for v in [*rouge_scores(pred, ref).values(), *bleu_scores(pred, ref).values()]:
        assert 0.0 <= v <= 1.0
    assert average([]) == 0.0


AAN = os.environ.get('INSIGHTKIT_SHARED_AAN')


@pytest.mark.skipif(not AAN, reason='INSIGHTKIT_SHARED_AAN is not set')
def test_aan_golds_are_found_where_they_come_from():
    "Nearly every deep gold object is found in its own abstract; every gold list scores 1 against itself."
    from insightkit.core import read_jsonl
    d = Path(AAN)
    docs = {r['id']: r['document'] for _, r in read_jsonl(d/'AAN_docs.jsonl')}
    deep = [r for _, r in read_jsonl(d/'AAN_deep.jsonl')]
    multi = [r for _, r in read_jsonl(d/'AAN_multi.jsonl')]
    assert average(contains_match(docs[r['doc-id']], r['obj']) for r in deep) >= 0.98
    assert qa_scores([r['obj'] for r in deep], [[r['obj']] for r in deep], multi=False)['contains_match'] == 1.0
    joined = ['; '.join(o['obj'] for o in r['objs']) for r in multi]
    assert qa_scores(joined, [[o['obj'] for o in r['objs']] for r in multi], multi=True)['contains_match'] == 1.0
