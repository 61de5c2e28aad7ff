"""The course: its recording is small and current, every lesson replays from it offline on another instruction set
than the recording's with every method it names shown, and a planted miss fails loudly naming the lesson."""
import json
import re
import shutil
from pathlib import Path

import pytest

from insightkit.course.lessons import RECORDED, lesson_paths, run_course, stale_reasons

ROOT = Path(__file__).resolve().parent.parent
COURSE = ROOT/'course'
LOCAL_PATH = re.compile(r'/(root|home|Users|tmp)/|site-packages|\.pyenv|\\Users\\')


def outputs(nb: dict) -> list[dict]:
    return [o for c in nb['cells'] if c['cell_type'] == 'code' for o in c.get('outputs', [])]


def output_text(o: dict) -> str:
    data = o.get('data', {})
    return ''.join(o.get('text', '')) + ''.join(data.get('text/plain', '')) + ''.join(data.get('text/html', ''))


def test_every_lesson_has_goals_a_compare_view_and_checked_exercises():
    for p in lesson_paths(root=ROOT):
        cells = json.loads(p.read_text())['cells']
        text = {k: '\n'.join(''.join(c['source']) for c in cells if c['cell_type'] == k) for k in ('markdown', 'code')}
        assert text['markdown'].startswith('# Lesson') and '**Goals**' in text['markdown'], p.name
        assert 'compare(' in text['code'] and 'check_' in text['code'], p.name
        assert (COURSE/'solutions'/f'{p.stem}.py').exists(), f'{p.name} has no solutions file'


def test_committed_lessons_carry_their_outputs_and_no_local_path_or_progress_bar():
    for p in lesson_paths(root=ROOT):
        outs = outputs(json.loads(p.read_text()))
        assert any('image/png' in o.get('data', {}) for o in outs), f'{p.name} shows no figure'
        assert any('text/html' in o.get('data', {}) for o in outs), f'{p.name} shows no comparison table'
        for o in outs:
            text = output_text(o)
            assert not LOCAL_PATH.search(text), (p.name, LOCAL_PATH.search(text).group(), text[:200])
            assert not (o.get('name') == 'stderr' and ('it/s]' in text or 'Warning' in text)), (p.name, text[:200])


def test_the_recording_is_small_and_matches_what_the_lessons_ask():
    "Fails when a prompt, a variant's settings or the decoder changed since the recording (`make course RECORD=1`)."
    for name in RECORDED:
        assert (COURSE/name).exists() and (COURSE/name).stat().st_size <= 20 * 2**20, name
    manifest = json.loads((COURSE/'recording.json').read_text())
    assert manifest['runs'] and manifest['calls'] > 0 and manifest['cpu_capability']
    assert stale_reasons(root=ROOT) == []


def test_stale_reasons_names_a_changed_prompt():
    manifest = json.loads((COURSE/'recording.json').read_text())
    name = next(n for n, r in manifest['runs'].items() if r['variant'] == 'rag')
    manifest['runs'][name]['variant_hash'] = '000000000000'
    assert any(name in why for why in stale_reasons(manifest, root=ROOT))


def other_capability(recorded: str) -> str:
    "An instruction set for PyTorch's kernels unlike the recording's: AVX2 (a laptop) unless it was recorded there."
    return 'default' if recorded.lower() == 'avx2' else 'avx2'


@pytest.mark.xdist_group('course')
def test_every_lesson_replays_on_another_instruction_set_with_every_method_shown(tmp_path, monkeypatch):
    manifest = json.loads((COURSE/'recording.json').read_text())
    monkeypatch.setenv('ATEN_CPU_CAPABILITY', other_capability(manifest['cpu_capability']))
    r = run_course(root=ROOT)
    assert r['ok'], [(x['lesson'], x.get('error')) for x in r['lessons'] if x['status'] != 'ok']
    assert len(r['lessons']) == 9 and r['uncached_calls'] == 0, r
    assert r['miners_trained'] == 0, r  # Insight-RAG's lesson serves its mined insights from the recording
    # each lesson's kernel a fork of the run's warm server (chapter 00e_warm_kernels), none started afresh
    assert [x['lesson'] for x in r['lessons'] if x.get('kernel') != 'warm'] == [], r['lessons']
    for p in lesson_paths(root=ROOT):
        html = '\n'.join(output_text(o) for o in outputs(json.loads((COURSE/'out'/'notebooks'/p.name).read_text())))
        assert 'Failed:' not in html and 'Does not apply' not in html, p.name


@pytest.mark.xdist_group('course')
def test_a_planted_miss_fails_the_course_naming_the_lesson(tmp_path):
    "A lesson whose RAG prompt differs by one word from the recorded one: the course fails and names it."
    root = tmp_path/'checkout'
    (root/'paper_figures').mkdir(parents=True)
    (root/'course').mkdir()
    for name in [*RECORDED, 'recording.json']: shutil.copy(COURSE/name, root/'course'/name)
    nb = json.loads((COURSE/'02_queries.ipynb').read_text())
    planted = ('from insightkit.pipeline.baselines import RagVariant\n'
               'from insightkit.pipeline.variant import PROMPTS, register_variant\n'
               'class Planted(RagVariant):\n'
               "    name = 'planted-rag'\n"
               "    def prompts(self): return {**super().prompts(), 'qa_context': PROMPTS['qa_context'].replace("
               "'short phrase', 'brief phrase', 1)}\n"
               'register_variant(Planted)\n'
               "cmp = compare(['rag', 'planted-rag'], dataset='nq-open', limit=1)")
    code = [c for c in nb['cells'] if c['cell_type'] == 'code']
    nb['cells'] = [code[0], {'cell_type': 'code', 'id': 'planted', 'metadata': {}, 'execution_count': None,
                             'outputs': [], 'source': planted}]
    (root/'course'/'02_planted.ipynb').write_text(json.dumps(nb))
    r = run_course(root=root)
    assert not r['ok']
    (lesson,) = r['lessons']
    assert lesson['lesson'] == '02_planted' and lesson['status'] == 'failed', lesson
    assert 'planted-rag failed: replay mode: call not in the cache' in lesson['error'], lesson['error']
