"""The Insight-RAG paper notebooks end to end on the embedded corpus, two questions (pairs) each, through the figures
runner; then the statistics notebook over fig3_deep's runs."""
import json
from pathlib import Path
import pandas as pd
import pytest
from conftest import ROOT, once_per_run
from insightkit.core import resolve_data
from insightkit.figures import figure_kernels, run_figure
pytestmark = pytest.mark.xdist_group('paper')  # one module fixture runs the seven notebooks

NOTEBOOKS = ('fig3_deep', 'fig4_multi', 'table6_triples', 'table2_matching', 'fig6_zscore', 'fig5_identifier', 'table3_miner')

def train_shared_miner(src) -> Path:
    """One quick miner, one epoch, that has read the documents of every item the notebooks ask about (two deep
    questions, two multi-source questions, two matching pairs: 11 documents). Each notebook's default miner is then
    this one (`find_covering_miner`: the quick default takes any finished miner that has read its documents), so the
    run checks the notebooks rather than training three miners with the full quick recipe (240 s of CI's 670 s); the
    recipe's training is checked in tests/test_miner.py."""
    from insightkit.data.insight_rag import Corpus
    from insightkit.methods.insight_rag.insights import default_miner_dir
    from insightkit.methods.insight_rag.miner_config import quick_config
    corpus = Corpus(src.dir, src.prefix)
    return default_miner_dir(corpus, [*corpus.deep[:2], *corpus.multi[:2], *corpus.matching[:2]], config=quick_config(epochs=1))

def run_paper_notebooks(tmp: Path) -> dict:
    """Run the seven notebooks once, in order, sharing one private cache (calls, embeddings, miners) and one runs
    folder; fig3_deep again, the statistics notebook and the report. Each one's manifest entry by name."""
    mp = pytest.MonkeyPatch()
    mp.setenv('INSIGHTKIT_CACHE', str(tmp/'cache'))
    mp.setenv('INSIGHTKIT_PROGRESS', '0')
    for v in ('INSIGHTKIT_CONFIG', 'INSIGHTKIT_CALL_CACHE', 'INSIGHTKIT_CACHE_MODE', 'INSIGHTKIT_RUN', 'INSIGHTKIT_RUNS', 'INSIGHTKIT_DATA'):
        mp.delenv(v, raising=False)
    src = resolve_data(None, None)
    params = dict(quick=True, data_dir=str(src.dir), prefix=src.prefix, out_dir=str(tmp/'out'), runs_dir=str(tmp/'runs'), quick_items=2, quick_deep=2, quick_multi=2)
    (tmp/'out').mkdir()
    run = lambda name, p=params: run_figure(ROOT/'paper_figures'/f'{name}.ipynb', tmp/'out', p, timeout=900)
    try:
        with figure_kernels():  # as `make figures` runs them: each kernel a fork of a warm server (its imports done once)
            train_shared_miner(src)  # while the server imports
            entries = {name: run(name) for name in NOTEBOOKS}
            again = run('fig3_deep')
            # the statistics notebook reads the RAG and Insight-RAG runs fig3_deep made, as it does in `make figures`
            entries['stats_validation'] = run('stats_validation', {**params, 'mode': 'quick'})
            entries['report'] = run('report', {**params, 'mode': 'quick'})
    finally: mp.undo()
    return {'entries': entries, 'again': again}

@pytest.fixture(scope='session')
def executed(tmp_path_factory):
    "The output folder, each notebook's manifest entry, and fig3_deep's second run (once per pytest run)."
    folder, done = once_per_run(tmp_path_factory, 'paper', run_paper_notebooks)
    return folder/'out', done['entries'], done['again']

def check_every_notebook_runs_and_writes_its_outputs(executed):
    out, entries, _ = executed
    for name, e in entries.items():
        assert e['status'] == 'ok', (name, e.get('error'))
        if name in ('stats_validation', 'report'): continue  # their outputs are checked below
        kinds = {o.rsplit('.', 1)[1] for o in e['outputs']}
        assert f'{name}.csv' in e['outputs'] and {'png', 'pdf', 'csv', 'md'} <= kinds, (name, e['outputs'])
    assert entries['fig3_deep']['llm_calls']['uncached'] > 0  # the first run really asked the model
    # every kernel was a fork of the warm server (chapter 00e_warm_kernels), none started afresh
    assert [n for n, e in entries.items() if e.get('kernel') != 'warm'] == [], {n: e.get('kernel') for n, e in entries.items()}

def check_grid_tables_hold_every_cell(executed):
    out = executed[0]
    for name, task, triples in (('fig3_deep', 'deep', [13.8, 18.9, 25.8, 35.2]), ('fig4_multi', 'multi', [12.1, 14.0, 14.7, 25.2])):
        t = pd.read_csv(out/f'{name}.csv')
        ours = t[t.source == 'ours'].astype({'k': int})
        assert sorted(zip(ours.variant, ours.k)) == [('insight-rag', 1), ('insight-rag', 3), ('rag', 1), ('rag', 3), ('vanilla', 0)], name
        assert (ours.n == 2).all() and ours['score (%)'].between(0, 100).all() and ours['F1 (%)'].between(0, 100).all()
        rag, ins = ours.set_index(['variant', 'k']).loc[('rag', 3)], ours.set_index(['variant', 'k']).loc[('insight-rag', 3)]
        assert 0 < ins.context_tokens and (task == 'multi' or ins.context_tokens < rag.context_tokens)  # a mined sentence is shorter than an abstract
        # the embedded corpus is neither AAN nor OC, so both corpora's published rows stand beside ours
        paper = t[t.source.str.startswith('paper')]
        assert paper[paper.source.str.startswith('paper, AAN') & (paper.method == 'RAG (triples)')]['score (%)'].tolist() == triples
        assert set(paper.source.str[:10]) == {'paper, AAN', 'paper, OC:'} and len(paper) == 10
        claims = pd.read_csv(out/f'{name}_claims.csv')
        assert len(claims) == 8 and claims['section'].str.startswith('§').all()
        judged = pd.DataFrame(json.loads((out/f'{name}_claims.json').read_text())['claims'])
        # two questions: no tested claim can hold; only the exact context comparison may
        holds = judged[judged.verdict == 'holds']
        assert ((holds.p_adj < 0.05) | holds.test.str.startswith('exact')).all(), holds
        assert set(judged[judged.test.str.startswith('paired')].verdict) == {'not shown at this n'}, judged.verdict
    t6 = pd.read_csv(out/'table6_triples.csv')
    ours = t6[t6.source.str.startswith('ours')]
    assert set(ours.task) == {'deep', 'multi'} and len(ours) == 8 and (ours.n == 2).all()
    tri, docs = (ours[ours.source.str.contains(w) & (ours.k == 3)].context_tokens.mean() for w in ('triple', 'RAG$'))
    assert tri < docs, (tri, docs)
    t2 = pd.read_csv(out/'table2_matching.csv')
    mine = t2[t2.model.str.startswith('ours')]
    assert list(mine.method) == ['Vanilla', 'RAG', 'Insight-RAG'] and mine.accuracy.between(0, 100).all() and (mine.n == 2).all()

def check_component_and_miner_tables(executed):
    out = executed[0]
    ident = pd.read_csv(out/'fig5_identifier.csv')
    assert set(ident.identifier) == {'llm', 'grounded', 'rules'} and set(ident.task) == {'deep', 'multi'}
    assert ident['mean score'].between(0, 1).all() and (ident.n == 2).all()
    t3 = pd.read_csv(out/'table3_miner.csv')
    assert t3['paper AAN'].tolist() == [92.1, 72.1] and t3.ours.between(0, 100).all() and (t3.n == 2).all()
    miners = sorted((out.parent/'cache'/'miners').glob('*/miner.json'))
    assert len(miners) == 1, miners  # every notebook's default miner was the shared one: none trained another

def check_zscore_notebook_reads_the_matching_runs_of_table2(executed):
    e = executed[1]['fig6_zscore']
    assert e['llm_calls']['uncached'] == 0, e['llm_calls']  # part (a)'s vanilla and insight-rag runs were table2's
    nb = json.loads((executed[0]/e['executed_notebook']).read_text())
    printed = ''.join(o.get('text', '') if isinstance(o.get('text', ''), str) else ''.join(o['text'])
                      for c in nb['cells'] if c['cell_type'] == 'code' for o in c.get('outputs', []) if o.get('output_type') == 'stream')
    assert 'changed verdicts' in printed and 'part (a) is skipped' not in printed, printed[-500:]

def check_rerun_reads_the_runs_back(executed):
    "fig3 again: every cell is read from its run folder, so no new LLM call is made."
    _, entries, again = executed
    assert again['status'] == 'ok', again.get('error')
    assert again['llm_calls']['uncached'] == 0, again['llm_calls']
    assert again['seconds'] < entries['fig3_deep']['seconds']

def check_stats_validation_reads_the_runs_of_fig3(executed):
    "The statistics notebook: seven claims checked, and a Holm-corrected report over the four RAG / Insight-RAG cells."
    out, entries, _ = executed
    e = entries['stats_validation']
    assert e['status'] == 'ok', e.get('error')
    assert e['llm_calls']['uncached'] == 0, e['llm_calls']  # every cell's run was fig3_deep's
    assert {'stats_validation_insightgen.png', 'stats_validation_report.pdf', 'stats_validation_insightgen_claims.csv',
            'stats_validation_claims.json'} <= set(e['outputs'])
    assert len(pd.read_csv(out/'stats_validation_insightgen_claims.csv')) == 7
    # fig3_deep's claims, on the same runs, with the same n, interval, adjusted p and verdict
    ours, fig3 = (pd.DataFrame(json.loads((out/f'{n}_claims.json').read_text())['claims']) for n in ('stats_validation', 'fig3_deep'))
    cols = ['higher', 'lower', 'n', 'diff', 'diff_low', 'diff_high', 'p_adj', 'verdict']
    pd.testing.assert_frame_equal(ours[cols], fig3[cols])
    rep = pd.read_csv(out/'stats_validation_report.csv')
    assert set(rep.method) == {'RAG k=1', 'RAG k=3', 'Insight-RAG k=1', 'Insight-RAG k=3'} and set(rep.metric) == {'contains_match', 'f1'}
    assert (rep['n'] == 2).all() and rep.family.dropna().str.startswith('holm over 4 tests').all()

def check_report_gathers_every_claim(executed):
    "The reproduction report: one row of verdict counts per paper, from every claims file, the shared Fig 3 claims once."
    out, entries, _ = executed
    assert entries['report']['status'] == 'ok', entries['report'].get('error')
    counts = pd.read_csv(out/'report.csv').set_index('paper')
    claims = [c for p in out.glob('*_claims.json') for c in json.loads(p.read_text())['claims']]
    shown = {(c['section'], c['statement'], c['higher'], c['lower']) for c in claims if c['paper'] == 'Insight-RAG'}
    verdicts = ['holds', 'contradicted', 'not shown at this n', 'cannot tell']
    assert counts.loc['Insight-RAG', verdicts].sum() == len(shown)
    from insightkit.evaluation.claims import EXACT_TEST
    for c in claims:  # at two items a cell no paired test reaches p < 0.05: what holds is an exact comparison
        if c['verdict'] in ('holds', 'contradicted'): assert c['test'] == EXACT_TEST or c['p_adj'] < 0.05, c
    assert (out/'report_insight_rag.csv').exists()

CHECKS = (
    check_every_notebook_runs_and_writes_its_outputs,
    check_grid_tables_hold_every_cell,
    check_component_and_miner_tables,
    check_zscore_notebook_reads_the_matching_runs_of_table2,
    check_rerun_reads_the_runs_back,
    check_stats_validation_reads_the_runs_of_fig3,
    check_report_gathers_every_claim,
)

def test_paper_notebooks(executed, subtests):
    """Every check on the one run of the notebooks, each reported on its own (pytest's subtests). One test, not seven:
    CI handed this module's tests to both pytest-xdist workers, and the second waited nine minutes for the first's run."""
    for check in CHECKS:
        with subtests.test(msg=check.__name__): check(executed)
