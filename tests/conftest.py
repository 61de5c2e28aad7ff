"Shared fixtures: the checkout root, a private cache for tests that write one, and the shared AAN data when present."
import os, subprocess
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parent.parent

@pytest.fixture(scope='session')
def root(): return ROOT

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

@pytest.fixture
def private_cache(tmp_path, monkeypatch):
    "A private user cache (calls, embeddings, miners, mined continuations) and runs folder; the converted default model is reused."
    from insightkit.generation.local import reusable_models_dir
    monkeypatch.setenv('INSIGHTKIT_MODELS', str(reusable_models_dir()))
    monkeypatch.setenv('INSIGHTKIT_CACHE', str(tmp_path/'cache'))
    monkeypatch.setenv('INSIGHTKIT_RUNS', str(tmp_path/'runs'))
    monkeypatch.setenv('INSIGHTKIT_PROGRESS', '0')
    for v in ('INSIGHTKIT_CONFIG', 'INSIGHTKIT_CALL_CACHE', 'INSIGHTKIT_CACHE_MODE', 'INSIGHTKIT_RUN', 'INSIGHTKIT_DATA'):
        monkeypatch.delenv(v, raising=False)
    return tmp_path
