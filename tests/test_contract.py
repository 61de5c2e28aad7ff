"The variant contract from outside the library: a toy method defined here runs through `insightkit run`, a study and `insightkit variants`; hyde and rewrite keep their stages."
import contextlib, io, json
from dataclasses import dataclass

import pytest

from insightkit.cli import main
from insightkit.pipeline.studies import run_study
from insightkit.pipeline.variant import BaseSettings, Trace, Variant, at_least, register_variant

pytestmark = [pytest.mark.usefixtures('private_cache'), pytest.mark.xdist_group('runs')]

# --- a new method in under 30 lines, touching no library file ---
@dataclass
class LongestSettings(BaseSettings):
    k: int = at_least(1, 2) # passages searched

@register_variant
class LongestPassage(Variant):
    "Answers with the first words of the longest of the k passages the question retrieves (a toy)."
    name, Settings, roles = 'longest-toy', LongestSettings, ()

    def answer(self, items, prepared, task, store):
        from insightkit.pipeline.baselines import RetrievalSettings, retrieve
        found = retrieve(RetrievalSettings(k=self.settings.k, retriever='bm25'), store, task, items, [it.question for it in items])
        out = []
        for it, hits in zip(items, found):
            t = Trace(it)
            t.stage('retrieved', hits)
            best = max(hits, key=lambda h: len(h['text']))
            t.contexts, t.context_ids = [best['text']], [best['id']]
            t.answer = t.stage('answer', ' '.join(best['text'].split()[:6]))
            out.append(t)
        return out
# --- end of the toy ---

def cli(*argv) -> dict:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf): main(list(argv))
    return json.loads(buf.getvalue())

def test_toy_variant_runs_through_cli_study_and_listing(tmp_path):
    out = cli('run', 'longest-toy', '--limit', '3', '--k', '3', '--json')
    assert (out['variant'], out['n'], out['status'], out['llm_calls']) == ('longest-toy', 3, 'complete', 0)
    line = json.loads(open(f"{out['run_dir']}/predictions.jsonl").readline())
    assert list(line['stages']) == ['retrieved', 'answer'] and len(line['stages']['retrieved']) == 3
    listed = {v['name']: v for v in cli('variants', '--json')}
    assert {'vanilla', 'rag', 'hyde', 'rewrite', 'longest-toy'} <= set(listed)
    assert listed['longest-toy']['settings'][-1] == {'name': 'k', 'type': 'int', 'choices': None, 'default': 2, 'min': 1,
                                                    'optional': False, 'help': 'passages searched'}
    study = run_study([('longest-toy', {'k': 1}), ('longest-toy', {'k': 3})], limit=3)
    assert list(study.summary.method) == ['longest-toy k=1', 'longest-toy k=3']
    pairs = study.paired('answer_recall', 'longest-toy k=1', 'longest-toy k=3')
    assert len(pairs) == 3  # aligned per item, ready for a paired test
    with pytest.raises(SystemExit):  # a flag the variant does not take is refused, not ignored
        with contextlib.redirect_stderr(io.StringIO()): main(['run', 'longest-toy', '--retriever', 'dense'])

def test_hyde_and_rewrite_record_their_stages_and_replay():
    for name, stage in (('hyde', 'hypothesis'), ('rewrite', 'queries')):
        first = cli('run', name, '--dataset', 'nq-open', '--limit', '2', '--max-tokens', '8', '--json')
        assert first['n'] == 2 and first['llm_calls'] == 4, first
        line = json.loads(open(f"{first['run_dir']}/predictions.jsonl").readline())
        assert list(line['stages']) == [stage, 'retrieved', 'prompt', 'answer']
        again = cli('run', name, '--dataset', 'nq-open', '--limit', '2', '--max-tokens', '8', '--json')
        assert (again['uncached_calls'], again['run_dir']) == (0, first['run_dir'])
