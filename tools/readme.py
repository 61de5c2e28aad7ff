#!/usr/bin/env python3
"Render nbs/index.ipynb into README.md: markdown cells as they are, code cells as fenced Python (no outputs)."
import sys
from pathlib import Path
import nbformat

ROOT = Path(__file__).resolve().parent.parent

def render(nb_path=ROOT/'nbs'/'index.ipynb') -> str:
    "The README text for the index notebook."
    nb = nbformat.read(nb_path, as_version=4)
    parts = []
    for c in nb.cells:
        src = c.source.strip()
        if not src or src.startswith('#| hide'): continue
        parts.append(src if c.cell_type == 'markdown' else f'```python\n{src}\n```')
    return '\n\n'.join(parts) + '\n'

if __name__ == '__main__':
    text = render()
    if '--check' in sys.argv:
        ok = (ROOT/'README.md').read_text() == text
        print('README.md is up to date' if ok else 'README.md is stale: run `make readme`')
        sys.exit(0 if ok else 1)
    (ROOT/'README.md').write_text(text)
    print('wrote README.md')
