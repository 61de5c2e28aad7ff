"""Retrieval baselines on the real AAN benchmark, through the command a user types:
`insightkit eval retrieval --data DIR --prefix AAN --task deep|multi --retriever dense|bm25|hybrid --k 50 --json`.

Runs only when INSIGHTKIT_SHARED_AAN points at the Insight-RAG data folder. The 5,000 abstracts are
embedded once (about 150 s on 2 idle cores) into the user's embedding cache and the dense index is saved
beside it, so later runs take seconds.
"""
import json, sys
import pytest
from conftest import run
pytestmark = pytest.mark.xdist_group('aan')  # the AAN embeddings are computed once, on one worker

# Plausible Hits@50 ranges per (task, retriever), measured with all-MiniLM-L6-v2 and bm25s (no stemming);
# the Insight-RAG paper reports 0.393 for dense retrieval with a 7B embedder on AAN deep. Wide enough for
# library updates, narrow enough to catch a broken retriever or metric.
RANGES = {('deep', 'dense'): (0.50, 0.85), ('deep', 'bm25'): (0.85, 1.00), ('deep', 'hybrid'): (0.75, 1.00),
          ('multi', 'dense'): (0.50, 0.85), ('multi', 'bm25'): (0.75, 1.00), ('multi', 'hybrid'): (0.70, 1.00)}

@pytest.mark.parametrize('retriever', ['dense', 'bm25', 'hybrid'])
@pytest.mark.parametrize('task', ['deep', 'multi'])
def test_eval_retrieval_cli_on_aan(shared_aan, task, retriever):
    p = run([sys.executable, '-m', 'insightkit.cli', 'eval', 'retrieval', '--data', str(shared_aan), '--prefix', 'AAN',
             '--task', task, '--retriever', retriever, '--k', '50', '--json'], env={'INSIGHTKIT_PROGRESS': '0'})
    res = json.loads(p.stdout)
    print(f"AAN {task:5s} {retriever:6s} Hits@50 {res['hits']:.3f}  MRR {res['mrr']:.3f}")
    assert res['n'] == {'deep': 318, 'multi': 172}[task] and res['n_docs'] == 5000
    lo, hi = RANGES[task, retriever]
    assert lo <= res['hits'] <= hi, res
    assert 0 < res['mrr'] <= res['hits']

def test_eval_retrieval_bad_input(shared_aan, tmp_path):
    p = run([sys.executable, '-m', 'insightkit.cli', 'eval', 'retrieval', '--data', str(tmp_path), '--prefix', 'AAN'], check=False)
    assert p.returncode == 2 and 'AAN_docs.jsonl' in p.stderr
