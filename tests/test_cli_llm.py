"`insightkit llm ask` as a user runs it: schema-valid data from the local model, an identical replay, clear errors."
import json, sys
import jsonschema, pytest
from conftest import run

SCHEMA = {'title': 'Parser', 'type': 'object', 'properties': {'name': {'type': 'string'}, 'year': {'type': 'integer'}},
          'required': ['name', 'year']}

def ask(args, env):
    return run([sys.executable, '-m', 'insightkit.cli', 'llm', 'ask', *args], env=env, check=False)

def test_llm_ask_schema_then_replay_identical(tmp_path):
    (tmp_path/'s.json').write_text(json.dumps(SCHEMA))
    env = {'INSIGHTKIT_CALL_CACHE': str(tmp_path/'calls.sqlite')}
    args = ['--role', 'generator', '--prompt', 'Name a syntactic parser and the year it appeared.', '--schema', str(tmp_path/'s.json'), '--json']
    first = ask(args, env)
    assert first.returncode == 0, first.stderr
    r1 = json.loads(first.stdout)
    jsonschema.validate(r1['data'], SCHEMA)
    assert r1['cached'] is False and r1['usage']['completion_tokens'] > 0
    second = ask(args, {**env, 'INSIGHTKIT_CACHE_MODE': 'replay'})
    assert second.returncode == 0, second.stderr
    r2 = json.loads(second.stdout)
    assert r2['cached'] is True and (r2['text'], r2['data'], r2['usage']) == (r1['text'], r1['data'], r1['usage'])

def test_llm_ask_bad_input_is_one_clear_line(tmp_path):
    env = {'INSIGHTKIT_CALL_CACHE': str(tmp_path/'calls.sqlite')}
    p = ask(['--role', 'nobody', '--prompt', 'hi'], env)
    assert p.returncode == 2 and 'unknown role' in p.stderr and 'generator' in p.stderr
    (tmp_path/'bad.json').write_text('{"type": "objekt"}')
    p = ask(['--prompt', 'hi', '--schema', str(tmp_path/'bad.json')], env)
    assert p.returncode == 2 and 'invalid JSON Schema' in p.stderr and 'bad.json' in p.stderr
    (tmp_path/'notjson.json').write_text('{nope')
    p = ask(['--prompt', 'hi', '--schema', str(tmp_path/'notjson.json')], env)
    assert p.returncode == 2 and 'notjson.json' in p.stderr
    p = ask(['--prompt', 'never asked before', '--json'], {**env, 'INSIGHTKIT_CACHE_MODE': 'replay'})
    assert p.returncode == 2 and 'replay' in p.stderr and 'never asked before' in p.stderr
    p = ask(['--prompt', 'hi'], {**env, 'INSIGHTKIT_GENERATOR_BACKEND': 'telepathy'})
    assert p.returncode == 2 and 'telepathy' in p.stderr and 'local' in p.stderr
    p = ask(['--prompt', 'hi'], {**env, 'INSIGHTKIT_CACHE_MODE': 'sometimes'})
    assert p.returncode == 2 and 'sometimes' in p.stderr
    p = ask(['--prompt', 'hi'], {**env, 'INSIGHTKIT_GENERATOR_BACKEND': 'openai', 'INSIGHTKIT_OPENAI_BASE_URL': 'http://127.0.0.1:9/v1',
                                 'INSIGHTKIT_GENERATOR_MODEL': 'any'})
    assert p.returncode == 2 and '127.0.0.1:9' in p.stderr

def test_bad_numbers_are_one_clear_line(private_cache, capsys):
    from insightkit.cli import main
    for argv, says in ((['llm', 'ask', '--prompt', 'hi', '--max-tokens', '-1'], 'max_tokens must be a whole number of at least 1, got -1'),
                       (['bench', 'embed', '--limit', '-1'], '--limit must be at least 1, got -1'),
                       (['bench', 'embed', '--limit', '0'], '--limit must be at least 1, got 0')):
        with pytest.raises(SystemExit) as e: main(argv)
        err = capsys.readouterr().err
        assert e.value.code == 2 and says in err and 'Traceback' not in err, (argv, err)

def test_bitsandbytes_kernels_note_is_dropped_only(caplog):
    import logging
    from insightkit.generation.loaded import set_torch_threads
    set_torch_threads()  # what every model load calls first
    log = logging.getLogger('bitsandbytes.backends.cpu.ops')
    with caplog.at_level(logging.WARNING):
        log.warning('Failed to load CPU gemm_4bit_forward from kernels-community: %s. Please make sure you already `pip install kernels`',
                    "No module named 'kernels'")
        log.warning('some other bitsandbytes warning')
    assert [r.getMessage() for r in caplog.records if r.name == log.name] == ['some other bitsandbytes warning']
