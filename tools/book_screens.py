#!/usr/bin/env python3
"""Screenshots of the book's pages as a reader sees them: Debian's Chromium, headless, through Playwright.

    python tools/book_screens.py chapters/04b_stats figures/fig3_deep --site _docs --to screens/

Each page gives NAME-1.png, NAME-2.png, ... (one per screen, from the top, `--screens` of them), taken once MathJax
has typeset the page; `--at SELECTOR` starts the first screen at the first element that matches instead.
"""
import argparse, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path('/usr/bin/chromium')
CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
                 '--disable-component-update', '--disable-sync']
MATH_DONE = "document.documentElement.dataset.math === 'done'"    # set by tools/book_assets/mathjax-config.js

def open_page(browser, html: Path, width: int = 1300, height: int = 900):
    "A browser tab on `html` (a file of the site), once the page and its math are ready."
    page = browser.new_page(viewport={'width': width, 'height': height})
    page.goto(html.resolve().as_uri())
    page.wait_for_function(MATH_DONE, timeout=60_000)
    return page

def screens(site: Path, names: list[str], to: Path, count: int = 2, at: str | None = None) -> list[Path]:
    "Screenshots of each named page (`chapters/04b_stats`), `count` screens each, into `to`; returns the files."
    from playwright.sync_api import sync_playwright
    if not CHROMIUM.exists(): sys.exit(f'book_screens: {CHROMIUM} is missing (apt-get install -y chromium)')
    to.mkdir(parents=True, exist_ok=True)
    shots = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            for name in names:
                html = site/f'{name.removesuffix(".html")}.html'
                if not html.is_file(): sys.exit(f'book_screens: no page {html} (build the book first: make book)')
                page = open_page(browser, html)
                top = page.evaluate(f'(() => {{ const e = document.querySelector({at!r}); return e ? '
                                    f'e.getBoundingClientRect().top + window.scrollY - 80 : 0 }})()') if at else 0
                for i in range(count):
                    page.evaluate(f'window.scrollTo(0, {top} + {i} * (window.innerHeight - 60))')
                    page.wait_for_timeout(500)                  # the header's title settles after a scroll
                    shots.append(to/f'{Path(name).name}-{i + 1}.png')
                    page.screenshot(path=shots[-1])
                page.close()
        finally: browser.close()
    return shots

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('pages', nargs='+', help='pages of the site, e.g. chapters/04b_stats figures/fig3_deep')
    ap.add_argument('--site', type=Path, default=ROOT/'_docs', help='the built book (default: _docs)')
    ap.add_argument('--to', type=Path, default=ROOT/'_docs'/'screens', help='folder for the PNGs')
    ap.add_argument('--screens', type=int, default=2, help='screens per page, from the top (default 2)')
    ap.add_argument('--at', help='CSS selector: start at the first element that matches')
    a = ap.parse_args(argv)
    for f in screens(a.site, a.pages, a.to, a.screens, a.at): print(f)

if __name__ == '__main__': main()
