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

def set_private_env(monkeypatch, cache, runs):
    "`private_env` (chapter 01aa) through pytest's monkeypatch, so it is undone after the test or module."
    from insightkit.generation.model_files import private_env
    for k, v in private_env(cache, runs).items():
        if v is None: monkeypatch.delenv(k, raising=False)
        else: monkeypatch.setenv(k, v)

@pytest.fixture
def private_cache(tmp_path, monkeypatch):
    "A private user cache (calls, embeddings, miners, mined continuations) and runs folder; the converted default model is reused."
    set_private_env(monkeypatch, tmp_path/'cache', tmp_path/'runs')
    return tmp_path
