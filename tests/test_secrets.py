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
    path = tmp_path/'paper_figures'/'figx.ipynb'; nbformat.write(nb, str(path))
    out = tmp_path/'out'; out.mkdir()
    entry = run_figure(path, out, {}, timeout=120)
    assert entry['status'] == 'failed' and 'cannot reach http://127.0.0.1:9/v1' in entry['error'], entry
    (out/'manifest.json').write_text(json.dumps(entry))
    assert (out/'notebooks'/'figx.ipynb').exists()
    assert leaks(out) == []
