"The figures runner as a user meets it: `make figures` twice, and a failing notebook among good ones."
import json, shutil, sys, time

import nbformat
from conftest import ROOT, run
import pytest
pytestmark = pytest.mark.xdist_group('aan')  # writes paper_figures/out/manifest.json, as test_paper_figures does

def test_make_figures_twice_second_is_cached_and_faster(tmp_path):
    env = {'INSIGHTKIT_CACHE': str(tmp_path/'cache'), 'INSIGHTKIT_PROGRESS': '0'}
    args = ['make', 'figures', 'FIGURES_ARGS=--only fig00_corpus']
    t0 = time.perf_counter()
    run(args, env=env)
    t_first = time.perf_counter() - t0
    m1 = json.loads((ROOT/'paper_figures/out/manifest.json').read_text())['figures']['fig00_corpus']
    t0 = time.perf_counter()
    second = run(args, env=env)
    t_second = time.perf_counter() - t0
    assert 'nothing to install' in second.stdout and 'fig00_corpus: up to date' in second.stdout, second.stdout
    m2 = json.loads((ROOT/'paper_figures/out/manifest.json').read_text())['figures']['fig00_corpus']
    assert m1 == m2 and m1['status'] == 'ok', m1.get('error')  # nothing it depends on changed: not run again
    assert {'fig00_corpus.png', 'fig00_corpus.pdf', 'fig00_corpus_counts.csv'} <= set(m2['outputs'])
    assert m2['parameters']['quick'] is True and m2['data']['origin'] in ('embedded', 'INSIGHTKIT_DATA', 'fetched')
    assert all(len(h) == 64 for h in m2['data']['sha256'].values()) and m2['versions']['transformers']
    assert t_second < t_first, (t_first, t_second)
    dry = run([sys.executable, '-m', 'insightkit.cli', 'figures', '--only', 'fig00_corpus', '--fresh', '--dry-run',
               '--json'], env=env)  # issue 28: the estimate alone; nothing runs, the manifest stays as it is
    est = json.loads(dry.stdout)
    assert est['total']['calls'] == 0 and est['notebooks']['fig00_corpus']['basis'] == 'its last quick run', est
    assert json.loads((ROOT/'paper_figures/out/manifest.json').read_text())['figures']['fig00_corpus'] == m2
    assert m2['llm_usage']['calls'] == 0
    run(['make', 'figures', 'FIGURES_ARGS=--only fig00_corpus --fresh'], env=env)  # --fresh runs it again
    m3 = json.loads((ROOT/'paper_figures/out/manifest.json').read_text())['figures']['fig00_corpus']
    assert m3['status'] == 'ok' and m3['run'] != m1['run'] and m3['llm_calls']['uncached'] == 0
    assert (ROOT/'paper_figures/out'/m2['executed_notebook']).exists()

def test_failing_notebook_does_not_stop_the_others(tmp_path):
    figs = tmp_path/'paper_figures'
    figs.mkdir()
    shutil.copy(ROOT/'paper_figures/fig00_corpus.ipynb', figs)
    bad = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell('quick = True', metadata={'tags': ['parameters']}),
                                          nbformat.v4.new_code_cell('raise ValueError("deliberate failure")')])
    nbformat.write(bad, figs/'figZZ_broken.ipynb')
    calls = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell('quick = True', metadata={'tags': ['parameters']}),
                                            nbformat.v4.new_code_cell(
        'from insightkit.generation.cache import default_call_cache\n'
        'default_call_cache().log([("k1", "generator", False, {}), ("k2", "generator", True, {})])')])
    nbformat.write(calls, figs/'figZY_calls.ipynb')
    p = run([sys.executable, '-m', 'insightkit.cli', 'figures', '--quick'], cwd=tmp_path, check=False,
            env={'INSIGHTKIT_PROGRESS': '0'})
    assert p.returncode != 0
    assert 'figZZ_broken' in p.stderr and 'deliberate failure' in p.stdout
    m = json.loads((figs/'out/manifest.json').read_text())
    assert m['figures']['fig00_corpus']['status'] == 'ok'
    assert m['figures']['figZZ_broken']['status'] == 'failed' and 'ValueError' in m['figures']['figZZ_broken']['error']
    assert m['last_run']['failed'] == ['figZZ_broken']
    # two notebooks at a time (the default on 2 cores): each counts only the calls its own kernel made
    assert m['figures']['figZY_calls']['llm_calls'] == {'calls': 2, 'cached': 1, 'uncached': 1}
    assert m['figures']['fig00_corpus']['llm_calls']['calls'] == 0

def test_a_kernel_that_hangs_in_its_start_is_started_again(tmp_path):
    """A kernel that never answers its first request (seen in CI) costs one more start, said on the notebook's line
    (three that never answer fail the figure: chapter 12a's `run_starting_kernel`)."""
    figs = tmp_path/'paper_figures'
    figs.mkdir()
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell('open("ran.txt", "w").write("yes")')]),
                   figs/'figZU_plain.ipynb')
    kernel = tmp_path/'jupyter/kernels/python3'  # found before the environment's own python3 kernel
    kernel.mkdir(parents=True)
    (kernel/'start.py').write_text(  # hangs in its first start, a real kernel from the second
        'import pathlib, sys, time\n'
        'marker = pathlib.Path(__file__).with_name("started-once")\n'
        'if not marker.exists():\n'
        '    marker.touch()\n'
        '    time.sleep(600)\n'
        'from ipykernel.kernelapp import launch_new_instance\n'
        'launch_new_instance()\n')
    spec = {'argv': [sys.executable, str(kernel/'start.py'), '-f', '{connection_file}'], 'display_name': 'hangs once',
            'language': 'python'}
    (kernel/'kernel.json').write_text(json.dumps(spec))
    env = {'JUPYTER_PATH': str(tmp_path/'jupyter'), 'INSIGHTKIT_KERNEL_START': '10', 'INSIGHTKIT_PROGRESS': '0',
           'INSIGHTKIT_FIGURE_JOBS': '1'}
    p = run([sys.executable, '-m', 'insightkit.cli', 'figures', '--quick'], cwd=tmp_path, env=env)
    assert 'figZU_plain: ok in' in p.stdout and 'its kernel started on try ' in p.stdout, p.stdout
    m = json.loads((figs/'out/manifest.json').read_text())['figures']['figZU_plain']  # try 3 if a busy CI is slow
    assert m['status'] == 'ok' and m['kernel_starts'] >= 2 and (figs/'ran.txt').read_text() == 'yes'

def test_unknown_figure_is_a_clear_error():
    p = run([sys.executable, '-m', 'insightkit.cli', 'figures', '--only', 'nope'], check=False)
    assert p.returncode == 2 and 'unknown figure(s) nope' in p.stderr and 'fig00_corpus' in p.stderr

def test_full_mode_cap_reaches_the_notebooks_that_declare_it(tmp_path):
    "Issue 28: `--full --cap N` checks the full path on N items per cell; the cap is recorded and the estimate says so."
    figs = tmp_path/'paper_figures'
    figs.mkdir()
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell('quick = True\ncap = None', metadata={'tags': ['parameters']}),
        nbformat.v4.new_code_cell('items = list(range(10))[:cap] if not quick else [0]\n'
                                  'open("seen.json", "w").write(__import__("json").dumps([quick, cap, len(items)]))')])
    nbformat.write(nb, figs/'figZX_capped.ipynb')
    cli = [sys.executable, '-m', 'insightkit.cli', 'figures']
    env = {'INSIGHTKIT_PROGRESS': '0', 'INSIGHTKIT_CACHE': str(tmp_path/'cache')}
    run(cli + ['--full', '--cap', '2'], cwd=tmp_path, env=env)
    assert json.loads((figs/'seen.json').read_text()) == [False, 2, 2]
    m = json.loads((figs/'out/manifest.json').read_text())['figures']['figZX_capped']
    assert m['status'] == 'ok' and m['parameters']['cap'] == 2 and m['mode'] == 'full'
    est = json.loads(run(cli + ['--full', '--cap', '2', '--fresh', '--dry-run', '--json'], cwd=tmp_path, env=env).stdout)
    assert 'capped at 2 items per cell' in est['notebooks']['figZX_capped']['basis'], est
    for args, says in [(['--cap', '2'], "--cap limits the full mode's items per cell; add --full"),
                       (['--full', '--param', 'kap=2'], 'no notebook run here declares kap; they declare: cap'),
                       (['--param', 'cap'], '--param wants NAME=VALUE')]:
        p = run(cli + args, cwd=tmp_path, env=env, check=False)
        lines = p.stderr.strip().splitlines()
        assert p.returncode == 2 and len(lines) == 1 and lines[0].startswith(f'insightkit: error: {says}'), p.stderr

def test_standard_mode_and_the_report_last(tmp_path):
    "Issue 39: --standard reaches the notebooks that declare `mode`; the report runs last and counts every claim."
    figs = tmp_path/'paper_figures'
    figs.mkdir()
    shutil.copy(ROOT/'paper_figures/report.ipynb', figs)
    params = lambda src: nbformat.v4.new_code_cell(src, metadata={'tags': ['parameters']})
    moded = nbformat.v4.new_notebook(cells=[params("mode = None\nquick = 'default'\nout_dir = 'out'"), nbformat.v4.new_code_cell(
        'import json, numpy as np\n'
        'from insightkit.evaluation.claims import claim, judge_claims, paired_evidence, write_claims\n'
        'json.dump([mode, quick], open("seen_moded.json", "w"))\n'
        'rng = np.random.default_rng(0)\n'
        'a = rng.binomial(1, 0.8, 40).astype(float)\n'
        'rows = [paired_evidence(claim("IP-RAR", "T4", "A beats B", "EM", "A", "B", percent=True), a, a*0),\n'
        '        paired_evidence(claim("IP-RAR", "T4", "B beats A", "EM", "B", "A", percent=True), a*0, a),\n'
        '        paired_evidence(claim("MemoRAG", "T7", "C beats D", "F1", "C", "D"), [1., 0, 1, 1], [0., 0, 0, 0])]\n'
        'write_claims(judge_claims(rows), "figZW_moded", out_dir, mode)')])
    nbformat.write(moded, figs/'figZW_moded.ipynb')
    plain = nbformat.v4.new_notebook(cells=[params('quick = None'), nbformat.v4.new_code_cell(
        'import json; json.dump(quick, open("seen_plain.json", "w"))')])
    nbformat.write(plain, figs/'figZV_plain.ipynb')
    env = {'INSIGHTKIT_PROGRESS': '0', 'INSIGHTKIT_CACHE': str(tmp_path/'cache')}
    run([sys.executable, '-m', 'insightkit.cli', 'figures', '--standard'], cwd=tmp_path, env=env)
    assert json.loads((figs/'seen_moded.json').read_text()) == ['standard', 'default']  # no `quick` passed to it
    assert json.loads((figs/'seen_plain.json').read_text()) is True  # no standard mode of its own: its quick size
    m = json.loads((figs/'out/manifest.json').read_text())['figures']
    assert m['report']['status'] == 'ok', m['report'].get('error')
    assert m['report']['parameters'] == {'mode': 'standard', 'out_dir': str(figs/'out')}
    report = (figs/'out'/m['report']['executed_notebook']).stat().st_mtime
    assert all(report > (figs/'out'/m[n]['executed_notebook']).stat().st_mtime for n in ('figZW_moded', 'figZV_plain'))
    import pandas as pd
    counts = pd.read_csv(figs/'out/report.csv').set_index('paper')
    assert counts.loc['IP-RAR', ['holds', 'contradicted', 'not shown at this n', 'cannot tell']].tolist() == [1, 1, 0, 0]
    assert counts.loc['MemoRAG', 'not shown at this n'] == 1
    assert 'figZW_moded' in counts.loc['IP-RAR', 'notebooks']

def figures_out(folder, tables: dict, calls: dict):
    "A figures output folder written by hand: each table as NAME.csv, and a manifest whose notebooks made `calls`."
    folder.mkdir()
    for name, text in tables.items(): (folder/f'{name}.csv').write_text(text)
    figures = {nb: {'status': 'ok', 'seconds': 1.0, 'outputs': [f'{nb}.csv', f'{nb}.md'],
                    'llm_calls': {'calls': n, 'uncached': n//2, 'cached': n - n//2}} for nb, n in calls.items()}
    (folder/'manifest.json').write_text(json.dumps({'figures': figures}))
    return folder

def test_compare_two_figures_runs(tmp_path, capsys):
    "Issue 42: which tables moved between two figures runs, by how many cells, and a default reason for each."
    from insightkit.figures_compare import compare_lines, compare_outputs
    same = {'figI_same': 'claim,verdict\nA beats B,holds\n'}
    before = figures_out(tmp_path/'before', {**same, 'figM_scores': 'method,score (%),seconds\nrag,41.2,3.1\nhyde,38.0,4.2\n',
                                             'figT_cost': 'memory,clue_s_full,clue_speedup,memory_tokens\ngists,1.50,3.2,512\n',
                                             'figC_counts': 'file,records\ndocs,40\n'},
                         {'figI_same': 0, 'figM_scores': 8, 'figT_cost': 0, 'figC_counts': 0})
    after = figures_out(tmp_path/'after', {**same, 'figM_scores': 'method,score (%),seconds\nrag,43.0,2.9\nhyde,38.0,4.2\n',
                                           'figT_cost': 'memory,clue_s_full,clue_speedup,memory_tokens\ngists,1.41,3.4,512\n',
                                           'figC_counts': 'file,records\ndocs,41\n', 'figN_new': 'k,recall\n1,0.5\n'},
                        {'figI_same': 0, 'figM_scores': 8, 'figT_cost': 0, 'figC_counts': 0, 'figN_new': 0})
    machine = {'model': 'AMD EPYC', 'flags': ['avx', 'avx2'], 'torch_capability': 'AVX2', 'cores': 2, 'float32_gflops': 45.1,
               'read_gbps': 5.6}  # the after run as the runner records it since the tenth session; the before run from earlier
    m = json.loads((after/'manifest.json').read_text())
    m['last_run'] = {'figures': list(m['figures']), 'failed': [], 'seconds': 1788.4, 'machine': machine}
    (after/'manifest.json').write_text(json.dumps(m))
    df = compare_outputs(before, after).set_index('table')
    assert df.status.to_dict() == {'figC_counts': 'moved', 'figI_same': 'identical', 'figM_scores': 'moved',
                                   'figN_new': 'only after', 'figT_cost': 'timing only'}
    m = df.loc['figM_scores']
    assert (m['cells'], m['moved'], m['columns'], m['llm_calls']) == (6, 2, 'score (%), seconds', 8.0)
    assert m['example'] == 'row 0, column score (%): 41.2 → 43.0'  # a result cell is quoted before a timing one
    assert (df.loc['figT_cost', 'moved'], df.loc['figT_cost', 'columns']) == (2, 'clue_s_full, clue_speedup')
    own = "no LLM calls of its own: code, data, a trained model, a timing or another notebook's outputs changed"
    assert df.why.to_dict() == {'figC_counts': own, 'figI_same': '',
                                'figM_scores': 'reads generated text: a reply changed',
                                'figN_new': 'a new table: not written before (a new output, or its notebook did not run)',
                                'figT_cost': 'timing columns only (wall-clock)'}
    assert compare_lines(df.reset_index())[0] == '5 tables: 1 identical, 2 moved, 1 timing only, 1 only after'
    cli = [sys.executable, '-m', 'insightkit.cli', 'figures', 'compare', str(before), str(after)]
    got = json.loads(run(cli + ['--json']).stdout)
    assert got['counts'] == {'identical': 1, 'moved': 2, 'timing only': 1, 'only after': 1}
    assert got['runs'] == {'before': 'before: no run recorded',
                           'after': 'after: 5 notebooks, 0 failed in 29 min 48 s; AMD EPYC (avx avx2; torch AVX2), 2 cores; '
                                    'one core now 45.1 GFLOP/s float32, reads 5.6 GB/s'}
    rows = {t['table']: t for t in got['tables']}
    assert rows['figN_new']['moved'] is None and rows['figM_scores']['why'] == 'reads generated text: a reply changed'
    from insightkit.cli import main  # the other two in this process: a second interpreter costs seconds of imports
    main(['figures', 'compare', str(before), str(after), '--table', 'figM_scores'])
    text = capsys.readouterr().out.splitlines()
    assert text[0].split() == ['method', 'score', '(%)', '(before)', 'score', '(%)', '(after)', 'seconds', '(before)',
                               'seconds', '(after)'] and text[1].split() == ['rag', '41.2', '43.0', '3.1', '2.9']
    with pytest.raises(SystemExit) as stop: main(['figures', 'compare', str(before), str(tmp_path/'nowhere')])
    assert stop.value.code == 2 and 'nowhere: no such folder' in capsys.readouterr().err
    (after/'manifest.json').unlink()  # no manifest: the tables are still compared, and the reason says what is unknown
    assert compare_outputs(before, after).set_index('table').loc['figC_counts', 'why'].startswith('no manifest.json')
