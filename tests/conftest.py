"Shared fixtures: the checkout root, a private cache for tests that write one, and the shared AAN data when present."
import os, subprocess
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parent.parent

# every test process converts the default model into one folder, once per machine: a test that points
# INSIGHTKIT_CACHE at a temporary folder would otherwise convert it again there (14-30 s each); the tests of the
# conversion itself name their own folder
if 'INSIGHTKIT_MODELS' not in os.environ:
    from insightkit.generation.model_files import reusable_models_dir
    os.environ['INSIGHTKIT_MODELS'] = str(reusable_models_dir())

@pytest.fixture(scope='session')
def root(): return ROOT

def once_per_run(tmp_path_factory, name: str, make):
    """A folder and `make(folder)`'s JSON-able result, computed once per pytest run however its tests are spread:
    pytest-xdist set the paper and book fixtures up twice (591 s and 582 s in one CI run), so the first to come
    computes and writes the result under the run's shared temporary folder, behind a file lock, and the others read it
    (xdist's own recipe)."""
    import json
    from filelock import FileLock
    base = tmp_path_factory.getbasetemp()
    if os.environ.get('PYTEST_XDIST_WORKER'): base = base.parent  # the run's folder, shared by its workers
    folder, done = base/name, base/f'{name}.json'
    with FileLock(str(done) + '.lock'):
        if done.exists(): return folder, json.loads(done.read_text())
        folder.mkdir(exist_ok=True)
        result = make(folder)
        done.write_text(json.dumps(result))
        return folder, result

# the longest modules first (the Makefile turns off xdist's reordering by group size), so a run never ends with one
# worker busy for ten minutes on the paper notebooks while the other waits: paper 628 s, course replay ~185 s, book
FIRST = ('test_paper_insight_rag.py', 'test_course_lessons.py', 'test_book.py', 'test_insightgen.py')

def pytest_collection_modifyitems(items):
    "Run the modules in `FIRST` before the rest, each keeping its own order (a stable sort)."
    rank = {name: i for i, name in enumerate(FIRST)}
    items.sort(key=lambda it: rank.get(it.path.name, len(FIRST)))

AAN_SAMPLE = {'deep': 100, 'multi': 60, 'docs': 1000}

@pytest.fixture(scope='session')
def aan_sample(shared_aan, tmp_path_factory):
    """The official AAN files cut to what a test that embeds the corpus can afford: the first 100 deep and 60 multi
    questions, every abstract they name, and the lowest other ids up to 1,000 abstracts (embedding all 5,000 took five
    minutes of a CI core). Written to a temporary folder, never into the checkout; the counts are in `AAN_SAMPLE`."""
    import json
    out = tmp_path_factory.mktemp('aan-sample')
    read = lambda name: [json.loads(x) for x in (shared_aan/f'AAN_{name}.jsonl').read_text(encoding='utf-8').splitlines() if x.strip()]
    deep, multi = read('deep')[:AAN_SAMPLE['deep']], read('multi')[:AAN_SAMPLE['multi']]
    named = {q['doc-id'] for q in deep} | {o['doc-id'] for q in multi for o in q['objs']}
    docs = read('docs')
    others = [d['id'] for d in docs if d['id'] not in named][:AAN_SAMPLE['docs'] - len(named)]
    keep = named | set(others)
    graph = [t for t in read('graph') if t['doc-id'] in keep]
    for name, rows in (('docs', [d for d in docs if d['id'] in keep]), ('deep', deep), ('multi', multi), ('graph', graph),
                       ('matching', read('matching'))):
        (out/f'AAN_{name}.jsonl').write_text(''.join(json.dumps(r) + '\n' for r in rows), encoding='utf-8')
    return out

@pytest.fixture(scope='session')
def shared_aan():
    "The official AAN files (INSIGHTKIT_SHARED_AAN); tests that need them skip without."
    d = os.environ.get('INSIGHTKIT_SHARED_AAN')
    if not d or not Path(d, 'AAN_docs.jsonl').exists(): pytest.skip('INSIGHTKIT_SHARED_AAN is not set')
    return Path(d)

def run(cmd, cwd=ROOT, env=None, timeout=900, check=True):
    "Run a command, returning the CompletedProcess; on failure show its output."
    p = subprocess.run(cmd, cwd=cwd, env={**os.environ, **(env or {})}, capture_output=True, text=True, timeout=timeout)
    if check and p.returncode != 0: raise AssertionError(f'{cmd} exited {p.returncode}\nstdout:\n{p.stdout[-3000:]}\nstderr:\n{p.stderr[-3000:]}')
    return p

def set_private_env(monkeypatch, cache, runs):
    "`private_env` through pytest's monkeypatch, so it is undone after the test or module."
    from insightkit.generation.model_files import private_env
    for k, v in private_env(cache, runs).items():
        if v is None: monkeypatch.delenv(k, raising=False)
        else: monkeypatch.setenv(k, v)

@pytest.fixture
def private_cache(tmp_path, monkeypatch):
    "A private user cache (calls, embeddings, miners, mined continuations) and runs folder; the converted default model is reused."
    set_private_env(monkeypatch, tmp_path/'cache', tmp_path/'runs')
    return tmp_path
