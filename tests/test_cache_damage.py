"A damaged cache file (random bytes, a truncated copy) gives a clear answer naming the file, never a raw SQLite traceback."
import os, sqlite3, warnings
import numpy as np
import pytest

from insightkit.generation.base import Backend, Reply
from insightkit.generation.cache import CallCache
from insightkit.generation.llm import LLM
from insightkit.methods.insight_rag.insights import MinedCache
from insightkit.retrieval.embed import EmbeddingCache, text_key
from insightkit.store import DamagedCacheWarning

def truncate_half(p):
    con = sqlite3.connect(p)
    con.execute('PRAGMA wal_checkpoint(TRUNCATE)')
    con.close()
    os.truncate(p, p.stat().st_size // 2)

def random_bytes(p): p.write_bytes(os.urandom(8192))

class Echo(Backend):
    name, model = 'echo', 'echo-1'
    def fingerprint(self): return 'echo-v1'
    def generate(self, conversations, schema, settings): return [Reply('echo: ' + c[-1]['content']) for c in conversations]

def recorded_calls(p, n=200):
    llm = LLM('generator', backend=Echo(), cache=CallCache(p, mode='record'))
    llm.chat_batch([f'question {i} ' + 'x' * 300 for i in range(n)])
    llm.cache.connect().close()

@pytest.mark.parametrize('damage', [random_bytes, truncate_half])
def test_call_cache(damage, tmp_path, private_cache, monkeypatch, capsys):
    p = tmp_path/'calls.sqlite'
    recorded_calls(p)
    damage(p)
    monkeypatch.setenv('INSIGHTKIT_CALL_CACHE', str(p))
    monkeypatch.setenv('INSIGHTKIT_CACHE_MODE', 'replay')
    from insightkit.cli import main
    with pytest.raises(SystemExit) as e: main(['llm', 'ask', '--prompt', 'question 1'])
    err = capsys.readouterr().err
    assert e.value.code == 2 and f'{p} is damaged' in err and 'Move it aside' in err and 'Traceback' not in err, err
    assert p.exists() and not list(tmp_path.glob('*.damaged-*'))     # replay keeps the file where it is
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        llm = LLM('generator', backend=Echo(), cache=CallCache(p, mode='record'))
        assert llm.chat('again').text == 'echo: again'
    assert [w for w in caught if issubclass(w.category, DamagedCacheWarning) and str(p) in str(w.message)]
    assert len(list(tmp_path.glob('calls.sqlite.damaged-*'))) == 1

def fill_vectors(c): c.put('m', {text_key(str(i)): np.ones(384, np.float32) for i in range(300)})
def fill_mined(c): c.put_many([(f'k{i}', 'fp', f'fragment {i}', {'n': 1}, ['x' * 500]) for i in range(300)])
def probe_vectors(c):
    c.put('m', {'k': np.ones(3, np.float32)})
    return c.get('m', ['k'])['k'].tolist() == [1, 1, 1]
def probe_mined(c):
    c.put_many([('k', 'fp', 'p', {}, ['again'])])
    return c.get_many(['k']) == {'k': ['again']}

# caches whose rows can be made again: a damaged file is moved aside with a warning and an empty one started
REBUILDABLE = {'embeddings': (EmbeddingCache, 'embeddings.sqlite', fill_vectors, EmbeddingCache.count, probe_vectors),
               'mined': (MinedCache, 'mined.sqlite', fill_mined, len, probe_mined)}

@pytest.mark.parametrize('damage', [random_bytes, truncate_half])
@pytest.mark.parametrize('kind', sorted(REBUILDABLE))
def test_rebuildable_cache(kind, damage, tmp_path):
    make, name, fill, size, probe = REBUILDABLE[kind]
    p = tmp_path/name
    c = make(p)
    fill(c)
    c.store.close()
    damage(p)
    with pytest.warns(DamagedCacheWarning, match=f'{name}.damaged-') as caught:
        c = make(p)
    assert str(p) in str(caught[0].message) and size(c) == 0
    assert probe(c)
    assert len(list(tmp_path.glob(f'{name}.damaged-*'))) == 1
