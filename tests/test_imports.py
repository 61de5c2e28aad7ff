"The package's modules form no import cycle (counting imports inside functions), and each imports on its own."
import ast, subprocess, sys
from pathlib import Path
import pytest

PKG = Path(__file__).resolve().parent.parent/'insightkit'

def module_name(path: Path) -> str:
    parts = path.relative_to(PKG.parent).with_suffix('').parts
    return '.'.join(parts[:-1] if parts[-1] == '__init__' else parts)

MODULES = {module_name(p): p for p in sorted(PKG.rglob('*.py')) if p.name != '_modidx.py'}

def imported(name: str, path: Path) -> set[str]:
    "insightkit modules that `path` imports anywhere in its body (module level or inside functions)."
    package = name if path.name == '__init__.py' else name.rpartition('.')[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding='utf-8'))):
        if isinstance(node, ast.Import): targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ''
            if node.level:
                up = package.split('.')[:len(package.split('.')) - node.level + 1]
                base = '.'.join(up + ([base] if base else []))
            targets = [base] + [f'{base}.{a.name}' for a in node.names]
        else: continue
        out |= {t for t in targets if t in MODULES and t != name and MODULES[t].name != '__init__.py'}
    return out

def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state, stack = {}, []
    def visit(n):
        state[n] = 'open'; stack.append(n)
        for m in sorted(graph[n]):
            if state.get(m) == 'open': return stack[stack.index(m):] + [m]
            if m not in state and (c := visit(m)): return c
        state[n] = 'done'; stack.pop()
    for n in sorted(graph):
        if n not in state and (c := visit(n)): return c
    return None

def test_find_cycle_finds_one():
    assert find_cycle({'a': {'b'}, 'b': {'c'}, 'c': {'a'}}) == ['a', 'b', 'c', 'a']
    assert find_cycle({'a': {'b'}, 'b': set()}) is None

def test_no_import_cycles():
    graph = {n: imported(n, p) for n, p in MODULES.items()}
    assert 'insightkit.generation.base' in graph['insightkit.generation.openai_compat']
    assert find_cycle(graph) is None, ' -> '.join(find_cycle(graph))

def test_generation_modules_import_alone():
    code = ("import importlib, sys\n"
            "for m in sys.argv[1:]:\n"
            "    for k in [k for k in sys.modules if k.startswith('insightkit')]: del sys.modules[k]\n"
            "    importlib.import_module(m)\n"
            "assert 'insightkit.generation.openai_compat' not in sys.modules, 'the role code imported the openai backend'\n")
    mods = ['insightkit.secrets', 'insightkit.generation.base', 'insightkit.generation.cache', 'insightkit.generation.local',
            'insightkit.generation.llm', 'insightkit.retrieval.embed']
    for m in mods:  # one fresh interpreter per module: each must import with nothing imported before it
        p = subprocess.run([sys.executable, '-c', code, m], capture_output=True, text=True, timeout=120)
        assert p.returncode == 0, (m, p.stderr[-2000:])
    p = subprocess.run([sys.executable, '-c', 'import insightkit.generation.openai_compat'], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr[-2000:]
