"A damaged cache file (random bytes, a truncated copy) gives a clear answer naming the file, never a raw SQLite traceback."
import os, sqlite3, warnings
import numpy as np
import pytest

from insightkit.generation.base import Backend, Reply
from insightkit.generation.cache import CallCache, DamagedCacheError, DamagedCacheWarning
from insightkit.generation.llm import LLM
from insightkit.retrieval.embed import EmbeddingCache, text_key

def truncate_half(p):
    con = sqlite3.connect(p); con.execute('PRAGMA wal_checkpoint(TRUNCATE)'); con.close()
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
    recorded_calls(p); damage(p)
    monkeypatch.setenv('INSIGHTKIT_CALL_CACHE', str(p)); monkeypatch.setenv('INSIGHTKIT_CACHE_MODE', 'replay')
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

@pytest.mark.parametrize('damage', [random_bytes, truncate_half])
def test_embedding_cache(damage, tmp_path):
    p = tmp_path/'embeddings.sqlite'
    c = EmbeddingCache(p); c.put('m', {text_key(str(i)): np.ones(384, np.float32) for i in range(300)}); c.close()
    damage(p)
    with pytest.warns(DamagedCacheWarning, match='embeddings.sqlite.damaged-'):
        c = EmbeddingCache(p)
    assert c.count() == 0
    c.put('m', {'k': np.ones(3, np.float32)}); assert c.get('m', ['k'])['k'].tolist() == [1, 1, 1]
    assert len(list(tmp_path.glob('embeddings.sqlite.damaged-*'))) == 1
