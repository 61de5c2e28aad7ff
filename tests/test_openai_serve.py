"""The `openai` backend against a real OpenAI-compatible server (`transformers serve` on 127.0.0.1, started here)
and against stdlib stand-ins for the failures a real server cannot be asked to produce on cue."""
import json, os, signal, socket, subprocess, sys, time, urllib.request
from pathlib import Path

import jsonschema, pytest

from insightkit.generation.base import GenSettings, LLMError, BackendUnavailable
from insightkit.generation.openai_compat import OpenAIBackend, MockOpenAIServer
pytestmark = pytest.mark.xdist_group('serve')  # one transformers serve for the module

ANSWER = {'title': 'Answer', 'type': 'object', 'properties': {'answer': {'type': 'string'}}, 'required': ['answer']}
SERVE = [sys.executable, '-c', 'import sys; from transformers.cli.transformers import main; sys.argv[0] = "transformers"; sys.exit(main())', 'serve']
START_DEADLINE_S = 240  # import + model load; about 20 s on an idle 2-core machine


def ask(text):
    return [{'role': 'user', 'content': text}]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def default_model_folder() -> Path:
    "SmolLM2-135M-Instruct as a safetensors folder: the local backend's converted copy."
    from insightkit.generation.local import LocalBackend
    from insightkit.generation.model_files import reusable_models_dir
    return LocalBackend(models_dir=reusable_models_dir()).folder()

class Served:
    "A `transformers serve` subprocess on 127.0.0.1, in its own process group."
    def __init__(self, model: str, log: Path):
        self.model, self.log, self.port = model, log, free_port()
        self.base_url = f'http://127.0.0.1:{self.port}/v1'
        env = {**os.environ, 'HF_HUB_OFFLINE': '1', 'TRANSFORMERS_NO_ADVISORY_WARNINGS': '1'}
        env.setdefault('OMP_NUM_THREADS', '1')  # with 2 threads a busy CPU slowed generation 10-20x (spin-waiting threads)
        self.proc = subprocess.Popen(SERVE + [model, '--host', '127.0.0.1', '--port', str(self.port), '--device', 'cpu'],
                                     stdout=open(log, 'wb'), stderr=subprocess.STDOUT, env=env, start_new_session=True)

    def wait_healthy(self, deadline_s: float):
        t0 = time.time()
        while time.time() - t0 < deadline_s:
            if self.proc.poll() is not None:
                pytest.fail(f'transformers serve exited with {self.proc.returncode}:\n{self.log.read_text()[-3000:]}')
            try:
                with urllib.request.urlopen(f'http://127.0.0.1:{self.port}/health', timeout=2) as r:
                    if r.status == 200: return time.time() - t0
            except OSError: time.sleep(0.5)
        pytest.fail(f'transformers serve not healthy after {deadline_s} s:\n{self.log.read_text()[-3000:]}')

    def stop(self):
        if self.proc.poll() is None:
            try: os.killpg(self.proc.pid, signal.SIGTERM)
            except ProcessLookupError: return
            try: self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)


@pytest.fixture(scope='module')
def served(tmp_path_factory):
    for mod in ('fastapi', 'uvicorn'):  # CI installs transformers[serving]: there a missing module is a failure, not a skip
        if os.environ.get('CI'): __import__(mod)
        else: pytest.importorskip(mod, reason='transformers serve needs transformers[serving]')
    model = str(default_model_folder())
    srv = Served(model, tmp_path_factory.mktemp('serve')/'serve.log')
    try:
        srv.startup_s = srv.wait_healthy(START_DEADLINE_S)
        yield srv
    finally: srv.stop()


def backend(srv, **kw):
    return OpenAIBackend(srv.model, base_url=srv.base_url, timeout=120, **kw)


def test_plain_chat(served):
    be = backend(served, concurrency=2)
    replies = be.generate([ask('What is the capital of France?'), ask('Name a primary colour.')], None, GenSettings(max_tokens=16))
    assert len(replies) == 2 and all(r.text.strip() for r in replies)
    assert 'Paris' in replies[0].text  # replies come back in the order asked, though sent concurrently
    for r in replies:
        assert r.usage['prompt_tokens'] > 0 and 0 < r.usage['completion_tokens'] <= 16
        assert r.usage['total_tokens'] == r.usage['prompt_tokens'] + r.usage['completion_tokens']
    assert be.fingerprint() == f'openai:{served.base_url}:{served.model}'


def test_schema_chat_is_valid(served):
    be = backend(served)
    [r] = be.generate([ask('Name a primary colour.')], ANSWER, GenSettings(max_tokens=32))
    jsonschema.validate(r.data, ANSWER)
    assert r.data == json.loads(r.text[r.text.index('{'):r.text.rindex('}') + 1])
    # transformers serve 5.x ignores response_format, so the backend notices and keeps to the prompt route
    assert be.structured in ('auto', 'prompt')


def test_forced_prompt_fallback(served):
    "The prompt route alone (no response_format) yields schema-valid data: greedy decoding makes the outcome fixed."
    be = backend(served, structured='prompt')
    [r] = be.generate([ask('What is the capital of France?')], ANSWER, GenSettings(max_tokens=32, temperature=0))
    jsonschema.validate(r.data, ANSWER)
    assert be.structured == 'prompt' and r.usage['completion_tokens'] > 0


def test_wrong_model_name(served):
    be = OpenAIBackend('no-such-model', base_url=served.base_url, max_retries=0)
    with pytest.raises(LLMError, match="model 'no-such-model' not found"):
        be.generate([ask('hi')], None, GenSettings(max_tokens=4))


def test_retries_503_then_succeeds():
    srv = MockOpenAIServer(lambda body: (503, {'error': {'message': 'overloaded'}}) if len(srv.requests) <= 2 else 'fine')
    with srv:
        t0 = time.time()
        [r] = OpenAIBackend('mock', base_url=srv.base_url).generate([ask('hi')], None, GenSettings())
    assert r.text == 'fine' and len(srv.requests) == 3
    assert time.time() - t0 < 0.5 + 1 + 2  # two backoffs (0.5 s, 1 s, less jitter)


def test_a_429_is_retried_after_the_servers_retry_after():
    "`insightkit serve` answers a crowd 429 with Retry-After: the backend waits that long, not its own backoff."
    busy = (429, {'error': {'message': 'busy', 'type': 'rate_limit_exceeded'}}, {'Retry-After': '2'})
    srv = MockOpenAIServer(lambda body: busy if len(srv.requests) == 1 else 'fine')
    with srv:
        t0 = time.time()
        [r] = OpenAIBackend('mock', base_url=srv.base_url).generate([ask('hi')], None, GenSettings())
    assert r.text == 'fine' and len(srv.requests) == 2
    assert 2 <= time.time() - t0 < 4  # the SDK's own first backoff is under 0.5 s


def test_hanging_server_times_out():
    timeout, retries = 0.5, 1
    with MockOpenAIServer(lambda body: time.sleep(5) or 'late') as srv:
        be = OpenAIBackend('mock', base_url=srv.base_url, timeout=timeout, max_retries=retries)
        t0 = time.time()
        with pytest.raises(BackendUnavailable, match='did not answer within 0.5 s'):
            be.generate([ask('hi')], None, GenSettings())
        assert time.time() - t0 < timeout * (retries + 1) + 1 + 1


def test_stopped_server_is_unavailable(served):
    "Runs last: stops the shared server, then checks the error with the default retries."
    be = OpenAIBackend(served.model, base_url=served.base_url, timeout=5)  # default max_retries=4
    served.stop()
    t0 = time.time()
    with pytest.raises(BackendUnavailable) as err:
        be.generate([ask('hi')], None, GenSettings(max_tokens=4))
    elapsed = time.time() - t0
    assert served.base_url in str(err.value) and 'INSIGHTKIT_OPENAI_BASE_URL' in str(err.value)
    assert elapsed < 5 * (4 + 1) + 8, elapsed  # bound: timeout × attempts + backoff; refused connections take only the backoff (~7.5 s)
