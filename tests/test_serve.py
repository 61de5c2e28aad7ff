"""`insightkit serve` as a user starts it (a subprocess on 127.0.0.1, with an API key), asked through the `openai`
backend at a concurrency above the server's limit on open requests, so some requests are answered 429 and retried;
bad requests among valid ones, a small crowd at once, and the key. Throughput against concurrency, crowds of 64 and
256 and the 64-client fault run are the benchmark `insightkit bench serve`, not tests."""
import json, os, subprocess, sys, time, urllib.error, urllib.request

import pytest

from insightkit.bench.serve import (ServerProcess, bad_requests, chat_request, crowd_run, free_port, run_level,
                                    send_together, study_questions)
from insightkit.generation.base import GenSettings, LLMError
from insightkit.generation.openai_compat import OpenAIBackend

pytestmark = pytest.mark.xdist_group('serve')  # one server for the module
MAX_WAITING = 9  # eight valid requests at once fit; sixteen do not


@pytest.fixture(scope='module')
def server():
    srv = ServerProcess(context=512, max_waiting=MAX_WAITING, threads=1)
    try:
        srv.wait_ready()
        yield srv
    finally: srv.stop()


def client(server, **kw):
    return OpenAIBackend(server.model, base_url=server.base_url, api_key=server.api_key, **kw)


def test_a_study_over_the_limit_is_retried_and_nothing_is_asked_twice(server):
    # sixteen at once against nine open: the server says busy, and the backend waits as Retry-After says
    row = run_level(server.base_url, study_questions(16), concurrency=16, max_tokens=8, server=server, max_retries=60)
    assert row['refused_429'] > 0, row
    assert row['server_requests'] == 16 + row['refused_429'], row  # only refusals were sent again
    assert (row['distinct_prompts'], row['asked_twice']) == (16, 0), row
    assert row['same_on_second_pass'], row  # the second pass came from the call cache
    assert server.stats()['open'] == 0


def test_each_bad_request_fails_alone_among_eight_valid_ones(server):
    convs = study_questions(8)
    bad = bad_requests(convs[0])
    valid = [(chat_request(c, 8), {}) for c in convs]
    reqs = [r for pair in zip(valid, [b[:2] for b in bad.values()]) for r in pair] + [b[:2] for b in
                                                                                      list(bad.values())[8:]]
    got = send_together(server, reqs)
    assert [g for g, _ in got[:16:2]] == [200] * 8, got
    statuses = dict(zip(bad, [g for g, _ in got[1:16:2]] + [g for g, _ in got[16:]]))
    assert statuses == {name: b[2] for name, b in bad.items()}, statuses
    assert server.stats()['failed'] == 0  # nothing bad reached the engine


def test_a_refusal_is_one_line_of_json_in_openai_shape(server):
    ask = urllib.request.Request(server.base_url + '/chat/completions', data=b'{"messages": [{"role": 1}]}',
                                 headers={'Authorization': f'Bearer {server.api_key}',
                                          'Content-Type': 'application/json'})
    with pytest.raises(urllib.error.HTTPError) as err: urllib.request.urlopen(ask, timeout=10)
    raw = err.value.read()
    assert err.value.code == 400 and b'\n' not in raw
    assert json.loads(raw)['error']['type'] == 'invalid_request_error' and 'messages must be' in raw.decode()


def test_a_crowd_gets_200_or_429_and_never_a_reset(server):
    crowd = crowd_run(server, 24, max_tokens=4)
    assert crowd['connection_errors'] == 0, crowd
    assert set(crowd['ended']) == {'200', '429'}, crowd  # nine open at once: the rest told to come back
    assert crowd['retry_after_on_every_429'], crowd


@pytest.mark.parametrize('path', ['/health', '/v1/models', '/stats'])
def test_every_route_needs_the_key(server, path):
    for headers in ({}, {'Authorization': 'Bearer not-the-key'}):
        ask = urllib.request.Request(f'http://127.0.0.1:{server.port}{path}', headers=headers)
        with pytest.raises(urllib.error.HTTPError) as err: urllib.request.urlopen(ask, timeout=10)
        assert err.value.code == 401 and json.loads(err.value.read())['error']['code'] == 'invalid_api_key'
    [(status, _)] = send_together(server, [(chat_request(study_questions(1)[0], 4), {'Authorization': None})])
    assert status == 401


def test_a_public_host_without_a_key_refuses_to_start():
    env = {k: v for k, v in os.environ.items() if k != 'INSIGHTKIT_SERVE_KEY'}
    t0 = time.time()
    p = subprocess.run([sys.executable, '-m', 'insightkit.cli', 'serve', '--host', '0.0.0.0', '--port',
                        str(free_port())], capture_output=True, text=True, env=env, timeout=120)
    assert p.returncode == 2, p
    assert '--host 0.0.0.0 lets other machines in: give --api-key KEY' in p.stderr, p.stderr
    assert time.time() - t0 < 60  # refused before the model loads


def test_a_prompt_longer_than_the_context_is_one_clear_error(server):
    with pytest.raises(LLMError, match=r'HTTP 400 .*exceed the server.s context of 512 positions'):
        client(server, max_retries=0).generate([[{'role': 'user', 'content': 'word ' * 800}]], None,
                                               GenSettings(max_tokens=8))


def test_an_unknown_model_is_not_found(server):
    be = OpenAIBackend('gpt-4o', base_url=server.base_url, api_key=server.api_key, max_retries=0)
    with pytest.raises(LLMError, match="model 'gpt-4o' not found"):
        be.generate([[{'role': 'user', 'content': 'hi'}]], None, GenSettings(max_tokens=4))


def test_structured_replies_come_back_valid(server):
    schema = {'type': 'object', 'properties': {'answer': {'type': 'string'}}, 'required': ['answer']}
    out = client(server, concurrency=3).generate(study_questions(3), schema, GenSettings(max_tokens=40))
    assert all(isinstance(r.data['answer'], str) for r in out)


def test_a_reply_slower_than_the_timeout_ends_after_bounded_attempts(server):
    be = client(server, timeout=0.3, max_retries=1)
    t0 = time.time()
    with pytest.raises(LLMError, match=r'did not answer within 0.3 s \(2 attempts\)'):
        be.generate([[{'role': 'user', 'content': 'Tell a long story about a ship.'}]], None,
                    GenSettings(max_tokens=200))
    assert time.time() - t0 < 15
