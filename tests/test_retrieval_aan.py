"""Retrieval baselines on a sample of the real AAN benchmark, through the command a user types:
`insightkit eval retrieval --data DIR --prefix AAN --task deep|multi --retriever dense|bm25|hybrid --k 10 --json`.

Runs only when INSIGHTKIT_SHARED_AAN points at the Insight-RAG data folder. The sample (conftest's `aan_sample`: the
first 100 deep and 60 multi questions and 1,000 abstracts) is embedded once (about a minute of one core) into the
user's embedding cache, so later runs take seconds; k = 10 of 1,000 abstracts asks about as much as 50 of 5,000.
"""
import json, sys
import pytest
from conftest import AAN_SAMPLE, run
pytestmark = pytest.mark.xdist_group('aan')  # the AAN sample's embeddings are computed once, on one worker

# Plausible Hits@10 ranges per (task, retriever) on the sample, measured with all-MiniLM-L6-v2 and bm25s (no
# stemming): 0.78 / 0.98 / 0.95 for deep, 0.52 / 0.86 / 0.80 for multi. Wide enough for library updates, narrow
# enough to catch a broken retriever or metric.
RANGES = {('deep', 'dense'): (0.60, 0.92), ('deep', 'bm25'): (0.85, 1.00), ('deep', 'hybrid'): (0.80, 1.00),
          ('multi', 'dense'): (0.35, 0.70), ('multi', 'bm25'): (0.70, 1.00), ('multi', 'hybrid'): (0.65, 1.00)}

@pytest.mark.parametrize('retriever', ['dense', 'bm25', 'hybrid'])
@pytest.mark.parametrize('task', ['deep', 'multi'])
def test_eval_retrieval_cli_on_aan(aan_sample, task, retriever):
    p = run([sys.executable, '-m', 'insightkit.cli', 'eval', 'retrieval', '--data', str(aan_sample), '--prefix', 'AAN',
             '--task', task, '--retriever', retriever, '--k', '10', '--json'], env={'INSIGHTKIT_PROGRESS': '0'})
    res = json.loads(p.stdout)
    print(f"AAN sample {task:5s} {retriever:6s} Hits@10 {res['hits']:.3f}  MRR {res['mrr']:.3f}")
    assert res['n'] == AAN_SAMPLE[task] and res['n_docs'] == AAN_SAMPLE['docs']
    lo, hi = RANGES[task, retriever]
    assert lo <= res['hits'] <= hi, res
    assert 0 < res['mrr'] <= res['hits']

def test_eval_retrieval_bad_input(shared_aan, tmp_path):
    p = run([sys.executable, '-m', 'insightkit.cli', 'eval', 'retrieval', '--data', str(tmp_path), '--prefix', 'AAN'], check=False)
    assert p.returncode == 2 and 'AAN_docs.jsonl' in p.stderr
