"The project's own shape: one list of requirements, the README's commands, an idempotent installer, notebooks as the source."
import configparser, json, shlex, shutil, sys
from pathlib import Path
import yaml
from conftest import ROOT, run

def tool(name: str):
    "A module of tools/ (install, book), imported as the Makefile runs it."
    sys.path.insert(0, str(ROOT/'tools'))
    try: return __import__(name)
    finally: sys.path.remove(str(ROOT/'tools'))

def settings():
    cfg = configparser.ConfigParser(delimiters=['='])
    cfg.read(ROOT/'settings.ini')
    return cfg['DEFAULT']

def test_environment_yml_defers_to_settings_ini():
    env = yaml.safe_load((ROOT/'environment.yml').read_text())
    deps = env['dependencies']
    pip_sections = [d['pip'] for d in deps if isinstance(d, dict)]
    conda_pkgs = sorted(d.split('>')[0].split('=')[0] for d in deps if isinstance(d, str))
    assert conda_pkgs == ['pip', 'python'], conda_pkgs
    assert pip_sections == [['-e ".[dev]"']]
    reqs = shlex.split(settings()['requirements'])
    assert any(r.startswith('transformers') for r in reqs) and any(r.startswith('sentence-transformers') for r in reqs)

def test_settings_pins_match_design():
    dev = shlex.split(settings()['dev_requirements'])
    assert 'nbdev==2.4.14' in dev and 'execnb==0.1.16' in dev
    assert settings()['allowed_cell_metadata_keys'] == 'tags'
    assert settings()['tst_flags'].split() == ['slow', 'gpu', 'api']

def test_readme_first_section_shows_the_two_commands():
    text = (ROOT/'README.md').read_text()
    first = text.split('\n## ')[1]
    assert first.startswith('Quick start')
    assert 'make figures' in first and 'make test' in first

def test_readme_is_rendered_from_index():
    run([sys.executable, 'tools/readme.py', '--check'])

def test_installer_second_run_installs_nothing():
    p = run([sys.executable, 'tools/install.py'])
    assert 'nothing to install' in p.stdout, p.stdout

def test_bench_builds_llama_cpp_without_amx_on_an_amx_cpu():
    "llama.cpp's AMX kernels die with an illegal instruction on worker threads: an AMX CPU gets a build without them."
    install = tool('install')
    assert install.llama_cpp_without_amx({'avx2', 'fma', 'avx512f'}) is None  # no AMX: llama.cpp's native build
    args = install.llama_cpp_without_amx({'amx_tile', 'amx_int8', 'avx2', 'avx512f', 'avx512_bf16'}).split()
    assert args[0] == '-DGGML_NATIVE=OFF' and '-DGGML_AMX_INT8=OFF' in args and '-DGGML_AMX_TILE=OFF' in args
    assert {'-DGGML_AVX2=ON', '-DGGML_AVX512=ON', '-DGGML_AVX512_BF16=ON'} <= set(args) and '-DGGML_FMA=ON' not in args

def test_uv_installs_from_where_pip_would():
    "uv gets pip's indexes, wheel folders, constraints and certificate, each once, whichever file or variable set them."
    install = tool('install')
    config = """:env:.find-links='/opt/wheels'
:env:.disable-pip-version-check='1'
global.cert='/etc/ssl/certs/ca.crt'
global.constraint='/etc/pip/constraints.txt'
global.extra-index-url='file:///a/simple file:///b/simple'
global.find-links='/opt/wheels'
user.no-index='true'"""
    flags, env = install.uv_settings(config)
    assert flags == ['--find-links', '/opt/wheels', '--constraint', '/etc/pip/constraints.txt', '--extra-index-url',
                     'file:///a/simple', '--extra-index-url', 'file:///b/simple', '--no-index']
    assert env == {'SSL_CERT_FILE': '/etc/ssl/certs/ca.crt'}
    assert install.uv_settings('') == ([], {})

def test_ci_calls_make_test():
    assert 'make test' in (ROOT/'.ci/run').read_text()

def test_library_is_what_the_notebooks_export(tmp_path):
    "nbdev_export on a copy of the checkout leaves insightkit/ unchanged."
    dst = tmp_path/'copy'
    shutil.copytree(ROOT, dst, ignore=shutil.ignore_patterns('.git', 'paper_figures', '__pycache__', '*.egg-info', 'mini_corpus'))
    before = {p.relative_to(dst): p.read_text() for p in (dst/'insightkit').glob('*.py')}
    run([str(Path(sys.executable).parent/'nbdev_export')], cwd=dst)
    after = {p.relative_to(dst): p.read_text() for p in (dst/'insightkit').glob('*.py')}
    assert before.keys() == after.keys()
    stale = [str(k) for k in before if before[k] != after[k]]
    assert not stale, f'insightkit/ differs from the notebooks: {stale}; run `make export`'

def test_nbdev_clean_keeps_papermill_parameters_tag(tmp_path):
    nb = tmp_path/'nbs'/'p.ipynb'
    nb.parent.mkdir()
    shutil.copy(ROOT/'paper_figures'/'fig00_corpus.ipynb', nb)
    shutil.copy(ROOT/'settings.ini', tmp_path/'settings.ini')
    data = json.loads(nb.read_text())
    data['cells'][1]['metadata']['scrolled'] = True
    nb.write_text(json.dumps(data))
    run([str(Path(sys.executable).parent/'nbdev_clean'), '--fname', str(nb)], cwd=tmp_path)
    cleaned = json.loads(nb.read_text())
    assert cleaned['cells'][1]['metadata'] == {'tags': ['parameters']}

def test_every_paper_notebook_starts_with_parameters():
    for nb in sorted((ROOT/'paper_figures').glob('*.ipynb')):
        cells = json.loads(nb.read_text())['cells']
        code = [c for c in cells if c['cell_type'] == 'code']
        assert 'parameters' in code[0]['metadata'].get('tags', []), nb.name

def test_cli_parser_builds_without_torch():
    "`insightkit --help` stays fast: building every subcommand's flags (the miner's from MinerConfig) imports neither torch nor transformers."
    code = "import sys; from insightkit.cli import build_parser; build_parser(); print(sorted(m for m in ('torch', 'transformers') if m in sys.modules))"
    assert run([sys.executable, '-c', code]).stdout.strip() == '[]'

def test_modules_stay_small_and_shared_code_names_no_variant(root):
    "Issue 27: no module over 400 lines; the study runner and the CLI name no variant (they learn them from the registry)."
    big = {str(p.relative_to(root)): n for p in (root/'insightkit').rglob('*.py') if p.name != '_modidx.py'
           if (n := len(p.read_text().splitlines())) > 400}
    assert big == {}, big
    from insightkit.pipeline.registry import variant_names
    names = variant_names()
    for mod in ('pipeline/studies.py', 'pipeline/runs.py', 'cli.py'):
        text = (root/'insightkit'/mod).read_text()
        assert not [n for n in names if f"'{n}'" in text or f'"{n}"' in text], (mod, [n for n in names if f"'{n}'" in text])

def is_export(cell) -> bool:
    return cell['cell_type'] == 'code' and bool(tool('book').directives(cell).keys() & {'export', 'exports', 'exporti'})

def definitions_shown(cells: list) -> tuple[int, int, int]:
    """A chapter's export cells, how many of them are followed directly by another export cell, and how many have a
    demo or test (a code cell that exports nothing) within the next two cells."""
    exports = [i for i, c in enumerate(cells) if is_export(c)]
    followed = sum(i + 1 < len(cells) and is_export(cells[i + 1]) for i in exports)
    shown = sum(any(cells[j]['cell_type'] == 'code' and not is_export(cells[j]) for j in range(i + 1, min(i + 3, len(cells))))
                for i in exports)
    return len(exports), followed, shown

def test_definitions_shown_counts_cells():
    code = lambda s: {'cell_type': 'code', 'source': s}
    md = {'cell_type': 'markdown', 'source': 'why'}
    cells = [code('#| export\ndef f(): ...'), code('#| export\ndef g(): ...'), md, code('test_eq(g(), None)'),
             code('#| export\nh = 1')]
    assert definitions_shown(cells) == (3, 1, 1)

def test_chapters_show_each_definition_at_work(root):
    """Issue 38: as fastcore's and claudette's notebooks do, a definition is followed by its use or its test — at most
    20 % of export cells come straight after another, and at least 60 % have a demo or test within two cells."""
    counts = [definitions_shown(json.loads(nb.read_text())['cells']) for nb in sorted((root/'nbs').glob('*.ipynb'))]
    exports, followed, shown = map(sum, zip(*counts))
    assert followed <= 0.20*exports and shown >= 0.60*exports, (exports, followed, shown)

def test_notebook_code_lines_fit_120(root):
    "Issue 12: every code line of every notebook in nbs/ is at most 120 characters (`make test` runs `ruff check`, which finds them)."
    long = [f'{nb.name}: {l.strip()[:60]}' for nb in sorted((root/'nbs').glob('*.ipynb'))
            for c in json.loads(nb.read_text())['cells'] if c['cell_type'] == 'code'
            for l in ''.join(c['source']).split('\n') if len(l) > 120]
    assert not long, f'{len(long)} code lines over 120 characters:\n' + '\n'.join(long)

def export_cell_sizes(root) -> dict[str, list[int]]:
    "Lines of code (directives left out) of each `#| export` cell, by notebook in nbs/."
    out = {}
    for nb in sorted((root/'nbs').glob('*.ipynb')):
        for c in json.loads(nb.read_text())['cells']:
            lines = ''.join(c['source']).strip().split('\n')
            if c['cell_type'] == 'code' and lines[0].replace(' ', '') in ('#|export', '#|exports'):
                out.setdefault(nb.name, []).append(sum(not ln.startswith('#|') for ln in lines))
    return out

def test_export_cells_are_short(root):
    "Issue 27: the fastcore / claudette shape: no export cell over 60 lines, and the median at most 12."
    sizes = export_cell_sizes(root)
    long = {nb: [n for n in ns if n > 60] for nb, ns in sizes.items() if any(n > 60 for n in ns)}
    assert not long, f'export cells over 60 lines: {long}'
    every = sorted(n for ns in sizes.values() for n in ns)
    assert every[len(every)//2] <= 12, every[len(every)//2]

def test_installer_compiles_bytecode_once_per_set_of_packages(tmp_path):
    """Where Python keeps no bytecode, the installer compiles the environment's modules once per set of installed
    packages (a stamp holds the digest), test suites left out, and this checkout's modules every time; a file in newer
    syntax is left alone."""
    install = tool('install')
    site, package, stamp = tmp_path/'site', tmp_path/'package', tmp_path/'stamp'
    for folder in (site, package): folder.mkdir()
    (site/'lib.py').write_text('X = 1\n')
    (site/'newer.py').write_text('def f[T](a): return a\n')  # 3.12 syntax: 3.11 cannot compile it
    (site/'tests').mkdir()
    (site/'tests'/'test_lib.py').write_text('T = 0\n')  # a package's own test suite: never imported
    (package/'mod.py').write_text('Y = 2\n')
    pyc = lambda folder, name: list((folder/'__pycache__').glob(f'{name}.*.pyc'))
    assert install.compile_bytecode([site, site], package, stamp, 'digest-1', workers=1) == [site]
    assert pyc(site, 'lib') and pyc(package, 'mod') and stamp.read_text() == 'digest-1'
    assert not (site/'tests'/'__pycache__').exists()
    if sys.version_info < (3, 12): assert not pyc(site, 'newer')
    (site/'later.py').write_text('Z = 3\n')
    (package/'changed.py').write_text('W = 4\n')
    assert install.compile_bytecode([site], package, stamp, 'digest-1', workers=1) == []  # the same packages
    assert not pyc(site, 'later') and pyc(package, 'changed')
    assert install.compile_bytecode([site], package, stamp, 'digest-2', workers=1) == [site]  # another set
    assert pyc(site, 'later') and stamp.read_text() == 'digest-2'
