#!/usr/bin/env python3
"""Render nbs/index.ipynb into README.md: markdown cells as they are, code cells as fenced Python (no outputs), and a
hidden cell (`#| echo: false`) as its kept markdown output."""
import sys
from pathlib import Path
import nbformat

ROOT = Path(__file__).resolve().parent.parent

def shown_markdown(cell) -> list[str]:
    "The kept markdown output of a code cell whose source is hidden (`#| echo: false`), such as the settings table."
    return [o['data']['text/markdown'].strip() for o in cell.get('outputs', []) if 'text/markdown' in o.get('data', {})]

def render(nb_path=ROOT/'nbs'/'index.ipynb') -> str:
    "The README text for the index notebook."
    nb = nbformat.read(nb_path, as_version=4)
    parts = []
    for c in nb.cells:
        src = c.source.strip()
        if not src or src.startswith('#| hide'): continue
        if src.startswith('#| echo: false'): parts.extend(shown_markdown(c))
        else: parts.append(src if c.cell_type == 'markdown' else f'```python\n{src}\n```')
    return '\n\n'.join(parts) + '\n'

if __name__ == '__main__':
    text = render()
    if '--check' in sys.argv:
        ok = (ROOT/'README.md').read_text() == text
        print('README.md is up to date' if ok else 'README.md is stale: run `make readme`')
        sys.exit(0 if ok else 1)
    (ROOT/'README.md').write_text(text)
    print('wrote README.md')
