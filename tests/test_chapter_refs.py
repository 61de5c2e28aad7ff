"""Issue 38: the table of contents is the architecture. Chapter names: one number per subsystem, at most one letter,
each notebook named as its module. Chapter references in prose name a chapter that exists, in full."""
import json, re
from pathlib import Path
from conftest import ROOT

NAME = re.compile(r'(\d{2})([a-z]*)_([a-z0-9_]+)')
EXPORT = re.compile(r'^#\|\s*default_exp\s+(\S+)', re.M)

def sources(path: Path) -> str:
    "What a reader reads in a file: a notebook's cell sources (not its outputs), DESIGN.md up to its decision log."
    if path.suffix == '.ipynb':
        cells = json.loads(path.read_text(encoding='utf-8'))['cells']
        return '\n'.join(''.join(c['source']) if isinstance(c['source'], list) else c['source'] for c in cells)
    text = path.read_text(encoding='utf-8')
    return text.split('\n## 8. Decision log')[0] if path.name == 'DESIGN.md' else text

def chapters() -> dict[str, str]:
    "Each chapter's file stem -> the module it exports (relative to insightkit)."
    out = {}
    for p in sorted((ROOT/'nbs').glob('*.ipynb')):
        if p.stem == 'index': continue
        mods = EXPORT.findall(sources(p))
        out[p.stem] = mods[0] if len(mods) == 1 else f'<{len(mods)} default_exp>'
    return out

def name_problems(chapters: dict[str, str]) -> list[str]:
    """Names that break the rules: NN_ or NNx_ (one letter at most), no prefix twice, the name ending with its module's
    last name, one number per package (a package's chapters share a number, a number holds one package)."""
    bad, prefixes, numbers, packages = [], {}, {}, {}
    for stem, module in chapters.items():
        m = NAME.fullmatch(stem)
        if not m:
            bad.append(f'{stem}: not NN_name or NNx_name')
            continue
        if len(m[2]) > 1: bad.append(f'{stem}: more than one letter after its number')
        prefixes.setdefault(m[1] + m[2], []).append(stem)
        if not m[3].endswith(module.split('.')[-1]): bad.append(f'{stem}: exports {module}, named otherwise')
        package = module.rpartition('.')[0]
        numbers.setdefault(m[1], set()).add(package)
        if package not in ('', 'methods'): packages.setdefault(package, set()).add(m[1])  # methods/*.py: one method
    bad += [f'prefix {p} used {len(s)} times: {", ".join(s)}' for p, s in prefixes.items() if len(s) > 1]
    bad += [f'number {n} holds several packages: {sorted(p)}' for n, p in numbers.items() if len(p) > 1]
    bad += [f'package {p} spread over numbers {sorted(n)}' for p, n in packages.items() if len(n) > 1]
    return bad

def test_name_problems_found():
    planted = {'02_data': 'data.insight_rag', '02_corpus_types': 'data.insight_types', '01aab_engine_math':
               'generation.engine_math', '03_retrievers': 'retrieval.retrievers', '03a_embed': 'generation.embed'}
    assert sorted(name_problems(planted)) == sorted([
        '02_data: exports data.insight_rag, named otherwise', '02_corpus_types: exports data.insight_types, named otherwise',
        '01aab_engine_math: more than one letter after its number', 'prefix 02 used 2 times: 02_data, 02_corpus_types',
        "number 03 holds several packages: ['generation', 'retrieval']",
        "package generation spread over numbers ['01', '03']"])
    assert name_problems({'01c_engine_math': 'generation.engine_math', '01d_kept': 'generation.kept'}) == []

def test_chapter_names():
    "No duplicate prefix, no multi-letter suffix, each notebook named as its module, one number per subsystem."
    chs = chapters()
    assert len(chs) > 80 and chs['01g_engine'] == 'generation.engine'
    assert name_problems(chs) == []

# where prose names chapters: a full name (`06g_miner`), after the word chapter, or a bare number in backticks or
# parentheses ("(04f)", "`01ab`"), which the old numbering used
FULL = re.compile(r'(?<![\w./-])(\d{2}[a-z]*_[a-z][a-z0-9_]*)')
AFTER_WORD = re.compile(r'\b[Cc]hapters?\s+`?(\d\w*)`?((?:(?:,\s*|\s+and\s+|\s+to\s+|\s*/\s*)`?\d\w*`?)*)')
BARE = re.compile(r'(?:`|\()(\d{2}[a-z]{1,4})(?:`|[,)])')
LINK = re.compile(r'\]\(([^)#\s]+\.ipynb)(?:#[^)]*)?\)')

def reference_problems(text: str, names: set[str], here: Path | None = None) -> list[str]:
    "Chapter references in `text` that name no chapter in `names` (or no file, for a link), or name one by number only."
    top = max(int(n[:2]) for n in names if n[:2].isdigit())  # a higher number (`99_nothing`) is a made-up name, not a reference
    bad = [f'{m[1]}: no such chapter' for m in FULL.finditer(text) if m[1] not in names and int(m[1][:2]) <= top]
    for m in AFTER_WORD.finditer(text):
        for tok in [m[1]] + re.findall(r'\d\w*', m[2]):
            if tok not in names: bad.append(f'{m[0].strip()!r}: {tok} is not a chapter name')
    bad += [f'{m[0]!r}: a chapter by its number alone' for m in BARE.finditer(text)]
    if here: bad += [f'link {m[1]}: no such file' for m in LINK.finditer(text) if not (here.parent/m[1]).exists()]
    return bad

def test_reference_problems_found(tmp_path):
    names = {'06g_miner', '04b_stats', '05_clusters'}
    planted = ('the miner (chapter 06) and chapter `06_miner`; chapters 04b_stats, 12a; see (04f) and `01ab`; '
               'the lesson `05_clusters`; [stats](04g_stats.ipynb)')
    assert reference_problems(planted, names, tmp_path/'x.ipynb') == [
        '06_miner: no such chapter', '04g_stats: no such chapter', "'chapter 06': 06 is not a chapter name",
        "'chapter `06_miner`': 06_miner is not a chapter name", "'chapters 04b_stats, 12a': 12a is not a chapter name",
        "'(04f)': a chapter by its number alone", "'`01ab`': a chapter by its number alone",
        'link 04g_stats.ipynb: no such file']
    assert reference_problems('chapter `06g_miner` and chapters `04b_stats` and `06g_miner`', names) == []

def readers_files() -> list[Path]:
    return (sorted((ROOT/'nbs').glob('*.ipynb')) + sorted((ROOT/'course').glob('*.ipynb'))
            + sorted((ROOT/'paper_figures').glob('*.ipynb')) + [ROOT/'README.md', ROOT/'DESIGN.md'])

def test_every_chapter_reference_resolves():
    "Every chapter named in the notebooks, the course, the paper figures, README and DESIGN's map exists (issue 38)."
    names = {p.stem for p in (ROOT/'nbs').glob('*.ipynb')} | {p.stem for p in (ROOT/'course').glob('*.ipynb')}
    bad = [f'{p.relative_to(ROOT)}: {b}' for p in readers_files() for b in reference_problems(sources(p), names, p)]
    assert not bad, f'{len(bad)} stale chapter references:\n' + '\n'.join(bad)
