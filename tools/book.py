#!/usr/bin/env python3
"""The book: a static HTML site of the chapters, the course and the paper figures, built into `_docs/`.

`make book` runs this script: it stages the notebooks into a build folder (`_proc/book/docs`), with nbdev's `#| hide`
cells left out and cell directives stripped, writes the table of contents (chapters grouped by part, then the course,
then the paper figures) and builds the site with MkDocs + mkdocs-jupyter, which renders the outputs the notebooks
carry and never executes them. Paper figures come from `paper_figures/out/notebooks/` (executed by
`make figures`) when there, else from their sources, and so do course lessons (`course/out/notebooks/`); the PNGs
a figure's run wrote are shown under it.
Links are relative (`use_directory_urls: false`), so the site reads from disk; the notebook styles every page
repeated are moved into shared files. Search needs the site served (`python -m http.server -d _docs`). MkDocs runs
through `tools/book_mkdocs.py`, which compiles nbconvert's page templates once per build rather than once a page.
A page reads cleanly: its TeX is typeset by MathJax served from the site itself (jupyter-server-mathjax's copy, under
assets/mathjax; no CDN), stored outputs are shown without progress bars, library warnings, tracebacks (an error is
its one-line message) or paths of the machine they ran on, each page links the previous and the next one, and a wide
output scrolls inside its block (tools/book_assets/). `tools/book_screens.py` takes screenshots of pages.

`--execute-chapters` stores outputs in the chapters that run on our embedded data only (`--embedded` lists them): each
runs once in its own process, in nbs/, as `nbdev_test` runs it (cells flagged slow / gpu / api skipped), with no data
root, no fetched copy and no user config in reach; small, scrubbed outputs are written back into nbs/*.ipynb.
`--quiet-chapters` removes progress bars and warnings from the chapters' stored outputs without running anything.
"""
import argparse, base64, json, os, re, shutil, subprocess, sys, tempfile, time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD, SITE = ROOT/'_proc'/'book', ROOT/'_docs'
# chapters by their number, one number per subsystem in import order (label, first, last): 00 core, 01 generation,
# 02 data, 03 retrieval; 04 evaluation; 05 pipeline; 06-10 the methods; 11 bench, 12 figures, 13 command line,
# 14 course, 15 catalogue
PARTS = [('Foundation', 0, 3), ('Evaluation', 4, 4), ('Pipeline', 5, 5), ('Methods', 6, 10), ('Figures & CLI', 11, 99)]
MAX_CELL_OUTPUT = 20_000          # bytes of JSON: a cell whose outputs are bigger keeps none of them
DIRECTIVE = re.compile(r'^\s*#\s*\|\s*([\w-]+:?)(.*)$')
# a chapter reads data from outside the project when a cell it runs names the data root, or the shared data
READS_OUTSIDE = re.compile(r"(?:environ\.get\(|getenv\()\s*['\"]INSIGHTKIT_(?:DATA|SHARED_AAN)"
                           r"|environ\[\s*['\"]INSIGHTKIT_SHARED_AAN|shared/data|\.\./shared")
SKIP_FLAGS = ('slow', 'gpu', 'api')          # settings.ini tst_flags: nbdev_test leaves these cells out too
# what a chapter run must not see: data roots, the user's model / endpoint config, runs and plugins
HIDDEN_ENV = ('INSIGHTKIT_DATA', 'INSIGHTKIT_SHARED_AAN', 'INSIGHTKIT_CONFIG', 'INSIGHTKIT_CALL_CACHE',
              'INSIGHTKIT_RUN', 'INSIGHTKIT_RUNS', 'INSIGHTKIT_PLUGINS', 'INSIGHTKIT_CACHE_MODE',
              'INSIGHTKIT_OPENAI_BASE_URL', 'OPENAI_API_KEY', 'OPENAI_BASE_URL')

def read_nb(path: Path) -> dict: return json.loads(Path(path).read_text(encoding='utf-8'))

def write_nb(nb: dict, path: Path):
    "nbdev_clean's layout (sorted keys, one-space indent, UTF-8, final newline), so cleaning it again changes nothing."
    Path(path).write_text(json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + '\n', encoding='utf-8')

def src(cell) -> str: return ''.join(cell['source']) if isinstance(cell['source'], list) else cell['source']

def directives(cell) -> dict:
    "The `#| key value` lines at the top of a cell, as {key: value} (nbdev's `eval:` keeps its colon)."
    out = {}
    for line in src(cell).split('\n'):
        m = DIRECTIVE.match(line)
        if not m: break
        out[m[1]] = m[2].strip()
    return out

def title_of(nb: dict, default: str) -> tuple[str, str]:
    "The notebook's first `# heading` and its `> description` line (nbdev's front matter)."
    for c in nb['cells']:
        if c['cell_type'] != 'markdown': continue
        lines = src(c).split('\n')
        head = next((ln[2:].strip() for ln in lines if ln.startswith('# ')), None)
        if head:
            desc = next((ln[1:].strip() for ln in lines if ln.startswith('> ')), '')
            return head, desc
    return default, ''

# ---------------------------------------------------------------- which chapters run on our own data

def chapters() -> list[Path]: return sorted((ROOT/'nbs').glob('*.ipynb'))

def run_cells(nb: dict) -> list[dict]:
    "The code cells a chapter run executes: not exported definitions, not hidden from tests by a flag."
    out = []
    for c in nb['cells']:
        if c['cell_type'] != 'code': continue
        d = directives(c)
        if (d.keys() & {'export', 'exports', 'exporti', *SKIP_FLAGS} or d.get('eval:') == 'false'
                or 'nbdev_export(' in src(c)): continue
        out.append(c)
    return out

def outside_reads(path: Path) -> list[str]:
    "The lines of cells a run executes that read a data root or the shared data (empty: embedded data only)."
    return [ln.strip() for c in run_cells(read_nb(path)) for ln in src(c).split('\n') if READS_OUTSIDE.search(ln)]

def displays(cell) -> bool:
    "Whether running the cell shows something: a last expression that is not a test_* call, or a print / display."
    import ast
    code = '\n'.join(ln for ln in src(cell).split('\n') if not ln.lstrip().startswith(('%', '!')))
    try: tree = ast.parse(code)
    except SyntaxError: return False
    name = lambda call: getattr(call.func, 'id', getattr(call.func, 'attr', ''))
    last = tree.body[-1] if tree.body and not code.rstrip().endswith(';') else None
    quiet = lambda call: name(call).startswith('test') or name(call) in ('pop', 'update', 'append', 'mkdir')
    if isinstance(last, ast.Expr) and not (isinstance(last.value, ast.Call) and quiet(last.value)): return True
    return any(isinstance(n, ast.Call) and name(n) in ('print', 'display', 'show_doc') for n in ast.walk(tree))

def shows_something(path: Path) -> bool:
    "Whether a cell the reader sees (not `#| hide`) shows something when the chapter runs."
    return any(displays(c) for c in run_cells(read_nb(path)) if 'hide' not in directives(c))

def embedded_chapters() -> list[Path]:
    "Chapters whose executed cells name no data root and no shared data: their outputs come from our embedded data."
    return [p for p in chapters() if not outside_reads(p)]

# ---------------------------------------------------------------- storing outputs in chapters

def run_one(nb_path: Path, dest: Path):
    "In a fresh process: run the chapter as nbdev_test does and write {cell id: (source, outputs)} to `dest`."
    from execnb.nbio import read_nb as exec_read
    from execnb.shell import CaptureShell
    from fastcore.xtras import working_directory
    os.environ['IN_TEST'] = '1'
    nb = exec_read(nb_path)
    for c in nb.cells:
        if c.cell_type == 'code': c.outputs = []   # execnb keeps a cell's old outputs when it now shows nothing
    def skip(cell):
        if cell.cell_type != 'code': return True
        d = directives(cell)
        return 'nbdev_export(' in cell.source or d.get('eval:') == 'false' or bool(d.keys() & set(SKIP_FLAGS))
    shell = CaptureShell(nb_path, mpl_format='png')        # half the bytes of retina
    with working_directory(nb_path.parent): shell.run_all(nb, exc_stop=True, preproc=skip)
    got = {c.id: {'source': c.source, 'outputs': json.loads(json.dumps(c.get('outputs') or []))}
           for c in nb.cells if c.cell_type == 'code' and c.get('id')}
    dest.write_text(json.dumps(got), encoding='utf-8')

# what a stored output must not show a reader: a progress bar (tqdm redraws with \r; its bar, counts and rates), and
# on stderr a library's warning: `file.py:21: FutureWarning: ...` and the indented source line Python prints under it
PROGRESS_LINE = re.compile(r'\r|\d+%\|.*\||\d+/\d+ \[[\d:<?]+|[\d.?]+(?:it|s)/(?:s|it)\]')
WARNING_LINE = re.compile(r'^(?:\S.*:\d+: )?\w*Warning: ')

def quiet_text(text: str, stderr: bool = True) -> str:
    "A stream's text without its progress-bar lines and, on stderr, its warnings; '' when nothing else was in it."
    kept, in_warning = [], False
    for line in text.splitlines(keepends=True):
        if stderr and WARNING_LINE.match(line):
            in_warning = True
            continue
        if in_warning and line[:1] in (' ', '\t'): continue
        in_warning = False
        if not PROGRESS_LINE.search(line): kept.append(line)
    return ''.join(kept) if ''.join(kept).strip() else ''

# paths of the machine a notebook ran on: an installed library's file, a Python install, a home or temporary folder
LOCAL_PATHS = [(re.compile(r'[^\s\'"<>()\[\]]*/(?:site-packages|dist-packages)/'), ''),
               (re.compile(r'[^\s\'"<>()\[\]]*/\.pyenv/versions/[^/\s]+/'), ''),
               (re.compile(r'(?:/root|/home/[\w.-]+)(?![\w.-])'), '~'),
               (re.compile(r'/(?:var/)?tmp/[^\s/\'"<>:,;()\[\]]+'), '…')]

def without_local_paths(text: str) -> str:
    "Text as a reader needs it: a library's file by its package path, a home folder as ~, a temporary folder as …."
    for pattern, short in LOCAL_PATHS: text = pattern.sub(short, text)
    return text

def scrubber(cache: Path):
    "Text clean-up for outputs: paths of this machine, temp folders, object addresses, credential values."
    from insightkit.secrets import scrub
    subs = [(str(cache), '~/.cache/insightkit'), (str(ROOT), '.'), (str(Path.home()), '~'),
            (tempfile.gettempdir().rstrip('/') + '/', '/tmp/')]
    def clean(text: str) -> str:
        for a, b in subs: text = text.replace(a, b)
        return scrub(re.sub(r' at 0x[0-9a-f]{6,}', '', without_local_paths(text)))
    return clean

def as_lines(text: str) -> list[str]: return text.splitlines(keepends=True)

def tidy(outputs: list[dict], clean) -> list[dict]:
    "Small, stable outputs: no widgets, progress bars or counts; paths scrubbed; a cell over the limit keeps none."
    kept = []
    for o in outputs:
        o = {k: v for k, v in o.items() if k != 'transient'}
        if o['output_type'] == 'stream':
            text = quiet_text(''.join(o['text']), o['name'] == 'stderr')     # no progress bars, no deprecations
            if not text: continue
            o['text'] = as_lines(clean(text))
        elif o['output_type'] == 'error': continue
        else:
            data = {k: v for k, v in o.get('data', {}).items() if 'widget' not in k}
            if not data or o.get('data', {}).keys() - data.keys(): continue   # a widget and its text stand-in
            for k, v in data.items():
                v = ''.join(v) if isinstance(v, list) else v
                if k.startswith('image/') and 'svg' not in k: data[k] = v.rstrip()
                elif isinstance(v, str): data[k] = as_lines(clean(v))
            o['data'], o['metadata'] = data, {}
            if o['output_type'] == 'execute_result': o['execution_count'] = None
        if len(json.dumps(o)) <= MAX_CELL_OUTPUT: kept.append(o)
    return kept if len(json.dumps(kept)) <= MAX_CELL_OUTPUT else []

def quiet_chapter(nb_path: Path) -> int:
    """Remove the progress bars and library warnings from a chapter's stored stream outputs, nothing else, without
    running it; rewrites the file only when something went; returns how many outputs changed or went."""
    nb, changed = read_nb(nb_path), 0
    for c in nb['cells']:
        outputs = []
        for o in c.get('outputs', []):
            text = quiet_text(''.join(o['text']), o['name'] == 'stderr') if o['output_type'] == 'stream' else None
            if text is not None and text != ''.join(o['text']):
                changed += 1
                if not text: continue
                o = {**o, 'text': as_lines(text)}
            outputs.append(o)
        if 'outputs' in c: c['outputs'] = outputs
    if changed: write_nb(nb, nb_path)
    return changed

def store_outputs(nb_path: Path, got: dict, clean) -> tuple[int, int]:
    """Write the run's outputs into the chapter as it is now (re-read): only into cells whose source is unchanged and
    that the reader sees (not `#| hide`)."""
    nb, n_out, stale = read_nb(nb_path), 0, 0
    before = json.dumps(nb, sort_keys=True)
    for c in nb['cells']:
        if c['cell_type'] != 'code': continue
        r = got.get(c.get('id'))
        if r is None or r['source'] != src(c):
            stale += r is not None
            c['outputs'] = []
            continue
        hidden = 'hide' in directives(c)   # a cell the reader never sees keeps no output
        c['outputs'], c['execution_count'] = [] if hidden else tidy(r['outputs'], clean), None
        n_out += bool(c['outputs'])
    nb.get('metadata', {}).pop('widgets', None)
    if json.dumps(nb, sort_keys=True) != before: write_nb(nb, nb_path)     # an unchanged chapter is left untouched
    return n_out, stale

def run_env(cache: Path) -> dict:
    "A chapter run's environment: one thread, no progress bars, a private cache that reuses the converted models."
    from insightkit.core import cache_dir
    real = cache_dir()
    for sub in ('models', 'embed'):          # content-addressed: reusing them changes no output
        if (real/sub).is_dir(): (cache/sub).symlink_to(real/sub)
    env = {k: v for k, v in os.environ.items() if k not in HIDDEN_ENV}
    return {**env, 'INSIGHTKIT_CACHE': str(cache), 'INSIGHTKIT_THREADS': env.get('INSIGHTKIT_THREADS', '1'),
            'INSIGHTKIT_PROGRESS': '0', 'TQDM_DISABLE': '1', 'HF_HUB_OFFLINE': '1', 'TRANSFORMERS_OFFLINE': '1',
            'TOKENIZERS_PARALLELISM': 'false', 'PYTHONHASHSEED': '0', 'OMP_NUM_THREADS': '1',
            'MKL_NUM_THREADS': '1'}

def execute_chapters(names: list[str], timeout: int, unchanged_for: float) -> dict:
    "Run each embedded-data chapter once, one at a time, and store its outputs; returns {chapter: result}."
    todo = [p for p in embedded_chapters() if not names or p.stem in names or p.name in names]
    results = {}
    for p in todo:
        if unchanged_for and time.time() - p.stat().st_mtime < unchanged_for * 60:
            results[p.stem] = f'skipped: changed in the last {unchanged_for:g} minutes'
            print(p.stem, results[p.stem])
            continue
        with tempfile.TemporaryDirectory(prefix='book-run-') as d:
            cache, dest, t0 = Path(d)/'cache', Path(d)/'outputs.json', time.monotonic()
            cache.mkdir()
            try:
                proc = subprocess.run([sys.executable, __file__, '--run-one', str(p), '--to', str(dest)], cwd=ROOT,
                                      env=run_env(cache), capture_output=True, text=True, timeout=timeout)
                ok, why = proc.returncode == 0, proc.stderr.strip()[-1500:]
            except subprocess.TimeoutExpired: ok, why = False, f'timed out after {timeout} s'
            secs = time.monotonic() - t0
            if ok:
                n, stale = store_outputs(p, json.loads(dest.read_text(encoding='utf-8')), scrubber(cache))
                results[p.stem] = f'ok: {n} cells with outputs, {secs:.0f} s' + (f', {stale} cells edited meanwhile'
                                                                                  if stale else '')
            else: results[p.stem] = f'FAILED ({secs:.0f} s): {why}'
        print(p.stem, results[p.stem], flush=True)
    return results

# ---------------------------------------------------------------- staging and building the site

def reader_output(o: dict) -> dict | None:
    """What a reader sees of one stored output (None: nothing): no progress bar or warning (older executed notebooks,
    the course's lessons), an error as its one-line message, not a traceback; no path of the machine it ran on."""
    o = json.loads(json.dumps(o))
    if o['output_type'] == 'stream':
        text = without_local_paths(quiet_text(''.join(o['text']), o['name'] == 'stderr'))
        return {**o, 'text': as_lines(text)} if text else None
    if o['output_type'] == 'error':
        return {**o, 'traceback': [without_local_paths(f"{o['ename']}: {o['evalue']}")]}
    for kind, value in o.get('data', {}).items():
        if kind.startswith('text/'): o['data'][kind] = without_local_paths(''.join(value))
    return o

def reader_outputs(outputs: list[dict]) -> list[dict]: return [r for o in outputs if (r := reader_output(o))]

def stage_nb(src_path: Path, dest: Path, pages: set[str]):
    "A reader's copy: `#| hide` cells out, directives stripped, links to staged notebooks made .html, no local paths."
    nb = json.loads(src_path.read_text(encoding='utf-8').replace(json.dumps(str(ROOT) + '/')[1:-1], ''))
    cells = []
    for c in nb['cells']:
        d = directives(c) if c['cell_type'] == 'code' else {}
        if 'hide' in d or d.get('include:') == 'false': continue
        if c['cell_type'] == 'code':
            lines = src(c).split('\n')
            while lines and DIRECTIVE.match(lines[0]): lines.pop(0)
            c['outputs'] = reader_outputs(c.get('outputs', []))
            if not any(ln.strip() for ln in lines) and not c['outputs']: continue
            c['source'] = '\n'.join(lines)
        elif c['cell_type'] == 'markdown':
            c['source'] = re.sub(r'\]\(([\w.-]+)\.ipynb(#[^)]*)?\)',
                                 lambda m: f']({m[1]}.html{m[2] or ""})' if m[1] in pages else m[0], src(c))
        cells.append(c)
    nb['cells'] = cells
    nb.get('metadata', {}).pop('widgets', None)
    dest.parent.mkdir(parents=True, exist_ok=True)
    write_nb(nb, dest)

def figure_images(name: str) -> list[Path]:
    "The PNGs `make figures` wrote for paper notebook `name`, as out/manifest.json lists them."
    out = ROOT/'paper_figures'/'out'
    try: entry = read_nb(out/'manifest.json')['figures'][name]
    except (OSError, KeyError, ValueError): return []
    return [out/f for f in entry.get('outputs', []) if f.endswith('.png') and (out/f).is_file()]

def add_images(path: Path, pngs: list[Path]):
    "Show a figure notebook's PNGs at the end of its page, embedded (the page stays one file)."
    nb = read_nb(path)
    for f in pngs:
        nb['cells'].append({'cell_type': 'markdown', 'id': f'png-{len(nb["cells"])}', 'metadata': {},
                            'attachments': {f.name: {'image/png': base64.b64encode(f.read_bytes()).decode()}},
                            'source': f'**{f.name}**\n\n![{f.name}](attachment:{f.name})'})
    write_nb(nb, path)

def solutions_of(lesson: Path) -> Path:
    "A course lesson's solutions file: course/solutions/NN_name.py."
    return ROOT/'course'/'solutions'/f'{lesson.stem}.py'

def solutions_nb(py: Path) -> dict:
    """A lesson's solutions as a page: its docstring the title, the imports in one cell, then each definition in its
    own cell, under an `Exercise N.M` heading when its docstring starts so."""
    import ast
    text = py.read_text(encoding='utf-8')
    tree, lines = ast.parse(text), text.split('\n')
    md = lambda s: {'cell_type': 'markdown', 'id': f'md-{len(cells)}', 'metadata': {}, 'source': s}
    code = lambda s: {'cell_type': 'code', 'id': f'code-{len(cells)}', 'metadata': {}, 'execution_count': None,
                      'outputs': [], 'source': s}
    cells = []
    cells.append(md(f'# {(ast.get_docstring(tree) or py.stem).rstrip(".")}\n\n> Each passes its check '
                    f'(tests/test_exercises.py).\n\nBack to [the lesson]({py.stem}.html).'))
    body = [n for n in tree.body if not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))]
    source = lambda n: '\n'.join(lines[min([n.lineno, *(d.lineno for d in getattr(n, 'decorator_list', []))]) - 1:
                                        n.end_lineno])
    imports = [source(n) for n in body if isinstance(n, (ast.Import, ast.ImportFrom))]
    if imports: cells.append(code('\n'.join(imports)))
    for n in body:
        if isinstance(n, (ast.Import, ast.ImportFrom)): continue
        doc = ast.get_docstring(n) if isinstance(n, (ast.FunctionDef, ast.ClassDef)) else None
        if doc and (m := re.match(r'Exercise (\d+\.\d+)', doc)): cells.append(md(f'## Exercise {m[1]}'))
        cells.append(code(source(n)))
    return {'cells': cells, 'metadata': {'kernelspec': {'display_name': 'python3', 'language': 'python',
                                                        'name': 'python3'}}, 'nbformat': 4, 'nbformat_minor': 5}

def link_solutions(path: Path, lesson: str):
    "End a staged lesson page with a link to its solutions page."
    nb = read_nb(path)
    nb['cells'].append({'cell_type': 'markdown', 'id': 'solutions-link', 'metadata': {},
                        'source': f'## Solutions\n\nThe exercises\' solutions: [Solutions to this lesson]'
                                  f'(solutions_{lesson}.html).'})
    write_nb(nb, path)

def part_of(path: Path) -> str:
    "A chapter's part, by its number (index: the first)."
    m = re.match(r'(\d+)', path.stem)
    n = int(m[1]) if m else 0
    return next((label for label, lo, hi in PARTS if lo <= n <= hi), PARTS[-1][0])

def executed(p: Path) -> Path:
    "A paper figure's or lesson's executed copy (`out/notebooks/` beside it), else the notebook itself."
    ran = p.parent/'out'/'notebooks'/p.name
    return ran if ran.is_file() else p

def collect(only_chapters=None, only_figures=None, course=True) -> list[tuple[str, str, Path]]:
    "(section, page path in the site, source notebook), in reading order: parts, course, paper figures."
    sel = lambda p, only: not only or p.stem in only or p.name in only
    chs = sorted((p for p in chapters() if sel(p, only_chapters)), key=lambda p: (p.stem != 'index', p.stem))
    parts = {p: part_of(p) for p in chs}
    out = []
    for label, *_ in PARTS:
        got = [p for p in chs if parts[p] == label]
        nums = sorted({m[1] for p in got if (m := re.match(r'(\d+)', p.stem))})
        span = f' ({nums[0]}–{nums[-1]})' if len(nums) > 1 else ''
        out += [(label + span, f'chapters/{p.name}', p) for p in got]
    if course and (ROOT/'course').is_dir():                 # lessons as the course runs them, when it has
        for p in sorted((ROOT/'course').glob('*.ipynb')):
            out.append(('Course', f'course/{p.name}', executed(p)))
            if (sol := solutions_of(p)).is_file(): out.append(('Course', f'course/solutions_{p.stem}.ipynb', sol))
    for p in sorted((ROOT/'paper_figures').glob('*.ipynb')):
        if only_figures is not None and p.stem not in only_figures and p.name not in only_figures: continue
        out.append(('Paper figures', f'figures/{p.name}', executed(p)))
    return out

def stage(pages, build: Path) -> list:
    "Copy the notebooks into build/docs; returns the navigation [(section, [(title, page, description)])]."
    docs = build/'docs'
    if build.exists(): shutil.rmtree(build)
    docs.mkdir(parents=True)
    names = {Path(page).stem for _, page, _ in pages}
    nav: dict[str, list] = {}
    for section, page, path in pages:
        if path.suffix == '.py':                            # a lesson's solutions
            write_nb(solutions_nb(path), docs/page)
            path = docs/page
        else: stage_nb(path, docs/page, names)
        if page.startswith('figures/') and path.parent.name == 'notebooks':
            if pngs := figure_images(path.stem): add_images(docs/page, pngs)
        if section == 'Course' and f'solutions_{path.stem}' in names: link_solutions(docs/page, path.stem)
        title, desc = title_of(read_nb(path), path.stem)
        nav.setdefault(section, []).append((f'{path.stem}: {title}' if section != 'Course' else title, page, desc))
    return list(nav.items())

def index_md(nav) -> str:
    "The home page: the project in one line, then every page by part, each with its description."
    import configparser
    cfg = configparser.ConfigParser(delimiters=['='])
    cfg.read(ROOT/'settings.ini', encoding='utf-8')
    lines = ['# insightkit', '', cfg['DEFAULT'].get('description', ''), '',
             'Chapters explain and implement the library; the course teaches it; paper figures regenerate the papers\''
             ' figures and tables. Pages show the outputs the notebooks carry (paper figures: from the last '
             '`make figures`).', '']
    if 'figures/report.ipynb' in {page for _, items in nav for _, page, _ in items}:
        lines += ['**Start with the [reproduction report](figures/report.ipynb)**: every claim of the five papers with '
                  'what our runs give (n, interval, Holm-adjusted p) and a verdict.', '']
    for section, items in nav:
        lines += [f'## {section}', '']
        lines += [f'- [{t}]({page})' + (f' — {d}' if d else '') for t, page, d in items] + ['']
    return '\n'.join(lines)

def mathjax_files() -> Path:
    "MathJax 2.7's files as the jupyter-server-mathjax package (a dev requirement) ships them."
    try: import jupyter_server_mathjax
    except ImportError: sys.exit('book: jupyter-server-mathjax is missing (make install): the book serves MathJax')
    return Path(jupyter_server_mathjax.__file__).parent/'static'

def add_assets(docs: Path):
    "The book's stylesheet and MathJax configuration (tools/book_assets/) and MathJax itself, into docs/assets/."
    shutil.copytree(ROOT/'tools'/'book_assets', docs/'assets', dirs_exist_ok=True)
    shutil.copytree(mathjax_files(), docs/'assets'/'mathjax', ignore=shutil.ignore_patterns('*.py', '__pycache__'))

def book_cache(build: Path) -> Path:
    "What later builds reuse, beside the build folder: mkdocs-jupyter's converted pages and the compiled templates."
    return build.parent/'book-cache'

def write_config(build: Path, nav, site: Path):
    """mkdocs.yml (JSON is YAML): Material with previous / next links under each page, relative links (.html pages),
    notebooks rendered as they are, math typeset by the site's own MathJax (arithmatex marks it on Markdown pages)."""
    cfg = {'site_name': 'insightkit', 'docs_dir': 'docs', 'site_dir': str(site), 'use_directory_urls': False,
           'theme': {'name': 'material', 'font': False,
                     'features': ['navigation.sections', 'navigation.indexes', 'navigation.footer']},
           'plugins': ['search', {'mkdocs-jupyter': {'execute': False, 'include_source': False, 'theme': 'light',
                                                     'no_prompt': True, 'cache_dir': str(book_cache(build))}}],
           'extra': {'generator': False},
           'extra_css': ['assets/book.css'],
           'extra_javascript': ['assets/mathjax-config.js', 'assets/mathjax/MathJax.js'],
           'markdown_extensions': ['toc', 'tables', 'attr_list', {'pymdownx.arithmatex': {'generic': True}}],
           'nav': [{'Home': 'index.md'}] + [{s: [{t: p} for t, p, _ in items]} for s, items in nav]}
    (build/'mkdocs.yml').write_text(json.dumps(cfg, indent=1, ensure_ascii=False), encoding='utf-8')
    (build/'docs'/'index.md').write_text(index_md(nav), encoding='utf-8')

def share_styles(text: str, page: Path, site: Path) -> str:
    "Each page carries the notebook CSS inline (~0.6 MB); move every large style block into one shared file."
    import hashlib
    def link(m):
        if len(m[1]) < 2000: return m[0]
        css = site/'assets'/f'nb-{hashlib.sha1(m[1].encode()).hexdigest()[:12]}.css'
        if not css.exists(): css.write_text(m[1], encoding='utf-8')
        return f'<link rel="stylesheet" href="{os.path.relpath(css, page.parent)}">'
    return re.sub(r'<style type="text/css">(.*?)</style>', link, text, flags=re.S)

HEADING = re.compile(r'<h([1-6]) id="([^"]+)">(.*?)</h\1>', re.S)
TOC_LINK = re.compile(r'(<a href="#)([^"]+)(" class="md-nav__link">\s*<span class="md-ellipsis">\s*)(.*?)(\s*</span>)',
                      re.S)

def unique_heading_ids(text: str) -> str:
    "An id a page repeats (a chapter whose first section repeats its title) gets `_1`, `_2`, as its TOC does."
    seen: dict[str, int] = {}
    def rename(m):
        n = seen[m[2]] = seen.get(m[2], -1) + 1
        if not n: return m[0]
        new = f'{m[2]}_{n}'
        return f'<h{m[1]} id="{new}">' + m[3].replace(f'href="#{m[2]}"', f'href="#{new}"') + f'</h{m[1]}>'
    return HEADING.sub(rename, text)

def toc_matches_headings(text: str) -> str:
    """The page's table of contents links each heading by its id and its words. mkdocs-jupyter slugs the TOC from
    Markdown that lost inline code (`#the-object`, "The object" for "The `LLM` object"), while the page's headings
    keep it: each TOC entry, in order, takes the id and text of the heading it lists (when both count the same;
    Material leaves the page's title, its first h1, out of the TOC)."""
    text = unique_heading_ids(text)
    heads = [(m[1], m[2], re.sub(r'<a class="anchor-link".*?</a>|<[^>]+>', '', m[3]).strip())
             for m in HEADING.finditer(text, max(text.find('<article'), 0))]
    toc = list(dict.fromkeys(m[2] for m in TOC_LINK.finditer(text)))
    if heads and heads[0][0] == '1' and len(heads) == len(toc) + 1: heads = heads[1:]
    if len(toc) != len(heads): return text
    heads = [(anchor, words) for _, anchor, words in heads]
    fixed = {old: head for old, head in zip(toc, heads) if old != head[0]}
    def relink(m):
        if m[2] not in fixed: return m[0]
        anchor, words = fixed[m[2]]
        return m[1] + anchor + m[3] + words + m[5]
    return TOC_LINK.sub(relink, text)

def finish_pages(site: Path):
    "Every page as a reader gets it: shared styles, a TOC that agrees with the headings, no empty MathJax loader."
    for page in site.rglob('*.html'):
        text = share_styles(page.read_text(encoding='utf-8'), page, site)
        text = toc_matches_headings(text).replace('<script src=""> </script>', '')
        page.write_text(text, encoding='utf-8')

def build(out: Path = SITE, build_dir: Path = BUILD, chapters_only=None, figures_only=None, course=True) -> Path:
    "Stage, write the table of contents, build the site into `out`; returns its index.html."
    pages = collect(chapters_only, figures_only, course)
    nav = stage(pages, build_dir)
    add_assets(build_dir/'docs')
    write_config(build_dir, nav, out.resolve())
    if out.exists(): shutil.rmtree(out)
    env = {**os.environ, 'NO_MKDOCS_2_WARNING': '1'}
    templates = book_cache(build_dir)/'templates'   # nbconvert's templates, compiled once (book_mkdocs.py)
    templates.mkdir(parents=True, exist_ok=True)
    p = subprocess.run([sys.executable, str(ROOT/'tools'/'book_mkdocs.py'), str(templates), 'build', '-q', '-f',
                        str(build_dir/'mkdocs.yml')], cwd=build_dir, env=env, capture_output=True, text=True)
    if p.returncode: sys.exit(f'book: mkdocs failed\n{p.stdout[-3000:]}\n{p.stderr[-3000:]}')
    finish_pages(out)
    return out/'index.html'

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--out', type=Path, default=SITE, help='site folder (default: _docs)')
    ap.add_argument('--build-dir', type=Path, default=BUILD, help='staging folder (default: _proc/book)')
    ap.add_argument('--chapters', nargs='*', help='only these chapters (names, e.g. 04_metrics)')
    ap.add_argument('--figures', nargs='*', help='only these paper figures (none given: no figures)')
    ap.add_argument('--no-course', action='store_true', help='leave course/ out')
    ap.add_argument('--embedded', action='store_true', help='list the chapters that run on embedded data only')
    ap.add_argument('--execute-chapters', nargs='*', metavar='NAME',
                    help='run embedded-data chapters (all, or those named) and store their outputs in nbs/')
    ap.add_argument('--quiet-chapters', action='store_true',
                    help="remove progress bars and warnings from the chapters' stored outputs (nothing is run)")
    ap.add_argument('--timeout', type=int, default=900, help='seconds per chapter run (default 900)')
    ap.add_argument('--unchanged-for', type=float, default=0, metavar='MIN',
                    help='run only chapters whose file has not changed for MIN minutes')
    ap.add_argument('--run-one', type=Path, help=argparse.SUPPRESS)
    ap.add_argument('--to', type=Path, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.run_one: return run_one(a.run_one.resolve(), a.to)
    if a.embedded:
        for p in chapters():
            why = outside_reads(p)
            print(f'{p.stem:32} ' + ('embedded' if not why else f'reads outside data: {why[0][:70]}'))
        return
    if a.quiet_chapters:
        changed = {p.name: n for p in chapters() if (n := quiet_chapter(p))}
        print(f'book: {sum(changed.values())} outputs quietened in {len(changed)} chapters', *changed, sep='\n  ')
        return
    if a.execute_chapters is not None:
        res = execute_chapters(a.execute_chapters, a.timeout, a.unchanged_for)
        failed = [k for k, v in res.items() if v.startswith('FAILED')]
        print(f'book: {len(res) - len(failed)} chapters run, {len(failed)} failed' + (': ' + ', '.join(failed)
                                                                                      if failed else ''))
        return
    t0 = time.monotonic()
    index = build(a.out, a.build_dir, a.chapters, a.figures, not a.no_course)
    print(f'book: {index} ({time.monotonic() - t0:.0f} s)')

if __name__ == '__main__': main()
