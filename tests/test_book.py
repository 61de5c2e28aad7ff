"""The book (`make book`, tools/book.py): a static site of the chapters, the course and the paper figures, and the
outputs the chapters that run on embedded data keep.

The site test builds a small book (a few chapters, one paper figure, the course when there) and reads it in Debian's
Chromium through Playwright, as tests/test_lab.py does: from the index to a chapter that shows a table or an image,
to a paper figure, and to a course lesson's compare table.
"""
import json, re, shutil, subprocess, sys
from pathlib import Path
from urllib.parse import urlparse
import pytest
from conftest import ROOT
from test_lab import CHROMIUM_ARGS, chromium  # noqa: F401  (a fixture: Debian's Chromium, or a loud skip)

sys.path.insert(0, str(ROOT/'tools'))
import book  # noqa: E402

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
    assert len(chapters) > 20 and '05ab_benchmark' not in {p.stem for p in chapters}   # it reads the shared AAN files
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

def test_chapter_outputs_are_small_and_stable():
    "Stored outputs: no execution counts, no progress bars or widgets, no path of this machine, at most ~20 kB a cell."
    for p in book.chapters():
        for outs in code_outputs(p):
            text = json.dumps(outs)
            assert len(text) <= book.MAX_CELL_OUTPUT + 2000, (p.name, len(text))
            assert str(ROOT) not in text and '/tmp/tmp' not in text and 'widget-view' not in text, p.name
            assert all(o.get('execution_count') is None for o in outs), p.name
        assert all(c.get('execution_count') is None for c in book.read_nb(p)['cells']), p.name

def test_nbdev_clean_keeps_outputs(tmp_path):
    "settings.ini keeps `clear_all = False`: nbdev_clean leaves a chapter with outputs byte for byte as it is."
    chapter = next(p for p in book.embedded_chapters() if any(code_outputs(p)))
    (tmp_path/'nbs').mkdir(); shutil.copy(ROOT/'settings.ini', tmp_path)
    nb = tmp_path/'nbs'/chapter.name; shutil.copy(chapter, nb)
    subprocess.run([str(Path(sys.executable).parent/'nbdev_clean'), '--fname', str(nb)], cwd=tmp_path, check=True,
                   capture_output=True, timeout=120)
    assert nb.read_bytes() == chapter.read_bytes(), f'nbdev_clean changed {chapter.name}'

def test_parts_and_embedded_check():
    "Chapters fall into parts by number, evaluation chapters by their module; a cell reading shared data is found."
    assert book.part_of(ROOT/'nbs'/'00_core.ipynb') == 'Foundation' and book.part_of(ROOT/'nbs'/'14_cli.ipynb') == 'Figures & CLI'
    assert book.part_of(ROOT/'nbs'/'04_metrics.ipynb') == 'Evaluation'
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

@pytest.fixture(scope='module')
def site(tmp_path_factory):
    "A small book: the index chapter, the metrics chapter, a chapter with a table or image, one paper figure, course/."
    shown = next((p.stem for p in book.embedded_chapters() if shows_table(p, image=True)), None)
    assert shown, 'no chapter in nbs/ shows a table or an image'
    d = tmp_path_factory.mktemp('book')
    p = subprocess.run([sys.executable, 'tools/book.py', '--out', str(d/'site'), '--build-dir', str(d/'build'),
                        '--chapters', 'index', '04_metrics', shown, '--figures', FIGURE], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    assert f'book: {d/"site"/"index.html"}' in p.stdout
    return d/'site', shown

def local_links(page: Path) -> list[str]:
    "The page's links and sources (embedded data: URIs left out)."
    return [u for u in re.findall(r'(?:href|src)="([^"#]+)', page.read_text(encoding='utf-8')) if not u.startswith('data:')]

def test_index_links_every_page_relatively(site):
    root, shown = site
    pages = {str(p.relative_to(root)) for sub in ('chapters', 'course', 'figures') for p in (root/sub).glob('*.html')}
    expected = {'chapters/index.html', 'chapters/04_metrics.html', f'chapters/{shown}.html', f'figures/{FIGURE}.html'}
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
