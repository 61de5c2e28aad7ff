"Every notebook opens cleanly in JupyterLab: its kernel exists here, and a paper notebook's first code cell is its `parameters` cell."
import json, re
from pathlib import Path
import pytest
from jupyter_client.kernelspec import KernelSpecManager

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT/'nbs').glob('*.ipynb')) + sorted((ROOT/'paper_figures').glob('*.ipynb'))
ids = [str(p.relative_to(ROOT)) for p in NOTEBOOKS]

def test_notebooks_found():
    "Every chapter a library module is generated from is among the notebooks checked, and so is every paper figure."
    chapters = {m.group(1) for p in (ROOT/'insightkit').rglob('*.py')
                if (m := re.search(r'File to edit: \S*?nbs/(\S+\.ipynb)', p.read_text(encoding='utf-8')))}
    assert len(chapters) >= 50, sorted(chapters)  # the generated modules name their chapters
    assert chapters <= {p.name for p in NOTEBOOKS if p.parent.name == 'nbs'}
    figures = {p.name for p in NOTEBOOKS if p.parent.name == 'paper_figures'}
    assert figures and figures == {p.name for p in (ROOT/'paper_figures').glob('*.ipynb')}

@pytest.mark.parametrize('path', NOTEBOOKS, ids=ids)
def test_kernelspec_exists(path):
    # a notebook without a kernelspec makes JupyterLab ask for a kernel; papermill needs one too
    name = json.loads(path.read_text(encoding='utf-8'))['metadata'].get('kernelspec', {}).get('name')
    assert name, f'{path.name} names no kernel (set metadata.kernelspec to python3)'
    assert name in KernelSpecManager().find_kernel_specs(), f'{path.name} names kernel {name!r}, which is not installed'

@pytest.mark.parametrize('path', [p for p in NOTEBOOKS if p.parent.name == 'paper_figures'],
                         ids=[i for i in ids if i.startswith('paper_figures')])
def test_parameters_cell_first(path):
    code = [c for c in json.loads(path.read_text(encoding='utf-8'))['cells'] if c['cell_type'] == 'code']
    assert code and 'parameters' in code[0].get('metadata', {}).get('tags', []), f'{path.name}: the first code cell is not tagged `parameters`'
    assert not any('parameters' in c.get('metadata', {}).get('tags', []) for c in code[1:]), f'{path.name}: more than one `parameters` cell'
