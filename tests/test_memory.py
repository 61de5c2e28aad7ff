"Chapter `07_memory` (MemoRAG's memory): formation, KV reuse, the memorag variant on embedded L-Eval, bad input, memory tokens."
import json
import pytest
from conftest import set_private_env
from insightkit.core import InsightkitError
from insightkit.data.datasets import DocStore, Document, Item, TaskSpec, find_dataset
from insightkit.methods.memory.memory import EchoLLM, MemoryStore, form_memories, kv_memory, load_kv, save_kv
from insightkit.methods.memory.memorag import MemoRagVariant
from insightkit.pipeline.runs import run
pytestmark = pytest.mark.xdist_group('memory')  # one worker: the tests share the loaded model and one memory

SMALL = dict(gist_window=320, gist_tokens=24, memory_tokens=40, clue_tokens=48, draft_tokens=12, max_tokens=12,
             max_clues=2)

@pytest.fixture(scope='module')
def leval(tmp_path_factory, monkeypatch_module):
    "One embedded L-Eval legal question, its document cut to about 900 tokens so a test forms its memory in seconds."
    from insightkit.generation.local import default_tokenizer
    set_private_env(monkeypatch_module, tmp_path_factory.mktemp('cache'), tmp_path_factory.mktemp('runs'))
    ds = find_dataset('leval', None)
    assert ds.origin == 'embedded'
    spec, items = ds.task('legal'), ds.items('legal')[:1]
    doc = ds.store()[items[0].gold_ids[0]]
    tok = default_tokenizer()
    text = tok.decode(tok.encode(doc.text, add_special_tokens=False)[:900])
    return DocStore('leval-cut', [Document(doc.id, text)]), spec, items

@pytest.fixture(scope='module')
def monkeypatch_module():
    mp = pytest.MonkeyPatch()
    yield mp
    mp.undo()

@pytest.fixture(scope='module')
def first_run(leval, tmp_path_factory):
    store, spec, items = leval
    runs = tmp_path_factory.mktemp('runs')
    res = run(MemoRagVariant(**SMALL), items, store, spec, runs)
    return runs, res

def test_memorag_runs_with_the_real_model(first_run):
    _, res = first_run
    [rec] = res.predictions
    st = rec['stages']
    assert list(st) == ['memory', 'clues', 'queries', 'retrieved', 'prompt', 'answer']
    assert st['memory']['built'] and st['memory']['kv_bytes'] > 0
    assert len(st['memory']['levels']) >= 2  # merged at least once
    assert rec['stages']['queries'][0] == rec['question'] and len(st['retrieved']) >= 3
    ids = [h['id'] for h in st['retrieved']]
    assert ids == sorted(ids, key=lambda i: int(i.rsplit('#', 1)[1]))  # document order
    assert res.manifest['session_calls']['uncached'] > 0 and rec['context_tokens'] > 0

def test_rerun_makes_no_call_and_builds_no_memory(first_run, leval):
    runs, res = first_run
    store, spec, items = leval
    again = run(MemoRagVariant(**SMALL), items, store, spec, runs)
    assert again.manifest['session_calls']['calls'] == 0 and again.predictions == res.predictions
    ablation = MemoRagVariant(**{**SMALL, 'clues': 'span', 'with_question': False})
    other = run(ablation, items, store, spec, runs)
    [rec] = other.predictions
    assert rec['stages']['memory'] == {**res.predictions[0]['stages']['memory'], 'built': False}
    assert rec['stages']['queries'] and (rec['question'] not in rec['stages']['queries'] or rec['meta'].get('no_clues'))
    assert rec['stages']['clues'].get('span') == res.predictions[0]['stages']['clues'].get('span')  # a cached call

def test_memory_files_that_cannot_be_trusted_are_rebuilt(first_run, leval):
    from insightkit.generation.llm import get_llm
    from insightkit.methods.memory.memory import remember
    store, spec, items = leval
    llm = get_llm('memory')
    mem = remember({d.id: d.text for d in store}, llm, MemoryStore(), SMALL['gist_window'], SMALL['gist_tokens'],
                   SMALL['memory_tokens'])
    [(m, built)] = mem.values()
    assert not built
    ms = MemoryStore()
    path = ms.kv_path(m.key)
    kv, ok = load_kv(path, llm.backend.load(), llm.backend.fingerprint(), m.key)
    assert ok == 'ok'
    path.write_bytes(path.read_bytes()[:1000])
    with pytest.warns(UserWarning, match='unreadable'): _, built, _ = kv_memory(m, llm.backend, ms)
    assert built
    save_kv(kv, path, 'sha256:someone-else', m.key)
    with pytest.warns(UserWarning, match='another model'): _, built, _ = kv_memory(m, llm.backend, ms)
    assert built
    ms.path(m.key).write_text('{"key": ')
    with pytest.warns(UserWarning, match='damaged'): assert ms.load(m.key) is None

def test_bad_input_is_named(tmp_path):
    with pytest.raises(InsightkitError, match="document 'x' is empty"): DocStore('s', [Document('x', ' ')])
    with pytest.raises(InsightkitError, match="document 'x' is empty"): form_memories({'x': ''}, EchoLLM())
    rec = {'input': 'A contract.', 'instructions': [], 'outputs': []}
    (tmp_path/'legal_contract_qa.jsonl').write_text(json.dumps(rec) + '\n')
    with pytest.raises(InsightkitError, match='instructions'): find_dataset('leval', tmp_path).items('legal')
    with pytest.raises(InsightkitError, match='unknown clue kind'): MemoRagVariant(clues='span,hunch')
    with pytest.raises(InsightkitError, match='searches a corpus'):
        MemoRagVariant().prepare(DocStore('s', [Document('d', 'text')]), [Item('q', 'Q?', ['a'], ['d'])], TaskSpec('t'))

def test_a_clue_reply_that_breaks_its_schema_is_counted(tmp_path, monkeypatch):
    monkeypatch.setenv('INSIGHTKIT_CACHE', str(tmp_path))
    store = DocStore('s', [Document('d', '\n'.join(f'Clause {i}: the tenant pays {i} euros.' for i in range(20)))])
    items = [Item('q', 'What does the tenant pay?', ['3 euros'], ['d'])]
    mem = EchoLLM(texts={'passages of the document': '{"clues": [',
                         'precise': '{"clues": ["What does clause 3 require of the tenant?"]}'})
    v = MemoRagVariant(llms={'memory': mem, 'generator': EchoLLM(n=3)}, retriever='bm25', chunk_tokens=16,
                       clues='span,surrogate', clue_format='json')
    [t] = v.answer(items, None, TaskSpec('t', 'qa', ('f1',), 'document'), store)
    assert t.meta['clue_failures'] == 1 and t.stages['clues']['span'] is None
    assert 'What does clause 3 require of the tenant?' in t.stages['queries'] and t.answer

def test_memory_tokens_train_and_compress():
    "Eq. 5-8 on a frozen SmolLM2: the loss falls, only the memory projections change, KV per window shrinks ratio-fold."
    from insightkit.methods.memory.tokens import train_memory_tokens
    r = train_memory_tokens(steps=4, window=32, ratio=8)
    assert r['loss_after'] < r['loss_before'] and r['llm_unchanged'], r
    assert r['raw_kv_bytes_per_window'] == 8*r['kept_kv_bytes_per_window'] > 0
