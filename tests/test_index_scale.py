"Indexes at scale (chapters `03c_index_scale` and `11b_bench_index`): the benchmark command, a resumed shard build, imported vectors and indexes."
import json, subprocess, sys
import numpy as np
from conftest import run

from insightkit.retrieval.index_scale import (FlashRAGIndex, IndexSpec, ScaleIndex, build_store, import_embeddings,
                                              load_faiss)
from insightkit.bench.index import synthetic_shards

def test_bench_index_command_reports_every_index(tmp_path):
    p = run([sys.executable, '-m', 'insightkit.cli', 'bench', 'index', '--n', '5000', '--queries', '200', '--single',
             '20', '--dir', str(tmp_path), '--json'], timeout=300)
    r = json.loads(p.stdout)
    assert (r['n'], r['dim'], r['k']) == (5000, 384, 10)
    assert set(r['indexes']) == {'flat', 'hnsw', 'ivfpq'}
    for name, ix in r['indexes'].items():
        assert {'build_s', 'build_cpu_s', 'batch_ms', 'single_ms', 'peak_rss_mb', 'recall', 'speedup_batch',
                'speedup_single', 'settings'} <= set(ix), name
        assert ix['batch_ms'] > 0 and ix['single_ms'] > 0 and ix['peak_rss_mb'] > 0
    # recall is measured against flat search, which test_flat_search_is_exact checks against numpy
    assert 0.9 <= r['indexes']['hnsw']['recall'] <= 1.0
    assert 0.85 <= r['indexes']['ivfpq']['recall'] <= 1.0
    assert r['mmap']['n'] == 5000 and r['mmap']['dtype'] == 'float16'
    assert r['mmap']['rss_open_mb'] < r['mmap']['rss_start_mb'] + 50 and r['meets']['mmap_rss'] is True
    assert set(r['meets']) >= {'hnsw_recall', 'ivfpq_recall', 'hnsw_speedup_batch', 'ivfpq_speedup_single'}
    assert list(tmp_path.iterdir()) == []                                   # the temporary store is gone

def test_flat_search_is_exact(tmp_path):
    "Flat search, the bench's reference for recall, returns the same neighbours as a brute-force numpy search."
    make = synthetic_shards(dim=64, latent=32)
    store = build_store(tmp_path/'store', 3000, 64, make, key='exact', show=False)
    queries = make(10**9, 10**9 + 200)
    scores, rows = ScaleIndex(store, IndexSpec('flat'), persist=False).search(queries, 10)
    vectors = np.asarray(store.vectors, dtype=np.float32)
    exact = vectors @ (queries / np.linalg.norm(queries, axis=1, keepdims=True)).T   # (n, q) inner products
    best = np.argsort(-exact, axis=0, kind='stable')[:10].T                        # (q, 10) row numbers
    kth = np.take_along_axis(exact.T, best[:, -1:], axis=1)[:, 0]                # each query's 10th best score
    np.testing.assert_allclose(scores, np.take_along_axis(exact.T, rows, axis=1), rtol=1e-5, atol=1e-5)  # true scores
    assert (scores[:, -1] >= kth - 1e-5).all()  # and no row scoring above the 10th returned one was left out
    assert np.mean([len(set(rows[i]) & set(best[i])) / 10 for i in range(len(queries))]) > 0.999  # ties aside

KILLED_BUILD = '''
import os, signal, sys
from insightkit.retrieval.index_scale import build_store
from insightkit.bench.index import synthetic_shards
make = synthetic_shards(dim=32, latent=16)
def shard(a, b):
    if a > 0: os.kill(os.getpid(), signal.SIGKILL)   # killed while computing the second shard
    return make(a, b)
build_store(sys.argv[1], 1000, 32, shard, key='k', shard_size=256, show=False)
'''

def test_killed_shard_build_resumes_to_the_same_bytes(tmp_path):
    p = subprocess.run([sys.executable, '-c', KILLED_BUILD, str(tmp_path/'resumed')], capture_output=True, text=True)
    assert p.returncode == -9, p.stderr
    assert json.loads((tmp_path/'resumed'/'progress.json').read_text())['done'] == 1
    make, asked = synthetic_shards(dim=32, latent=16), []
    resumed = build_store(tmp_path/'resumed', 1000, 32, lambda a, b: asked.append(a) or make(a, b), key='k',
                          shard_size=256, show=False)
    assert asked == [256, 512, 768]                                         # the finished shard was not redone
    whole = build_store(tmp_path/'whole', 1000, 32, make, key='k', shard_size=256, show=False)
    assert (tmp_path/'resumed'/'vectors.npy').read_bytes() == (tmp_path/'whole'/'vectors.npy').read_bytes()
    assert resumed.n == whole.n == 1000 and not (tmp_path/'resumed'/'progress.json').exists()
    # another key is another corpus: the build starts over instead of reusing the file
    again = []
    build_store(tmp_path/'resumed', 1000, 32, lambda a, b: again.append(a) or make(a, b), key='other', shard_size=256,
                show=False)
    assert again == [0, 256, 512, 768]

def test_imported_vectors_and_indexes_search_like_built_ones(tmp_path):
    vecs = synthetic_shards(dim=64, latent=32)(0, 3000)
    np.save(tmp_path/'emb.npy', vecs.astype(np.float32))
    built = build_store(tmp_path/'built', 3000, 64, lambda a, b: vecs[a:b], key='v', show=False)
    imported = import_embeddings(tmp_path/'emb.npy', tmp_path/'imported', shard_size=1000, show=False)
    assert imported.key != built.key
    assert (tmp_path/'built'/'vectors.npy').read_bytes() == (tmp_path/'imported'/'vectors.npy').read_bytes()
    q = synthetic_shards(dim=64, latent=32)(10**12, 10**12 + 50)
    faiss = load_faiss()
    threads = faiss.omp_get_max_threads()
    faiss.omp_set_num_threads(1)                                            # one thread: HNSW inserts in a fixed order
    try: pairs = [(ScaleIndex(built, spec).search(q, 10), ScaleIndex(imported, spec).search(q, 10))
                  for spec in (IndexSpec('flat'), IndexSpec('hnsw', hnsw_m=16), IndexSpec('ivfpq', pq_m=8, refine=5))]
    finally: faiss.omp_set_num_threads(threads)
    for (a, b), kind in zip(pairs, ('flat', 'hnsw', 'ivfpq')):
        assert np.array_equal(a[1], b[1]), kind
        np.testing.assert_allclose(a[0], b[0], rtol=1e-6)
    # FlashRAG's layout: a faiss index file and a corpus jsonl whose line i is row i
    flat = faiss.IndexFlatIP(64)
    flat.add(built.rows(np.arange(3000)))
    faiss.write_index(flat, str(tmp_path/'e5_Flat.index'))
    with open(tmp_path/'corpus.jsonl', 'w') as f:
        for i in range(3000): f.write(json.dumps({'id': str(i), 'contents': f'passage {i}'}) + '\n')
    fr = FlashRAGIndex(tmp_path/'e5_Flat.index', tmp_path/'corpus.jsonl')
    exact = ScaleIndex(built, IndexSpec('flat')).search(q, 10)[1]
    assert [[int(i) for i, _ in hits] for hits in fr.search(q, 10)] == exact.tolist()
    assert fr.passage(str(exact[0, 0]))['contents'] == f'passage {exact[0, 0]}'
