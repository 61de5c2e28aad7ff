"No credential reaches disk: a planted API key, header value and URL password appear in no cache file, fingerprint, redacted settings or figures output."
import json
from pathlib import Path
import pytest

from insightkit.secrets import redact, redact_url, scrub
from insightkit.generation.llm import configure_role, reset_roles, get_llm, role_config
from insightkit.generation.openai_compat import MockOpenAIServer

KEY, HEADER, PASSWORD = 'sk-planted-key-5f3a9', 'planted-header-8c21e', 'planted-pass-77d0b'
PLANTED = (KEY, HEADER, PASSWORD)

def leaks(folder: Path) -> list[str]:
    "`file: planted string` for every planted string found in any file under `folder`."
    return [f'{p}: {s}' for p in sorted(folder.rglob('*')) if p.is_file() for s in PLANTED if s.encode() in p.read_bytes()]

@pytest.fixture
def planted(private_cache, monkeypatch):
    "A mock OpenAI-compatible server reached through a URL with a password, an API key and a header value in the settings."
    with MockOpenAIServer(lambda body: '{"answer": "Paris"}' if 'response_format' in body else 'Paris') as srv:
        url = srv.base_url.replace('http://', f'http://alice:{PASSWORD}@')
        monkeypatch.setenv('OPENAI_API_KEY', KEY)
        monkeypatch.setenv('INSIGHTKIT_OPENAI_BASE_URL', url)
        configure_role('judge', backend='openai', model='mock', max_retries=0, default_headers={'X-Api-Key': HEADER})
        try: yield srv
        finally: reset_roles()

def test_cache_and_fingerprint_hold_no_credential(planted, private_cache):
    llm = get_llm('judge')
    assert llm.chat('Capital of France?').text == 'Paris'
    schema = {'type': 'object', 'properties': {'answer': {'type': 'string'}}, 'required': ['answer']}
    assert llm.chat('Capital of France, as JSON?', schema=schema).data == {'answer': 'Paris'}
    assert llm.chat('Capital of France?').cached and len(planted.requests) == 2
    fp = llm.backend.fingerprint()
    assert fp == f'openai:{planted.base_url}:mock'      # the endpoint is kept: other servers get other keys
    assert not any(s in fp + repr(llm.backend) for s in PLANTED)
    cache_files = list((private_cache/'cache').rglob('*.sqlite*'))
    assert cache_files, 'the calls were not cached under the private cache folder'
    assert leaks(private_cache/'cache') == []

def test_redacted_role_settings(planted):
    cfg = role_config('judge')
    assert cfg['default_headers'] == {'X-Api-Key': HEADER}   # planted where a manifest would look
    text = json.dumps(redact(cfg))
    assert not any(s in text for s in PLANTED), text
    assert 'X-Api-Key' in text and planted.base_url in text

def test_redact_helpers():
    assert redact_url(f'https://u:{PASSWORD}@h/v1?key={KEY}&v=1') == 'https://h/v1?key=[redacted]&v=1'
    assert redact({'headers': {'A': HEADER}, 'api_key': KEY, 'model': 'm'}) == {'headers': {'A': '[redacted]'}, 'api_key': '[redacted]', 'model': 'm'}
    assert scrub(f'error: {KEY} refused', [KEY]) == 'error: [redacted] refused'

def test_figures_runner_writes_no_credential(tmp_path, monkeypatch):
    import nbformat
    from insightkit.figures import run_figure
    monkeypatch.setenv('OPENAI_API_KEY', KEY)
    monkeypatch.setenv('INSIGHTKIT_OPENAI_BASE_URL', f'http://alice:{PASSWORD}@127.0.0.1:9/v1')
    (tmp_path/'paper_figures').mkdir()
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import os\nprint(os.environ['OPENAI_API_KEY'])\nraise RuntimeError('cannot reach ' + os.environ['INSIGHTKIT_OPENAI_BASE_URL'])")])
    nb.metadata['kernelspec'] = {'name': 'python3', 'display_name': 'Python 3', 'language': 'python'}
    path = tmp_path/'paper_figures'/'figx.ipynb'
    nbformat.write(nb, str(path))
    out = tmp_path/'out'
    out.mkdir()
    entry = run_figure(path, out, {}, timeout=120)
    assert entry['status'] == 'failed' and 'cannot reach http://127.0.0.1:9/v1' in entry['error'], entry
    (out/'manifest.json').write_text(json.dumps(entry))
    assert (out/'notebooks'/'figx.ipynb').exists()
    assert leaks(out) == []

ECHOED = 'sk-planted-SECRET123'  # the environment's key, echoed back by the stand-in
CONFIG_KEY = 'zq-config-only-4471'  # a key from a config file, shaped like no known key

def echoing(status: int, message: str):
    "A stand-in endpoint that answers every chat request with HTTP `status` and an error body quoting `message`."
    return MockOpenAIServer(lambda body: (status, {'error': {'message': message}}))

def ask_through(srv, tmp_path, env: dict, api_key: str | None = None):
    "`insightkit llm ask` with the generator on `srv` (no retries), as a user runs it; the finished process."
    from conftest import run
    import sys
    cfg = tmp_path/'roles.toml'
    cfg.write_text(f'[roles.generator]\nbackend = "openai"\nmodel = "mock"\nmax_retries = 0\nbase_url = "{srv.base_url}"\n'
                   + (f'api_key = "{api_key}"\n' if api_key else ''))
    return run([sys.executable, '-m', 'insightkit.cli', 'llm', 'ask', '--role', 'generator', '--prompt', 'hi'],
               env={'INSIGHTKIT_CALL_CACHE': str(tmp_path/'calls.sqlite'), 'INSIGHTKIT_CONFIG': str(cfg), **env},
               check=False, timeout=120)

@pytest.mark.parametrize('status, message', [
    (401, f'Incorrect API key provided: {ECHOED}'),
    (500, f'upstream rejected header Authorization: Bearer {ECHOED} (try again)'),
    (500, f'proxy saw key {ECHOED} and gave up'),
])
def test_an_echoed_key_is_never_printed(tmp_path, status, message):
    with echoing(status, message) as srv: p = ask_through(srv, tmp_path, {'OPENAI_API_KEY': ECHOED})
    assert p.returncode == 2 and 'Traceback' not in p.stderr, p.stderr
    assert len(p.stderr.strip().splitlines()) == 1 and f'HTTP {status}' in p.stderr, p.stderr
    assert ECHOED not in p.stdout + p.stderr and '[redacted]' in p.stderr, p.stderr

def test_a_config_file_key_is_never_printed(tmp_path):
    "A key no pattern knows, from the config file (not the environment), echoed in a plain error body."
    with echoing(500, f'proxy saw key {CONFIG_KEY} and gave up') as srv:
        p = ask_through(srv, tmp_path, {'OPENAI_API_KEY': ''}, api_key=CONFIG_KEY)
    assert p.returncode == 2 and 'HTTP 500' in p.stderr, p.stderr
    assert CONFIG_KEY not in p.stdout + p.stderr and 'proxy saw key [redacted]' in p.stderr, p.stderr

def test_a_switch_in_the_environment_hides_nothing(tmp_path):
    "CI sets TOKENIZERS_PARALLELISM=false: its value is no credential, so every `false` in --json output survives."
    from conftest import run
    import sys
    p = run([sys.executable, '-m', 'insightkit.cli', 'variants', '--json'],
            env={'TOKENIZERS_PARALLELISM': 'false', 'GITHUB_TOKEN': 'true'}, timeout=120)
    listed = json.loads(p.stdout)
    assert '[redacted]' not in p.stdout and any(s['optional'] is False for v in listed for s in v['settings'])
