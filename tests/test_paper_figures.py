"Paper notebooks on real data: CI regenerates table4_retriever on a sample of the shared AAN files (conftest's `aan_sample`)."
import json, sys
import pandas as pd
from conftest import AAN_SAMPLE, ROOT, run
import pytest
pytestmark = pytest.mark.xdist_group('aan')  # the AAN sample's embeddings are computed once, on one worker

def test_table4_retriever_on_aan(aan_sample):
    "Table 4 on a sample of AAN (conftest's `aan_sample`): every question of the sample, 1,000 abstracts."
    run([sys.executable, "-m", "insightkit.cli", "figures", "--quick", "--only", "table4_retriever",
             '--data', str(aan_sample), '--prefix', 'AAN'], env={'INSIGHTKIT_PROGRESS': '0'})
    m = json.loads((ROOT/'paper_figures/out/manifest.json').read_text())['figures']['table4_retriever']
    assert m['status'] == 'ok', m.get('error')
    assert m['data']['prefix'] == 'AAN' and m['data']['sha256']['AAN_docs.jsonl'] and m['parameters']['quick'] is True
    assert {'table4_retriever.png', 'table4_retriever.pdf', 'table4_retriever.csv'} <= set(m['outputs'])
    t = pd.read_csv(ROOT/'paper_figures/out/table4_retriever.csv')
    ours = t[~t.retriever.str.startswith('paper')]
    assert set(ours.task) == {'deep', 'multi'} and set(ours.retriever) == {'dense (MiniLM)', 'BM25', 'hybrid (RRF)'}
    assert (ours.questions == ours.task.map(AAN_SAMPLE)).all()
    hits = ours.set_index(['task', 'retriever'])['Hits@50']  # of 1,000 abstracts: the sample is easier than AAN
    assert hits['deep', 'BM25'] > 0.85 and 0.8 < hits['deep', 'dense (MiniLM)'] <= 1
    assert t[t.retriever.str.startswith('paper, AAN')]['Hits@50'].tolist() == [0.393, 0.468]
