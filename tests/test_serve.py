"""`insightkit serve` as a user starts it (a subprocess on 127.0.0.1), asked through the `openai` backend at a
concurrency above the server's limit on open requests, so some requests are answered 429 and retried; throughput
against concurrency is the benchmark `insightkit bench serve`, not a test."""
import time

import pytest

from insightkit.bench.serve import ServerProcess, run_level, study_questions
from insightkit.generation.base import GenSettings, LLMError
from insightkit.generation.openai_compat import OpenAIBackend

pytestmark = pytest.mark.xdist_group('serve')  # one server for the module


@pytest.fixture(scope='module')
def server():
    srv = ServerProcess(context=512, max_waiting=3, threads=1)
    try:
        srv.wait_ready()
        yield srv
    finally: srv.stop()


def test_a_study_over_the_limit_is_retried_and_nothing_is_asked_twice(server):
    # a busy machine holds the three open requests longer: enough retries (a second apart) that none gives up
    row = run_level(server.base_url, study_questions(12), concurrency=8, max_tokens=8, server=server, max_retries=60)
    assert row['refused_429'] > 0, row  # eight at once against three open: the server said busy
    assert row['server_requests'] == 12 + row['refused_429'], row  # only refusals were sent again
    assert (row['distinct_prompts'], row['asked_twice']) == (12, 0), row
    assert row['same_on_second_pass'], row  # the second pass came from the call cache
    assert server.stats()['open'] == 0


def test_a_prompt_longer_than_the_context_is_one_clear_error(server):
    be = OpenAIBackend('served', base_url=server.base_url, max_retries=0)
    with pytest.raises(LLMError, match=r'HTTP 400 .*exceed the server.s context of 512 positions'):
        be.generate([[{'role': 'user', 'content': 'word ' * 800}]], None, GenSettings(max_tokens=8))


def test_structured_replies_come_back_valid(server):
    be = OpenAIBackend('served', base_url=server.base_url, concurrency=3)
    schema = {'type': 'object', 'properties': {'answer': {'type': 'string'}}, 'required': ['answer']}
    out = be.generate(study_questions(3), schema, GenSettings(max_tokens=40))
    assert all(isinstance(r.data['answer'], str) for r in out)


def test_a_reply_slower_than_the_timeout_ends_after_bounded_attempts(server):
    be = OpenAIBackend('served', base_url=server.base_url, timeout=0.3, max_retries=1)
    t0 = time.time()
    with pytest.raises(LLMError, match=r'did not answer within 0.3 s \(2 attempts\)'):
        be.generate([[{'role': 'user', 'content': 'Tell a long story about a ship.'}]], None,
                    GenSettings(max_tokens=200))
    assert time.time() - t0 < 15
