"""The book (`make book`, tools/book.py): a static site of the chapters, the course and the paper figures, and the
outputs the chapters that run on embedded data keep.

The site test builds the whole book (every chapter, the course, every paper figure: executed when paper_figures/out/
has it) and reads it in Debian's Chromium through Playwright, as tests/test_lab.py does: from the index to a chapter
that shows a table or an image, to a paper figure, and to a course lesson's compare table; then every page, as a
reader sees it: no stderr block over a few lines, no TeX left raw, no path of the machine, every link and anchor
resolving, previous / next links (read from each page's HTML), wide tables scrolling inside their block and TeX
typeset (in Chromium, on the pages that hold tables or TeX).
"""
import json, re, shutil, subprocess, sys
from pathlib import Path
from urllib.parse import unquote, urlparse
import pytest
from conftest import ROOT, once_per_run
from test_lab import CHROMIUM_ARGS, chromium  # noqa: F401  (a fixture: Debian's Chromium, or a loud skip)

sys.path.insert(0, str(ROOT/'tools'))
import book  # noqa: E402
from book_screens import MATH_DONE  # noqa: E402

pytestmark = pytest.mark.xdist_group('book')     # one small site, built once, for the module
FIGURE = 'fig00_corpus'
# chapters that run on embedded data but carry no outputs, and why (each is in the report of their last run)
WITHOUT_OUTPUTS: dict[str, str] = {}

def code_outputs(path: Path) -> list[list[dict]]:
    return [c['outputs'] for c in book.read_nb(path)['cells'] if c['cell_type'] == 'code']

def shows_table(path: Path, image=False) -> bool:
    return any('<table' in ''.join(o.get('data', {}).get('text/html', '')) or (image and 'image/png' in o.get('data', {}))
               for outs in code_outputs(path) for o in outs)

def test_embedded_chapters_keep_outputs():
    """Issue 27: every chapter that runs on embedded data only shows something to its reader (a visible cell it runs
    ends in an expression, or prints) and carries those outputs, written by `tools/book.py --execute-chapters`."""
    chapters = book.embedded_chapters()
    assert len(chapters) > 20 and '06b_benchmark' not in {p.stem for p in chapters}   # it reads the shared AAN files
    showing = [p for p in chapters if book.shows_something(p)]
    quiet = [p.stem for p in chapters if p not in showing and p.stem not in WITHOUT_OUTPUTS]
    assert not quiet, f'chapters whose visible cells show nothing (definitions and assertions only): {quiet}'
    bare = [p.stem for p in showing if p.stem not in WITHOUT_OUTPUTS and not any(code_outputs(p))]
    assert not bare, f'chapters without outputs: {bare}; run `python tools/book.py --execute-chapters {" ".join(bare)}`'
    assert set(WITHOUT_OUTPUTS) <= {p.stem for p in chapters}, 'WITHOUT_OUTPUTS names a chapter that is gone'

def test_what_shows_something():
    "The static check behind the test above: a last expression or a print shows; assignments and test_* calls do not."
    cell = lambda s: {'cell_type': 'code', 'source': s}
    assert book.displays(cell('x = 1\nx')) and book.displays(cell('for i in range(2): print(i)'))
    assert not book.displays(cell('x = 1')) and not book.displays(cell('test_eq(1, 1)'))
    assert not book.displays(cell('df.head();')) and not book.displays(cell("os.environ.pop('X', None)"))

NOISE = re.compile(r'\r|\d+%\|.*\||it/s\]|Warning: ')     # a progress bar, a library's warning

def test_chapter_outputs_are_small_and_stable():
    """Stored outputs: no execution counts, no progress bars, warnings or widgets, no path of this machine, at most
    ~20 kB a cell (`tools/book.py --quiet-chapters` removes bars and warnings that crept in, running nothing)."""
    for p in book.chapters():
        for outs in code_outputs(p):
            text = json.dumps(outs)
            assert len(text) <= book.MAX_CELL_OUTPUT + 2000, (p.name, len(text))
            assert str(ROOT) not in text and '/tmp/tmp' not in text and 'widget-view' not in text, p.name
            assert all(o.get('execution_count') is None for o in outs), p.name
            noisy = [''.join(o['text'])[:80] for o in outs if o['output_type'] == 'stream' and NOISE.search(''.join(o['text']))]
            assert not noisy, (p.name, noisy)
        assert all(c.get('execution_count') is None for c in book.read_nb(p)['cells']), p.name

def test_nbdev_clean_keeps_outputs(tmp_path):
    "settings.ini keeps `clear_all = False`: nbdev_clean leaves a chapter with outputs byte for byte as it is."
    chapter = next(p for p in book.embedded_chapters() if any(code_outputs(p)))
    (tmp_path/'nbs').mkdir()
    shutil.copy(ROOT/'settings.ini', tmp_path)
    nb = tmp_path/'nbs'/chapter.name
    shutil.copy(chapter, nb)
    subprocess.run([str(Path(sys.executable).parent/'nbdev_clean'), '--fname', str(nb)], cwd=tmp_path, check=True,
                   capture_output=True, timeout=120)
    assert nb.read_bytes() == chapter.read_bytes(), f'nbdev_clean changed {chapter.name}'

def test_parts_and_embedded_check():
    "Chapters fall into parts by number (one number per subsystem); a cell reading shared data is found."
    parts = {stem: book.part_of(ROOT/'nbs'/f'{stem}.ipynb') for stem in
             ('00_core', '03b_retrievers', '04_metrics', '04f_claims', '05c_runs', '06g_miner', '10a_iprar_variant', '13a_cli')}
    assert parts == {'00_core': 'Foundation', '03b_retrievers': 'Foundation', '04_metrics': 'Evaluation',
                     '04f_claims': 'Evaluation', '05c_runs': 'Pipeline', '06g_miner': 'Methods',
                     '10a_iprar_variant': 'Methods', '13a_cli': 'Figures & CLI'}
    assert book.READS_OUTSIDE.search("aan = os.environ.get('INSIGHTKIT_SHARED_AAN')")
    assert book.READS_OUTSIDE.search("find_dataset(data='../shared/data')")
    assert not book.READS_OUTSIDE.search("os.environ.pop('INSIGHTKIT_DATA', None)")

def test_solutions_page_and_link(tmp_path):
    "Issue 37: each lesson's solutions become a page (one cell per definition, under its exercise), linked from it."
    lessons = sorted((ROOT/'course').glob('[0-9][0-9]_*.ipynb'))
    assert lessons and all(book.solutions_of(p).is_file() for p in lessons)
    nb = book.solutions_nb(book.solutions_of(ROOT/'course'/'03_evaluating.ipynb'))
    heads = [c['source'] for c in nb['cells'] if c['cell_type'] == 'markdown']
    assert heads[0].startswith('# Solutions to lesson 3') and '## Exercise 3.1' in heads and '## Exercise 3.2' in heads
    assert any('def holm(' in c['source'] for c in nb['cells'] if c['cell_type'] == 'code')
    book.stage([('Course', 'course/03_evaluating.ipynb', ROOT/'course'/'03_evaluating.ipynb'),
                ('Course', 'course/solutions_03_evaluating.ipynb', book.solutions_of(ROOT/'course'/'03_evaluating.ipynb'))],
               tmp_path)
    lesson = book.read_nb(tmp_path/'docs'/'course'/'03_evaluating.ipynb')
    assert '(solutions_03_evaluating.html)' in book.src(lesson['cells'][-1])

TQDM_WARNING = ('/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/tqdm/auto.py:21: TqdmWarning: IProgress not '
                'found. Please update jupyter and ipywidgets.\n  from .autonotebook import tqdm as notebook_tqdm\n')
BAR = '\rLoading weights:   0%|          | 0/103 [00:00<?, ?it/s]\rLoading weights: 100%|██████████| 103/103 [00:00<00:00, 7025.29it/s]\n'

def test_progress_bars_and_warnings_are_noise():
    "A stream keeps what is not a bar or a warning; stderr holding only those keeps nothing; stdout keeps its warnings."
    assert book.quiet_text(TQDM_WARNING + BAR) == ''
    assert book.quiet_text(BAR + 'step 2 of 3\n' + TQDM_WARNING) == 'step 2 of 3\n'
    assert book.quiet_text('FutureWarning: old\n', stderr=False) == 'FutureWarning: old\n'
    assert book.quiet_text('one\n  two\n') == 'one\n  two\n'                       # indented lines of real output stay

def test_local_paths_are_shortened():
    got = book.without_local_paths('in /tmp/insightkit-course-5y55s3c2/calls.sqlite; /root/.pyenv/versions/3.11.7/lib/'
                                   'python3.11/site-packages/transformers/modeling_utils.py:3312; /home/ann/.cache/x')
    assert got == 'in …/calls.sqlite; transformers/modeling_utils.py:3312; ~/.cache/x'
    assert book.without_local_paths('/rootless /tmp') == '/rootless /tmp'              # not a path of this machine

def test_reader_outputs_of_an_older_run():
    "At render time: bars and warnings dropped, an error as one line, paths shortened; the rest kept as it was."
    outs = [{'output_type': 'stream', 'name': 'stderr', 'text': [TQDM_WARNING, BAR]},
            {'output_type': 'stream', 'name': 'stdout', 'text': ['runs: /tmp/tmpab12/runs\n']},
            {'output_type': 'error', 'ename': 'VariantFailed', 'evalue': 'not in /tmp/x9/calls.sqlite',
             'traceback': ['\x1b[0;31m---------\x1b[0m'] * 20},
            {'output_type': 'display_data', 'metadata': {}, 'data': {'text/html': ['<b>/root/.cache/m</b>'],
                                                                      'image/png': 'iVBORw0KGgo='}}]
    got = book.reader_outputs(outs)
    assert [o['output_type'] for o in got] == ['stream', 'error', 'display_data']
    assert got[0]['text'] == ['runs: …/runs\n'] and got[1]['traceback'] == ['VariantFailed: not in …/calls.sqlite']
    assert got[2]['data'] == {'text/html': '<b>~/.cache/m</b>', 'image/png': 'iVBORw0KGgo='}
    assert outs[0]['text'] == [TQDM_WARNING, BAR]                                     # the notebook's own copy untouched

def test_quiet_chapter_removes_only_noise(tmp_path):
    "`--quiet-chapters` on a chapter: the bar-only stderr output goes, a mixed one keeps its message, nothing else moves."
    chapter = next(p for p in book.embedded_chapters() if any(code_outputs(p)))
    nb = book.read_nb(chapter)
    cell = next(c for c in nb['cells'] if c['cell_type'] == 'code' and c['outputs'])
    kept = json.loads(json.dumps(cell['outputs']))
    cell['outputs'] = [{'output_type': 'stream', 'name': 'stderr', 'text': [TQDM_WARNING]}, *kept,
                       {'output_type': 'stream', 'name': 'stderr', 'text': [BAR, 'saved 3 rows\n']}]
    book.write_nb(nb, tmp_path/chapter.name)
    assert book.quiet_chapter(tmp_path/chapter.name) == 2
    got = book.read_nb(tmp_path/chapter.name)
    assert next(c for c in got['cells'] if c.get('id') == cell.get('id'))['outputs'] == [
        *kept, {'output_type': 'stream', 'name': 'stderr', 'text': ['saved 3 rows\n']}]
    assert book.quiet_chapter(tmp_path/chapter.name) == 0

def test_toc_links_the_headings():
    "The TOC of a page whose heading holds code, and of one whose first section repeats its title, links real ids."
    def page(heads, toc):
        nav = ''.join(f'<a href="#{a}" class="md-nav__link">\n <span class="md-ellipsis">\n {w}\n </span></a>' for a, w in toc)
        body = ''.join(f'<h{n} id="{a}">{w}<a class="anchor-link" href="#{a}">¶</a></h{n}>' for n, a, w in heads)
        return f'<nav>{nav}</nav><article>{body}</article>'
    got = book.toc_matches_headings(page([(1, 'llm', 'LLM'), (2, 'the-llm-object', 'The <code>LLM</code> object')],
                                         [('the-object', 'The object')]))
    assert '<a href="#the-llm-object" class="md-nav__link">\n <span class="md-ellipsis">\n The LLM object\n' in got
    got = book.toc_matches_headings(page([(1, 'model-files', 'Model files'), (2, 'model-files', 'Model files')],
                                         [('model-files_1', 'Model files')]))
    assert '<h2 id="model-files_1">Model files<a class="anchor-link" href="#model-files_1">' in got
    assert '<h1 id="model-files">' in got and 'href="#model-files_1" class="md-nav__link"' in got

def build_site(d: Path) -> str:
    "Build the whole book (as `make book` does) into `d/site`; the name of a chapter in it that shows a table or an image."
    shown = next((p.stem for p in book.embedded_chapters() if shows_table(p, image=True)), None)
    assert shown, 'no chapter in nbs/ shows a table or an image'
    p = subprocess.run([sys.executable, 'tools/book.py', '--out', str(d/'site'), '--build-dir', str(d/'build')],
                       cwd=ROOT, capture_output=True, text=True, timeout=1200)
    assert p.returncode == 0, p.stdout + p.stderr
    assert f'book: {d/"site"/"index.html"}' in p.stdout
    return shown

@pytest.fixture(scope='module')
def site(tmp_path_factory):
    "The whole book, built once per pytest run, and a chapter in it that shows a table or an image."
    folder, shown = once_per_run(tmp_path_factory, 'book', build_site)
    return folder/'site', shown

def local_links(page: Path) -> list[str]:
    """What reading the page takes from disk: its scripts, styles and images (which must come from the site) and its
    links that are not to another site (embedded data: URIs and the prose's `https://…` links left out)."""
    html = page.read_text(encoding='utf-8')
    sources = re.findall(r'(?:src|<link [^>]*href)="([^"#]+)', html)
    links = [u for u in re.findall(r'<a [^>]*href="([^"#]+)', html) if not urlparse(u).scheme]
    return [u for u in sources + links if not u.startswith('data:')]

def test_index_links_every_page_relatively(site):
    root, shown = site
    pages = {str(p.relative_to(root)) for sub in ('chapters', 'course', 'figures') for p in (root/sub).glob('*.html')}
    expected = {f'chapters/{p.stem}.html' for p in book.chapters()}
    expected |= {f'figures/{p.stem}.html' for p in (ROOT/'paper_figures').glob('*.ipynb')}
    if (ROOT/'course').is_dir():
        expected |= {f'course/{p.stem}.html' for p in (ROOT/'course').glob('*.ipynb')}
        expected |= {f'course/solutions_{p.stem}.html' for p in (ROOT/'course'/'solutions').glob('*.py')}
    assert pages == expected
    index = root/'index.html'
    assert pages <= set(local_links(index))
    for page in [index, *(root/p for p in pages)]:
        for link in local_links(page):
            assert not urlparse(link).scheme and not link.startswith('/'), (page.name, link)   # offline: relative
            assert (page.parent/link).resolve().exists(), (page.name, link)

@pytest.mark.timeout(120)
def test_book_reads_in_a_browser(chromium, site, tmp_path):   # noqa: F811
    from playwright.sync_api import sync_playwright, expect
    root, shown = site
    title = book.title_of(book.read_nb(ROOT/'nbs'/f'{shown}.ipynb'), shown)[0]
    fig_title = book.title_of(book.read_nb(book.executed(ROOT/'paper_figures'/f'{FIGURE}.ipynb')), FIGURE)[0]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(chromium), headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={'width': 1300, 'height': 900})
            page.goto((root/'index.html').as_uri())
            expect(page.locator('h1').first).to_have_text('insightkit')
            page.locator(f'article a[href="chapters/{shown}.html"]').click()          # index -> chapter
            expect(page.locator('article h1').first).to_contain_text(title)
            out = page.locator('.jp-OutputArea-output table, .jp-OutputArea-output img')
            expect(out.first).to_be_visible()                                         # an output, rendered
            assert out.first.bounding_box()['height'] > 10
            page.go_back()
            page.locator(f'article a[href="figures/{FIGURE}.html"]').click()          # index -> paper figure
            expect(page.locator('article h1').first).to_contain_text(fig_title.split(' — ')[0])
            expect(page.locator('.jp-Cell').first).to_be_visible()
            lessons = [p for p in sorted((ROOT/'course').glob('*.ipynb')) if shows_table(book.executed(p))]
            if lessons:                                                               # a compare table in a lesson
                page.goto((root/'index.html').as_uri())
                page.locator(f'article a[href="course/{lessons[0].stem}.html"]').click()
                expect(page.locator('.jp-OutputArea-output table').first).to_be_visible()
            page.screenshot(path=tmp_path/'book.png')
        finally: browser.close()

# What a reader meets on a page, read from its HTML: every page is read this way. The pages whose look depends on
# layout or on typesetting (tables, TeX) are also opened in Chromium (`BROWSER_READ`), once MathJax has typeset them.
LOCAL_PATH = re.compile(r'/root/|/home/|/tmp/|site-packages|\.pyenv|/\.?venv/')
RAW_TEX = re.compile(r'\$[^$\n]+\$|\\\(|\\\[')

def article_texts(article) -> tuple[str, str]:
    """The article's text without the authors' code (a code cell's input area, scripts, styles), and its prose: that
    text also without `pre`, `code` and outputs (an output's $ is data: a price)."""
    text, prose = [], []
    def walk(e, in_code_cell=False, in_prose=True):
        classes = set((e.get('class') or '').split()) if isinstance(e.tag, str) else set()
        if e.tag in ('script', 'style') or (in_code_cell and 'jp-InputArea' in classes): return
        in_prose = in_prose and e.tag not in ('pre', 'code') and 'jp-OutputArea' not in classes
        for out in (text, prose) if in_prose else (text,): out.append(e.text or '')
        for child in e:
            walk(child, in_code_cell or 'jp-CodeCell' in classes, in_prose)
            for out in (text, prose) if in_prose else (text,): out.append(child.tail or '')
    walk(article)
    return ''.join(text), ''.join(prose)

def read_html(page: Path) -> dict:
    "One page of the site as its HTML gives it: stderr blocks (lines each), TeX before typesetting, paths, links, ids."
    import lxml.html
    root = lxml.html.parse(str(page)).getroot()
    article = root.find('.//article')
    text, prose = article_texts(article)
    stderr = article.xpath('.//*[@data-mime-type="application/vnd.jupyter.stderr"]')
    footer = {a.get('class') for a in root.iterfind('.//a[@class]')}
    return {'stderr': [len(e.text_content().strip().split('\n')) for e in stderr],
            'raw': RAW_TEX.findall(prose), 'local': LOCAL_PATH.findall(text),
            'tables': len(article.xpath('.//table')), 'math': 0,
            'prev': any('md-footer__link--prev' in c.split() for c in footer),
            'next': any('md-footer__link--next' in c.split() for c in footer),
            'ids': root.xpath('//@id'), 'links': [l for l in root.xpath('//a/@href') if not urlparse(l).scheme]}

# In the page once MathJax has typeset it: TeX left raw in the prose, typeset math, tables wider than the page that do
# not scroll inside a block of their own.
BROWSER_READ = r"""() => {
  const article = document.querySelector('article');
  const copy = article.cloneNode(true);
  copy.querySelectorAll('.jp-CodeCell .jp-InputArea, script, style, pre, code, .MathJax, .MathJax_Display, .MathJax_Preview, .jp-OutputArea')
    .forEach(e => e.remove());
  const raw = copy.textContent.match(/\$[^$\n]+\$|\\\(|\\\[/g) || [];
  const right = article.getBoundingClientRect().right + 1;
  const scrolls = e => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX);
  const fits = e => e.getBoundingClientRect().right <= right;
  const wide = [...article.querySelectorAll('table, .ik-board, .ik-compare')].filter(e => {
    for (let box = e; box && box !== article; box = box.parentElement)    // it, or a block around it that scrolls
      if (fits(box) && (box === e || scrolls(box))) return false;
    return true;
  }).map(e => e.className || e.tagName);
  return {raw, wide, math: document.querySelectorAll('.MathJax, .MathJax_Display').length};
}"""
MAX_STDERR_LINES = 4

def reader_problems(name: str, seen: dict) -> list[str]:
    "What one page shows that a reader must not meet (links are checked once every page is read)."
    problems = [f'stderr block of {n} lines' for n in seen['stderr'] if n > MAX_STDERR_LINES]
    problems += [f'raw TeX {r!r}' for r in seen['raw'][:3]] + [f'local path {p!r}' for p in seen['local'][:3]]
    problems += [f'a {w} wider than the page that does not scroll' for w in seen.get('wide', [])[:3]]
    problems += [] if seen['prev'] or name == 'index.html' else ['no link to the previous page']
    return problems

def test_read_html_finds_what_a_reader_must_not_meet(tmp_path):
    "The HTML reader sees raw TeX in prose (not in code or outputs), a long stderr block, a machine's path, the links."
    page = tmp_path/'p.html'
    page.write_text('<html><body><article><p>the mean $\\bar x$ of /tmp/run</p><pre>$x$</pre>'
                    '<div class="jp-CodeCell"><div class="jp-InputArea">open("/root/x")</div></div>'
                    '<div class="jp-OutputArea"><div data-mime-type="application/vnd.jupyter.stderr">1\n2\n3\n4\n5</div></div>'
                    '<a href="other.html#top">next</a></article><a class="md-footer__link--prev" href="a.html">a</a>'
                    '</body></html>')
    seen = read_html(page)
    assert seen['raw'] == ['$\\bar x$'] and seen['local'] == ['/tmp/'] and seen['stderr'] == [5]
    assert seen['links'] == ['other.html#top', 'a.html'] and seen['prev'] and not seen['next']
    assert reader_problems('p.html', seen) == ['stderr block of 5 lines', "raw TeX '$\\\\bar x$'", "local path '/tmp/'"]

@pytest.mark.timeout(1800)
def test_every_page_reads_cleanly(chromium, site):   # noqa: F811
    """Issue 38: each page of the book: no stderr block over a few lines, no `$…$` left raw, no path of the machine it
    was built or run on (the authors' code aside), previous / next links, and every link to a page of the site and to
    an anchor resolving — read from the HTML of every page. The pages with TeX or tables in them are read again in
    Chromium once their math is typeset: no TeX left raw, tables that scroll inside their block; the stats chapter's
    TeX is typeset. (404.html is left out: it is for a served site and links from its root.)"""
    from playwright.sync_api import sync_playwright
    root, _ = site
    pages = sorted(p for p in root.rglob('*.html') if p.name != '404.html' and 'assets' not in p.parts)
    seen = {p: read_html(p) for p in pages}
    in_browser = [p for p in pages if seen[p]['raw'] or seen[p]['tables'] or p.name == 'index.html']
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(chromium), headless=True, args=CHROMIUM_ARGS)
        try:
            tab = browser.new_page(viewport={'width': 1300, 'height': 900})
            for page in in_browser:
                tab.goto(page.as_uri())
                tab.wait_for_function(MATH_DONE, timeout=60_000)
                seen[page].update(tab.evaluate(BROWSER_READ))
        finally: browser.close()
    problems = {str(p.relative_to(root)): found for p in pages if (found := reader_problems(p.name, seen[p]))}
    missing_next = [str(p.relative_to(root)) for p in pages if not seen[p]['next']]
    assert len(missing_next) == 1, f'pages without a link to the next page: {missing_next}'
    ids = {p.resolve(): set(seen[p]['ids']) for p in pages}
    for page in pages:
        for link in seen[page]['links']:
            path, anchor = unquote(urlparse(link).path), unquote(urlparse(link).fragment)
            target = (page.parent/path).resolve() if path else page.resolve()
            if not target.exists(): problems.setdefault(str(page.relative_to(root)), []).append(f'link to nothing: {link}')
            elif anchor and target in ids and anchor not in ids[target]:
                problems.setdefault(str(page.relative_to(root)), []).append(f'no anchor #{anchor} in {target.name}')
    assert not problems, '\n'.join(f'{k}: {v}' for k, v in problems.items())
    assert seen[root/'chapters'/'04b_stats.html']['math'] > 40, 'the stats chapter typeset no math'
    assert len(pages) > 100 and len(in_browser) > 20, (len(pages), len(in_browser))
