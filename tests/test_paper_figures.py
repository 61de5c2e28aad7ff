"Paper notebooks on real data: CI regenerates table4_retriever on the shared AAN files (quick mode samples questions, never documents)."
import json, sys
import pandas as pd
from conftest import ROOT, run
import pytest
pytestmark = pytest.mark.xdist_group('aan')  # the AAN embeddings are computed once, on one worker

def test_table4_retriever_on_aan(shared_aan):
    run([sys.executable, "-m", "insightkit.cli", "figures", "--quick", "--only", "table4_retriever",
             '--data', str(shared_aan), '--prefix', 'AAN'], env={'INSIGHTKIT_PROGRESS': '0'})
    m = json.loads((ROOT/'paper_figures/out/manifest.json').read_text())['figures']['table4_retriever']
    assert m['status'] == 'ok', m.get('error')
    assert m['data']['prefix'] == 'AAN' and m['data']['sha256']['AAN_docs.jsonl'] and m['parameters']['quick'] is True
    assert {'table4_retriever.png', 'table4_retriever.pdf', 'table4_retriever.csv'} <= set(m['outputs'])
    t = pd.read_csv(ROOT/'paper_figures/out/table4_retriever.csv')
    ours = t[~t.retriever.str.startswith('paper')]
    assert set(ours.task) == {'deep', 'multi'} and set(ours.retriever) == {'dense (MiniLM)', 'BM25', 'hybrid (RRF)'}
    assert (ours.questions == 100).all()
    bm25 = ours.set_index(['task', 'retriever'])['Hits@50']
    assert bm25['deep', 'BM25'] > 0.85 and 0.4 < bm25['deep', 'dense (MiniLM)'] < 0.9
    assert t[t.retriever.str.startswith('paper, AAN')]['Hits@50'].tolist() == [0.393, 0.468]
