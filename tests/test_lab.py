"""JupyterLab as the reading surface: `tools/lab.py` (the `make lab` launcher) and a real browser.

The browser test starts JupyterLab through the launcher on a free loopback port, drives Debian's
Chromium headless with Playwright, runs the first code cells of the metrics chapter through the UI and
checks their effect in the page. It never saves the notebook (autosave is off in a private settings dir).
"""
import json, os, re, signal, socket, subprocess, sys, time, urllib.request, warnings
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path('/usr/bin/chromium')
CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
                 '--disable-background-networking', '--disable-component-update', '--disable-sync']
CHAPTER = 'nbs/04_metrics.ipynb'
PROBE, PROBE_OUT = "normalize_answer('The  Eiffel Tower!')", "'eiffel tower'"

def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]

def test_lab_busy_port_picks_the_next():
    "Cheap, no server: the launcher says which port is busy and prints a URL on the next one."
    with socket.socket() as busy:
        busy.bind(('127.0.0.1', 0))
        busy.listen()
        port = busy.getsockname()[1]
        p = subprocess.run([sys.executable, 'tools/lab.py', '--port', str(port), '--dry-run'],
                           cwd=ROOT, capture_output=True, text=True, timeout=60, check=True)
    assert f'port {port} on 127.0.0.1 is busy' in p.stderr
    url = re.search(r'http://127\.0\.0\.1:(\d+)/lab/tree/nbs/index\.ipynb\?token=\w+', p.stdout)
    assert url and int(url.group(1)) > port, p.stdout

def write_settings(d: Path):
    "Private JupyterLab user settings: no autosave (the chapter stays untouched), no news or update checks."
    for plugin, value in {'docmanager-extension/plugin': {'autosave': False},
                          'apputils-extension/notification': {'fetchNews': 'false', 'checkForUpdates': False}}.items():
        f = d/'@jupyterlab'/f'{plugin}.jupyterlab-settings'
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(json.dumps(value))

@pytest.fixture
def lab(tmp_path):
    "JupyterLab started by tools/lab.py in its own process group; yields (base URL, token); always stopped."
    write_settings(tmp_path/'settings')
    env = {**os.environ, 'JUPYTERLAB_SETTINGS_DIR': str(tmp_path/'settings'), 'JUPYTERLAB_WORKSPACES_DIR': str(tmp_path/'workspaces'),
           'JUPYTER_CONFIG_DIR': str(tmp_path/'config'), 'JUPYTER_RUNTIME_DIR': str(tmp_path/'runtime'), 'INSIGHTKIT_THREADS': '1'}
    log = tmp_path/'lab.log'
    with open(log, 'w') as out:
        proc = subprocess.Popen([sys.executable, 'tools/lab.py', '--port', str(free_port()), '--no-browser',
                                 '--LabApp.news_url=', '--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate',
                                 f'--FileCheckpoints.checkpoint_dir={tmp_path/"checkpoints"}'],   # not nbs/.ipynb_checkpoints
                                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 90
        while True:
            assert proc.poll() is None and time.monotonic() < deadline, f'JupyterLab did not start:\n{log.read_text()[-3000:]}'
            m = re.search(r'(http://127\.0\.0\.1:\d+)/lab/tree/\S+\?token=(\w+)', log.read_text())
            if m:
                try:
                    urllib.request.urlopen(f'{m[1]}/api/status?token={m[2]}', timeout=5)
                    break
                except OSError: pass
            time.sleep(0.5)
        yield m[1], m[2]
    finally:
        # SIGTERM lets the server shut its kernels down; SIGKILL the group if it lingers
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        except ProcessLookupError: pass

def first_cells():
    "The types of the cells to run, from the top through the first cell that tests `normalize_answer`."
    cells = json.loads((ROOT/CHAPTER).read_text(encoding='utf-8'))['cells']
    n = next(i for i, c in enumerate(cells) if c['cell_type'] == 'code' and 'test_eq(normalize_answer(' in ''.join(c['source']))
    return [c['cell_type'] for c in cells[:n + 1]]

def wait_for_one_kernel(base, token, timeout=60):
    "Until the server has one kernel, idle, with the page connected to it (twice in a row)."
    deadline, ok, kernels = time.monotonic() + timeout, 0, None
    while ok < 2:
        assert time.monotonic() < deadline, f'the kernel did not settle: {kernels}'
        time.sleep(0.5)
        try: kernels = json.load(urllib.request.urlopen(f'{base}/api/kernels?token={token}', timeout=5))
        except OSError as e: kernels = repr(e)   # a 500 while a kernel is starting
        ok = ok + 1 if len(kernels) == 1 and kernels[0]['execution_state'] == 'idle' and kernels[0]['connections'] else 0

@pytest.fixture
def chromium():
    "Debian's Chromium; without it the browser test is skipped, loudly."
    if not CHROMIUM.exists():
        msg = f'!!! BROWSER TEST NOT RUN: {CHROMIUM} is missing (apt-get install -y chromium; .ci/run does this) !!!'
        print(f'\nWARNING: {msg}', file=sys.__stderr__, flush=True)
        warnings.warn(msg)
        pytest.skip(msg)
    return CHROMIUM

@pytest.mark.timeout(300)
def test_metrics_chapter_runs_in_jupyterlab(chromium, lab, tmp_path):
    from playwright.sync_api import sync_playwright, expect
    base, token = lab
    cell_types = first_cells()
    with sync_playwright() as pw:
        browser = pw.chromium.launch_persistent_context(tmp_path/'chromium-profile', executable_path=str(chromium), headless=True,
                                                         args=CHROMIUM_ARGS, viewport={'width': 1400, 'height': 1000})
        try:
            page = browser.pages[0] if browser.pages else browser.new_page()
            page.goto(f'{base}/lab/tree/{CHAPTER}?token={token}')
            notebook = page.locator('.jp-NotebookPanel:visible .jp-Notebook')
            idle = page.get_by_role('button', name='Python 3 (ipykernel) | Idle')   # the status bar's kernel item
            expect(idle).to_be_visible(timeout=90_000)            # the notebook's own kernel (python3) started: no kernel dialog
            wait_for_one_kernel(base, token)                        # JupyterLab sometimes replaces its first kernel at start-up
            cells = notebook.locator('.jp-Cell')
            cells.first.locator('.jp-InputPrompt').click()           # select the first cell (command mode)
            n_run = 0
            for i, kind in enumerate(cell_types):                    # run each cell and move on, as a reader does
                page.keyboard.press('Shift+Enter')
                if kind == 'code':
                    n_run += 1
                    expect(cells.nth(i).locator('.jp-InputPrompt')).to_have_text(f'[{n_run}]:', timeout=60_000)
            page.keyboard.press('a')
            page.keyboard.press('Enter')   # a probe cell under the last one run
            page.keyboard.insert_text(PROBE)
            page.keyboard.press('Shift+Enter')
            probe = cells.nth(len(cell_types))
            expect(probe.locator('.jp-OutputArea-output')).to_have_text(PROBE_OUT, timeout=60_000)
            expect(probe.locator('.jp-InputPrompt')).to_have_text(f'[{n_run + 1}]:')
            expect(idle).to_be_visible(timeout=30_000)
            assert 'Traceback' not in notebook.inner_text()
            page.screenshot(path=tmp_path/'04_metrics.png')
        finally: browser.close()
