"""Issue 38: every `INSIGHTKIT_*` variable is a row of `insightkit.core.SETTINGS`. A name written anywhere in the
library, the chapters, the Makefile, CI or the README is in the table (or one of its `<ROLE>` families), every row is
read where it says, the library reads none past `setting`, and the README shows the table as it is."""
import json, re
from pathlib import Path

from insightkit.core import SETTINGS, Setting, settings_markdown

ROOT = Path(__file__).resolve().parent.parent
NAME = re.compile(r'INSIGHTKIT_[A-Z_]+')
SETTING_CALL = re.compile(r"""\bsetting\(\s*f?['"]([^'"]+)['"]\s*\)""")
PLANTED = {'nbs/00_core.ipynb': {'INSIGHTKIT_CAHCE', 'INSIGHTKIT_MODEL'}}  # the chapter's own tests of unknown names
RAW_READ = re.compile(r"""(?:environ\.get\(|getenv\()\s*f?['"]INSIGHTKIT_|environ\[\s*f?['"]INSIGHTKIT_[^'"]*['"]\s*\](?!\s*=[^=])""")

def scanned_files() -> list[Path]:
    "The files whose `INSIGHTKIT_*` names must all be settings."
    files = [*(ROOT/'insightkit').rglob('*.py'), *(ROOT/'nbs').glob('*.ipynb'), ROOT/'Makefile', ROOT/'README.md']
    return [p for p in files + sorted((ROOT/'.ci').rglob('*')) if p.is_file()]

def is_known(name: str, table: dict[str, Setting] = SETTINGS) -> bool:
    "Whether `name` is a setting, a role's setting, or (ending in `_`) the start of one, e.g. `INSIGHTKIT_GENERATOR_`."
    if name.endswith('_'):
        return any(s.var.startswith(name) or s.matches(name + s.name.split('>_')[-1]) for s in table.values())
    return any(s.matches(name) for s in table.values())

def unknown_names(text: str, table: dict[str, Setting] = SETTINGS) -> set[str]:
    return {n for n in NAME.findall(text) if not is_known(n, table)}

def test_unknown_names_are_caught():
    text = "x = os.environ.get('INSIGHTKIT_CAHCE'); INSIGHTKIT_JUDGE_MODEL=m INSIGHTKIT_GENERATOR_ INSIGHTKIT_CACHE"
    assert unknown_names(text) == {'INSIGHTKIT_CAHCE'}

def test_every_name_written_is_a_setting():
    found = {f'{p.relative_to(ROOT)}: {n}' for p in scanned_files()
             for n in unknown_names(p.read_text(encoding='utf-8', errors='replace'))
             - PLANTED.get(str(p.relative_to(ROOT)), set())}
    assert not found, 'INSIGHTKIT_* names missing from insightkit.core.SETTINGS:\n' + '\n'.join(sorted(found))

def module_source(reader: str) -> str:
    "The text of a reader: a module of insightkit (`generation.llm`) or a file of the project (`tools/install.py`)."
    path = ROOT/reader if '/' in reader else ROOT/'insightkit'/(reader.replace('.', '/') + '.py')
    return path.read_text(encoding='utf-8')

def unread_rows(table: dict[str, Setting]) -> list[str]:
    """Rows some named reader does not read: a module that never calls `setting('NAME')` (a role family: the module
    builds the name from the family's suffix), or a file that never names the variable or its default."""
    bad = []
    for s in table.values():
        for reader in (r.strip() for r in s.readers.split(',')):
            text = module_source(reader)
            if '/' in reader:
                ok = s.var in text and (s.default in (None, False) or repr(s.default) in text or str(s.default) in text)
            elif '<ROLE>' in s.name:
                ok = "setting(f'{role.upper()}_{k.upper()}')" in text and f"'{s.name.split('>_')[1].lower()}'" in text
            else: ok = f"setting('{s.name}')" in text
            if not ok: bad.append(f'{s.var} ({reader})')
    return bad

def test_every_row_is_read_where_it_says():
    planted = {**SETTINGS, 'NOWHERE': Setting('NOWHERE', 'text', None, 'read by nothing', 'core')}
    assert unread_rows(planted) == ['INSIGHTKIT_NOWHERE (core)']
    assert unread_rows(SETTINGS) == []

def test_every_read_is_in_its_row():
    "Each `setting('NAME')` in the library names a row that lists the module as a reader."
    bad = []
    for p in sorted((ROOT/'insightkit').rglob('*.py')):
        module = '.'.join(p.relative_to(ROOT/'insightkit').with_suffix('').parts)
        for name in SETTING_CALL.findall(p.read_text(encoding='utf-8')):
            if '{' in name: continue  # a role family, checked above
            row = SETTINGS.get(name)
            if row is None or module not in [r.strip() for r in row.readers.split(',')]: bad.append(f'{module}: {name}')
    assert not bad, 'setting() reads not in their row of SETTINGS:\n' + '\n'.join(bad)

def test_the_library_reads_no_variable_past_setting():
    assert RAW_READ.search("os.environ.get('INSIGHTKIT_RUN')") and RAW_READ.search("x = os.environ['INSIGHTKIT_DATA']")
    assert not RAW_READ.search("os.environ['INSIGHTKIT_RUN'] = 'x'")
    bad = [f'{p.relative_to(ROOT)}: {m.group(0)}' for p in sorted((ROOT/'insightkit').rglob('*.py'))
           for m in RAW_READ.finditer(p.read_text(encoding='utf-8'))]
    assert not bad, 'read INSIGHTKIT_* through insightkit.core.setting:\n' + '\n'.join(bad)

def test_readme_shows_the_table_as_it_is():
    cells = json.loads((ROOT/'nbs'/'index.ipynb').read_text(encoding='utf-8'))['cells']
    shown = [''.join(o['data']['text/markdown']) for c in cells if ''.join(c['source']).startswith('#| echo: false')
             for o in c.get('outputs', []) if 'text/markdown' in o.get('data', {})]
    assert shown == [settings_markdown()], 'rerun the settings cell of nbs/index.ipynb, then `make readme`'
    assert settings_markdown() in (ROOT/'README.md').read_text(encoding='utf-8')
