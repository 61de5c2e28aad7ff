"The course: its recording is small and current, and a lesson replays from it offline with no uncached call."
import json
from pathlib import Path

import pytest

from insightkit.course.lessons import lesson_paths, run_course, stale_reasons

ROOT = Path(__file__).resolve().parent.parent
COURSE = ROOT/'course'


def test_every_lesson_has_goals_a_compare_view_and_checked_exercises():
    for p in lesson_paths(root=ROOT):
        cells = json.loads(p.read_text())['cells']
        text = {k: '\n'.join(''.join(c['source']) for c in cells if c['cell_type'] == k) for k in ('markdown', 'code')}
        assert text['markdown'].startswith('# Lesson') and '**Goals**' in text['markdown'], p.name
        assert 'compare(' in text['code'] and 'check_' in text['code'], p.name
        assert (COURSE/'solutions'/f'{p.stem}.py').exists(), f'{p.name} has no solutions file'


def test_the_recording_is_small_and_matches_what_the_lessons_ask():
    "Fails when a prompt, a variant's settings or the decoder changed since the recording (`make course RECORD=1`)."
    rec = COURSE/'calls.sqlite'
    assert rec.exists() and rec.stat().st_size <= 20 * 2**20, rec
    manifest = json.loads((COURSE/'recording.json').read_text())
    assert manifest['runs'] and manifest['calls'] > 0
    assert stale_reasons(root=ROOT) == []


def test_stale_reasons_names_a_changed_prompt():
    manifest = json.loads((COURSE/'recording.json').read_text())
    name = next(n for n, r in manifest['runs'].items() if r['variant'] == 'rag')
    manifest['runs'][name]['variant_hash'] = '000000000000'
    assert any(name in why for why in stale_reasons(manifest, root=ROOT))


@pytest.mark.xdist_group('course')
def test_a_lesson_replays_offline_with_no_uncached_call(tmp_path, monkeypatch):
    monkeypatch.setenv('INSIGHTKIT_CACHE', str(tmp_path/'cache'))  # cold caches: embeddings, indexes
    r = run_course(only=['02_queries'], root=ROOT)
    assert r['ok'], r
    assert r['uncached_calls'] == 0 and r['lessons'][0]['llm_calls']['calls'] > 0, r
