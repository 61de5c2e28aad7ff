"The course commands: `insightkit compare` (every variant side by side, JSON and a page) and `insightkit leaderboard`."
import json, os, subprocess, sys

import pytest

from conftest import ROOT

pytestmark = pytest.mark.xdist_group('course')  # one private cache shared by the module's commands, on one worker

@pytest.fixture(scope='module')
def env(tmp_path_factory):
    """The environment the course's lessons replay in (`_course_env`: copies of the recorded calls, embeddings and
    mined continuations, an empty user cache and runs folder, the recording's backend identity) for this module's
    commands; not strict, so a command shows a failed variant instead of raising."""
    from insightkit.course.lessons import _course_env, lay_out_work
    d = tmp_path_factory.mktemp('course')
    lay_out_work(ROOT/'course', d)  # the course's recording answers every call
    identity = json.loads((ROOT/'course'/'recording.json').read_text())['call_identity']
    gone = ('INSIGHTKIT_CONFIG', 'INSIGHTKIT_RUN', 'INSIGHTKIT_DATA', 'INSIGHTKIT_PLUGINS')
    return {**{k: v for k, v in os.environ.items() if k not in gone}, **_course_env('replay', d, identity),
            'INSIGHTKIT_STRICT': '0'}

def cli(*args, env, check=True):
    "Run `insightkit ARGS` in a fresh interpreter with `env`; on an unexpected exit show its output."
    p = subprocess.run([sys.executable, '-m', 'insightkit.cli', *args], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=900)
    if check and p.returncode: raise AssertionError(f'{args} exited {p.returncode}\n{p.stdout[-2000:]}\n{p.stderr[-3000:]}')
    return p

def registered(env):
    "The registered variants as a fresh interpreter sees them (tests in this process may have registered toys)."
    return [v['name'] for v in json.loads(cli('variants', '--json', env=env).stdout)]

def test_compare_lists_every_variant_with_stages_answer_and_scores(env, tmp_path):
    page = tmp_path/'compare.html'
    out = json.loads(cli('compare', '--dataset', 'nq-open', '--limit', '1', '--json', '--html', str(page),
                         env=env).stdout)
    assert (out['dataset'], out['task'], len(out['items'])) == ('nq-open', 'open', 1)
    names = registered(env)
    assert [v['label'] for v in out['variants']] == names
    results = out['items'][0]['results']
    assert set(results) == set(names)
    ran = [v['label'] for v in out['variants'] if v['status'] == 'ok']
    assert {'rag', 'vanilla', 'hyde', 'rewrite'} <= set(ran), out['variants']
    for name in ran:
        r = results[name]
        assert isinstance(r['answer'], str) and r['stages'] and r['scores'], (name, r)
        assert 'contains_match' in r['scores'] and r['tokens'] > 0 and r['seconds'] is not None
    assert 'retrieved' in results['rag']['stages'] and 'hypothesis' in results['hyde']['stages']
    hit = results['rag']['stages']['retrieved'][0]
    assert {'id', 'title', 'snippet', 'gold_doc', 'has_answer'} <= set(hit) and len(hit['snippet']) <= 162
    for v in out['variants']:
        if v['status'] != 'ok': assert v['reason'] and results[v['label']]['answer'] is None, v
    html = page.read_text()
    assert html.startswith('<!doctype html>') and '<table>' in html and '<style>' in html
    assert all(f'<th>{name}</th>' in html for name in ran)
    assert not [x for x in ('src=', 'href=', '<link', '<script', 'url(', '@import') if x in html]  # nothing fetched

def test_compare_refuses_unknown_variant_and_item(env):
    p = cli('compare', '--variants', 'rag,no-such-method', '--dataset', 'nq-open', env=env, check=False)
    assert p.returncode == 2 and "unknown variant 'no-such-method'" in p.stderr, p.stderr
    p = cli('compare', '--variants', 'rag', '--dataset', 'nq-open', '--item', 'nq-nope', env=env, check=False)
    assert p.returncode == 2 and "has no item 'nq-nope'" in p.stderr, p.stderr

def test_leaderboard_gives_mean_interval_holm_p_costs_and_judge(env, tmp_path):
    out = json.loads(cli('leaderboard', '--variants', 'vanilla', '--tasks', 'nq-open:open', '--limit', '2',
                         '--judge', '--json', '--out', str(tmp_path/'board'), env=env).stdout)
    assert out['baseline'] == 'rag' and 'holm' in out['family']
    assert [(r['variant'], r['task']) for r in out['rows']] == [('rag', 'open'), ('vanilla', 'open')]
    for r in out['rows']:
        assert {'metric', 'mean', 'ci_low', 'ci_high', 'p', 'p_holm', 'tokens_per_item', 'seconds_per_item', 'judge',
                'judge_position_bias'} <= set(r), r
        assert r['n'] == 2 and r['ci_low'] <= r['mean'] <= r['ci_high'] and r['tokens_per_item'] > 0
        assert r['judge'] is not None and 0 <= r['judge'] <= 5, r  # --judge: every row has the judge's mean score
    vanilla = out['rows'][1]
    if vanilla['p'] is None:  # Wilcoxon has no p only when every paired difference is zero
        assert vanilla['p_holm'] is None and vanilla['diff'] == 0, vanilla
    else: assert 0 <= vanilla['p'] <= vanilla['p_holm'] <= 1, vanilla
    assert vanilla['judge_position_bias'] is not None and 0 <= vanilla['judge_position_bias'] <= 1, vanilla
    assert out['rows'][0]['judge_position_bias'] is None  # the baseline is not compared with itself
    files = sorted(p.name for p in (tmp_path/'board').iterdir())
    assert files == [f'leaderboard.{x}' for x in ('csv', 'html', 'json', 'md', 'pdf', 'png')]
    assert '| variant' in (tmp_path/'board'/'leaderboard.md').read_text()
