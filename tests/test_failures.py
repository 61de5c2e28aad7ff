"""Issue 29: every failure a user can meet ends in one clear line. `insightkit llm ask` against a stand-in endpoint
that misbehaves in every way we know (one line, exit 2, bounded attempts, no credential on disk), and `data check`
on dataset copies damaged at random (every damage located by file and line, never a traceback)."""
import contextlib, gzip, io, json, os, re, shutil, socket, subprocess, sys, tempfile, time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from insightkit.cli import main
from insightkit.data.datasets import embedded_dir
from insightkit.data.insight_types import FIELD_RULES
from insightkit.data.leval import LEVAL_FILES
from insightkit.data.sources import NQ_FILES, NQ_ORACLE
from insightkit.generation.openai_compat import MockOpenAIServer

from conftest import ROOT

# ---- an endpoint that misbehaves ----

KEY, PASSWORD, MODEL, RETRIES = 'sk-planted-key-29', 'pw-planted-29', 'stand-in', 2
ATTEMPTS = RETRIES + 1
PAGE = f'<html><body><h1>502 Bad Gateway</h1>upstream said no to {KEY}</body></html>'.encode()

CASES = {  # misbehaviour: (reply to every request, what the one line says)
    'HTTP 500': (lambda body: (500, {'error': {'message': 'boom'}}),
                 f"answered HTTP 500 for model '{MODEL}' after {ATTEMPTS} attempts: boom"),
    '429 with Retry-After': (lambda body: (429, {'error': {'message': 'slow down'}}, {'Retry-After': '1'}),
                             f'is still rate-limiting after {ATTEMPTS} attempts (slow down)'),
    '429 without Retry-After': (lambda body: (429, {'error': {'message': 'slow down'}}),
                                f'is still rate-limiting after {ATTEMPTS} attempts (slow down)'),
    '200 with an HTML page': (lambda body: (200, PAGE, {'Content-Type': 'text/html'}),
                              f"answered HTTP 200 for model '{MODEL}' with a body that is not JSON (content-type "
                              f"text/html) after {ATTEMPTS} attempts; it began '<html><body><h1>502 Bad Gateway"),
    '200 with an empty body': (lambda body: (200, b''),
                               f"answered HTTP 200 for model '{MODEL}' with an empty body"),
    '200 with JSON cut short': (lambda body: (200, b'{"id": "x", "choices": [{"mess'),
                                f"answered HTTP 200 for model '{MODEL}' with a body that is not JSON"),
    'body cut mid-stream': (lambda body: (200, b'{"id": "x", "choices": [', {'Content-Length': '4096'}),
                            f"broke off its reply for model '{MODEL}' after {ATTEMPTS} attempts"),
    'slower than the timeout': (lambda body: time.sleep(2.5) or 'late',
                                f'did not answer within 1 s ({ATTEMPTS} attempts)'),
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def ask(base_url: str, tmp: Path) -> tuple[subprocess.CompletedProcess, float]:
    "`insightkit llm ask` as a user runs it, with a planted key, a URL password and short retry waits."
    (tmp/'config.json').write_text(json.dumps({'roles': {'generator': {'max_retries': RETRIES, 'timeout': 1}}}))
    env = {k: v for k, v in os.environ.items() if not k.startswith(('INSIGHTKIT_', 'OPENAI_'))}
    env.update(INSIGHTKIT_GENERATOR_BACKEND='openai', INSIGHTKIT_GENERATOR_MODEL=MODEL, OPENAI_API_KEY=KEY,
               INSIGHTKIT_OPENAI_BASE_URL=base_url.replace('http://', f'http://tester:{PASSWORD}@'),
               INSIGHTKIT_CONFIG=str(tmp/'config.json'), INSIGHTKIT_CACHE=str(tmp/'cache'),
               INSIGHTKIT_RUNS=str(tmp/'runs'), INSIGHTKIT_PROGRESS='0')
    t0 = time.monotonic()
    p = subprocess.run([sys.executable, '-m', 'insightkit.cli', 'llm', 'ask', '--role', 'generator', '--prompt', 'hi'],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    return p, time.monotonic() - t0


def assert_one_clear_line(p, says: str, tmp: Path, endpoint: str):
    lines = p.stderr.strip().splitlines()
    assert p.returncode == 2 and len(lines) == 1 and 'Traceback' not in p.stderr, (p.returncode, p.stderr)
    assert lines[0].startswith('insightkit: error: ') and endpoint in lines[0] and says in lines[0], lines[0]
    written = [f for f in tmp.rglob('*') if f.is_file()]
    assert written, 'the run wrote nothing, so the credential check would prove nothing'
    for text in [p.stdout, p.stderr] + [f.read_bytes().decode('latin-1') for f in written]:
        assert KEY not in text and PASSWORD not in text


@pytest.mark.parametrize('case', sorted(CASES))
def test_a_misbehaving_endpoint_is_one_line(case, tmp_path):
    reply, says = CASES[case]
    times = []
    with MockOpenAIServer(lambda body: times.append(time.monotonic()) or reply(body)) as srv:
        p, _ = ask(srv.base_url, tmp_path)
    assert_one_clear_line(p, says, tmp_path, srv.base_url.removeprefix('http://'))
    assert len(srv.requests) == ATTEMPTS, (case, len(srv.requests))  # retried, and bounded
    if case == '429 with Retry-After':
        assert all(b - a >= 0.9 for a, b in zip(times, times[1:])), times  # the server's wait is honoured


def test_a_refused_connection_is_one_line(tmp_path):
    url = f'http://127.0.0.1:{free_port()}/v1'  # nothing listens there
    p, took = ask(url, tmp_path)
    assert_one_clear_line(p, f'cannot reach the OpenAI-compatible endpoint {url} (ConnectError, {ATTEMPTS} attempts)',
                          tmp_path, url.removeprefix('http://'))
    assert took < 30, took  # the backoff alone: about 1.5 s for two retries

# ---- data files damaged at random ----

BAD_VALUES = [None, {'wrong': 'type'}, []]  # wrong for every required field of every dataset
REQUIRED = {  # the files `data check` reads, with the fields each record must have
    'insight-rag': {f'MINI_{kind}.jsonl': list(rules) for kind, rules in FIELD_RULES.items()},
    'leval': {f: ['input', 'instructions', 'outputs'] for f in LEVAL_FILES.values()},
    'nq-open': {**{f: ['question', 'answer'] for f in NQ_FILES}, NQ_ORACLE: ['question', 'answers', 'ctxs']},
    'bioasq': {'embedded_golden.json': ['id', 'body', 'type', 'documents']},
}
LOCATED = re.compile(r'^(?:.*/)?(?P<file>[^/:]+):(?P<line>\d+)(?::\d+)?: ')


def damaged_record(data, rec, fields):
    "`rec` with a required field removed or given a wrong value, or replaced by something that is not an object."
    kind = data.draw(st.sampled_from(['no field', 'wrong value', 'not an object']))
    if kind == 'not an object': return data.draw(st.sampled_from([[1, 2], 'text', 42, None]))
    rec, field = dict(rec), data.draw(st.sampled_from(fields))
    if kind == 'no field': del rec[field]
    else: rec[field] = data.draw(st.sampled_from(BAD_VALUES))
    return rec


def damaged_line(data, line: bytes, fields) -> bytes:
    "`line` cut short, with a byte that is not UTF-8, or holding a damaged record."
    kind = data.draw(st.sampled_from(['cut', 'byte', 'record']))
    if kind == 'cut': return line[:data.draw(st.integers(1, len(line) - 1))]
    if kind == 'byte':
        k = data.draw(st.integers(0, len(line)))
        return line[:k] + b'\xff' + line[k:]
    return json.dumps(damaged_record(data, json.loads(line), fields)).encode()


def damage_json_lines(data, d: Path, files: dict) -> set:
    "Damage 1-3 lines of a JSON-lines dataset (the NQ oracle is gzip; its stream may also be cut); the spots damaged."
    spots = set()
    for _ in range(data.draw(st.integers(1, 3))):
        name = data.draw(st.sampled_from(sorted(files)))
        path, gz = d/name, name.endswith('.gz')
        lines = (gzip.decompress(path.read_bytes()) if gz else path.read_bytes()).splitlines()
        i = data.draw(st.integers(0, len(lines) - 1))
        if (name, i + 1) in spots: continue
        lines[i] = damaged_line(data, lines[i], files[name])
        text = b'\n'.join(lines) + b'\n'
        path.write_bytes(gzip.compress(text) if gz else text)
        spots.add((name, i + 1))
    if NQ_ORACLE in files and data.draw(st.booleans()):  # a download that stopped early
        raw = (d/NQ_ORACLE).read_bytes()
        (d/NQ_ORACLE).write_bytes(raw[:data.draw(st.integers(1, len(raw) - 1))])
        spots = {s for s in spots if s[0] != NQ_ORACLE} | {(NQ_ORACLE, None)}  # some line of it, unknown which
    return spots


def damage_bioasq(data, d: Path, fields) -> set:
    "Cut the golden file short, put a bad byte on one of its lines, or damage 1-3 of its questions."
    g = d/'embedded_golden.json'
    qs = json.loads(g.read_text())['questions']
    kind = data.draw(st.sampled_from(['cut', 'byte', 'questions']))
    if kind == 'questions':
        hit = data.draw(st.sets(st.integers(0, len(qs) - 1), min_size=1, max_size=3))
        for i in hit:
            qs[i] = (dict(qs[i], type='essay') if data.draw(st.booleans())
                     else damaged_record(data, qs[i], fields))
    parts, starts, line = [json.dumps(q, indent=1) for q in qs], [], 3
    for part in parts:
        starts.append(line)
        line += part.count('\n') + 1  # each question's first line, counted here
    raw = ('{\n "questions": [\n' + ',\n'.join(parts) + '\n ]\n}\n').encode()
    if kind == 'questions':
        g.write_bytes(raw)
        return {(g.name, starts[i]) for i in hit}
    if kind == 'cut':
        g.write_bytes(raw[:data.draw(st.integers(1, len(raw) - 2))])
        return {(g.name, None)}
    lines = raw.split(b'\n')
    i = data.draw(st.integers(0, len(lines) - 2))
    k = data.draw(st.integers(0, len(lines[i])))
    lines[i] = lines[i][:k] + b'\xff' + lines[i][k:]
    g.write_bytes(b'\n'.join(lines))
    return {(g.name, i + 1)}


def data_check(name: str, d: Path) -> tuple[int, dict, str]:
    "`insightkit data check DIR --dataset NAME --json` in this process: its exit code, report and error output."
    out, err, code = io.StringIO(), io.StringIO(), 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try: main(['data', 'check', str(d), '--dataset', name, '--json'])
        except SystemExit as e: code = e.code
    return code, json.loads(out.getvalue()), err.getvalue()


@pytest.mark.parametrize('name', sorted(REQUIRED))
@settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_damaged_data_is_located_never_a_traceback(name, data):
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(shutil.copytree(embedded_dir(name), Path(tmp)/name))
        files = REQUIRED[name]
        spots = damage_bioasq(data, d, files['embedded_golden.json']) if name == 'bioasq' else damage_json_lines(
            data, d, files)
        code, r, err = data_check(name, d)  # anything but SystemExit(1) fails the test with its traceback
    assert code == 2 and not r['ok'] and r['problem_count'] >= len(spots), (code, r, err)
    where = []
    for p in r['problems']:
        m = LOCATED.match(p)
        if m is None:  # Insight-RAG's one file-level note: references were not checked past unreadable lines
            assert name == 'insight-rag' and 'were not checked' in p, p
            continue
        assert m['file'] in files, p
        where.append((m['file'], int(m['line'])))
    for file, line in spots:  # every damage is reported where it is, unless its file hit the cap
        if file in r['problems_left_out']: continue
        assert any(f == file and line in (None, n) for f, n in where), (file, line, r['problems'])
