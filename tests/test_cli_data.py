"The data and benchmark commands as a user runs them: the embedded corpus checked, AAN counted, damage located, benches' JSON."
import json, shutil, sys
from conftest import ROOT, run

CLI = [sys.executable, '-m', 'insightkit.cli']

def test_embedded_corpus_meets_its_rules():
    "Every deep item's subject and object occur once in its abstract and its pair has one object; multi spans ≥ 2 abstracts; matching is balanced."
    p = run([sys.executable, 'tools/check_mini_corpus.py', str(ROOT/'insightkit/mini_corpus')])
    assert 'OK: no violations' in p.stdout
    r = json.loads(run([*CLI, 'data', 'check', str(ROOT/'insightkit/mini_corpus'), '--prefix', 'MINI', '--json']).stdout)
    assert r['ok'] and r['problems'] == []
    c = r['counts']
    assert c['docs'] >= 60 and c['graph'] >= 200 and c['deep'] >= 30 and c['multi'] >= 15 and c['matching'] >= 40

def test_embedded_datasets_are_their_own_source(tmp_path):
    "Issue 27: no generator; the embedded files meet their rules, the README states their counts, and a stale count is named."
    assert not (ROOT/'tools/make_embedded.py').exists()
    assert run([sys.executable, 'tools/check_embedded.py']).stdout.rstrip().endswith('all checks passed')
    shutil.copytree(ROOT/'insightkit/embedded', tmp_path/'e')
    readme = tmp_path/'e/README.md'
    text = readme.read_text()
    row = next(ln for ln in text.splitlines() if ln.startswith('| `leval/'))
    readme.write_text(text.replace(row, row.replace(' | 1 | ', ' | 2 | ', 1)))  # each L-Eval file holds 1 document
    p = run([sys.executable, 'tools/check_embedded.py', str(tmp_path/'e'), '--skip-tokens'], check=False)
    assert p.returncode == 1 and row.rsplit(' | ', 1)[0] in p.stdout, p.stdout

def test_data_check_counts_the_official_aan_files(shared_aan):
    r = json.loads(run([*CLI, 'data', 'check', str(shared_aan), '--prefix', 'AAN', '--json']).stdout)
    assert r['ok'] and r['counts'] == {'docs': 5000, 'graph': 21526, 'deep': 318, 'multi': 172, 'matching': 500}

def test_data_check_names_the_broken_line(shared_aan, tmp_path):
    for f in shared_aan.glob('AAN_*.jsonl'): shutil.copy(f, tmp_path)
    lines = (tmp_path/'AAN_graph.jsonl').read_text().splitlines(keepends=True)
    rec = json.loads(lines[6])
    del rec['obj']
    lines[6] = json.dumps(rec) + '\n'
    (tmp_path/'AAN_graph.jsonl').write_text(''.join(lines))
    p = run([*CLI, 'data', 'check', str(tmp_path), '--prefix', 'AAN', '--json'], check=False)
    assert p.returncode == 2 and p.stderr.count('\n') == 1 and 'AAN_graph.jsonl:7' in p.stderr, p.stderr
    r = json.loads(p.stdout)
    assert not r['ok'] and r['dataset'] == 'insight-rag' and len(r['problems']) == 1, r['problems']
    assert r['problems'][0].startswith("AAN_graph.jsonl:7: field 'obj'"), r['problems']

def test_bench_embed_prints_its_json(tmp_path):
    r = json.loads(run([*CLI, 'bench', 'embed', '--limit', '40', '--json'],
                       env={'INSIGHTKIT_CACHE': str(tmp_path), 'INSIGHTKIT_PROGRESS': '0'}).stdout)
    assert r['n'] == 40 and r['cold_docs_per_s'] > 0 and r['warm_docs_per_s'] > 0

def test_bench_llm_prints_its_json():
    r = json.loads(run([*CLI, 'bench', 'llm', '--prompts', '2', '--max-tokens', '8', '--json'], env={'INSIGHTKIT_PROGRESS': '0'}).stdout)
    assert {'cold_load_s', 'warm_load_s', 'gen_tokens_per_s', 'cache_hit_ms'} <= set(r)
    assert r['gen_tokens_per_s'] > 0 and r['cache_hit_ms'] > 0

def test_bench_data_select_recovers_the_official_aan_items(shared_aan):
    r = json.loads(run([*CLI, 'bench-data', 'select', '--data', str(shared_aan), '--prefix', 'AAN', '--json']).stdout)
    assert r['deep_recall'] >= 0.95 and r['multi_recall'] >= 0.95
    assert r['deep_candidates'] >= 318 and r['multi_candidates'] >= 172

def test_bench_data_build_on_the_embedded_corpus_passes_data_check(tmp_path):
    env = {'INSIGHTKIT_CALL_CACHE': str(tmp_path/'calls.sqlite'), 'INSIGHTKIT_PROGRESS': '0'}
    r = json.loads(run([*CLI, 'bench-data', 'build', '--docs', str(ROOT/'insightkit/mini_corpus/MINI_docs.jsonl'),
                        '--out', str(tmp_path/'built'), '--prefix', 'T', '--limit', '3', '--json'], env=env).stdout)
    assert r['check_ok'] is True
    check = json.loads(run([*CLI, 'data', 'check', str(tmp_path/'built'), '--prefix', 'T', '--json']).stdout)
    assert check['ok'] and check['counts']['docs'] == 3
