"Misuse and damage that once ended in a traceback: each is one line with exit 2 that says what to do, or is repaired."
import json, shutil, sys
from pathlib import Path

from conftest import run

QUIET = {'INSIGHTKIT_PROGRESS': '0'}

def cli(*args, env=None, timeout=600):
    "`insightkit ARGS` as a user runs it (arguments may be bytes), quiet; the finished process."
    return run([sys.executable, '-m', 'insightkit.cli', *args], env={**QUIET, **(env or {})}, check=False,
               timeout=timeout)

def one_line(p, *words):
    "Exit 2, one line on stderr holding every word, no traceback."
    lines = p.stderr.strip().splitlines()
    assert p.returncode == 2 and len(lines) == 1 and 'Traceback' not in p.stderr, p.stderr
    assert all(w in lines[0] for w in words), lines[0]
    return lines[0]

def test_a_prompt_longer_than_the_context_is_refused(private_cache):
    p = cli('llm', 'ask', '--role', 'generator', '--prompt', 'word ' * 20_000)
    one_line(p, 'the prompt has 20,0', 'reads at most 8,192', 'shorten the prompt')

def test_an_argument_that_is_not_utf8_is_named(private_cache):
    p = cli('llm', 'ask', '--prompt', b'caf\xe9 au lait')
    one_line(p, "argument 4 (b'caf\\xe9 au lait')", 'not valid UTF-8')

def test_data_check_on_an_empty_leval_folder(tmp_path):
    (tmp_path/'leval').mkdir()
    one_line(cli('data', 'check', '--dataset', 'leval', str(tmp_path)), 'neither a leval folder')
    (tmp_path/'leval'/'financial_qa.jsonl').write_text('')
    one_line(cli('data', 'check', '--dataset', 'leval', str(tmp_path)), 'financial_qa.jsonl holds no document')

def test_a_damaged_converted_model_is_converted_again(tmp_path):
    "A conversion killed midway leaves a safetensors file cut short; the next use converts the GGUF again."
    from insightkit.generation.model_files import (DEFAULT_LOCAL_MODEL, cached_file_sha256, damaged_weights,
                                                   default_gguf, reusable_models_dir)
    sha = cached_file_sha256(default_gguf(), reusable_models_dir())
    good = reusable_models_dir()/f'{DEFAULT_LOCAL_MODEL}-{sha[:12]}'
    target = tmp_path/'models'/good.name
    target.mkdir(parents=True)
    for f in good.iterdir():
        if f.suffix != '.safetensors': shutil.copy(f, target/f.name)
    with open(good/'model.safetensors', 'rb') as src: (target/'model.safetensors').write_bytes(src.read(1 << 20))
    assert 'incomplete metadata' in damaged_weights(target)
    p = cli('llm', 'ask', '--prompt', 'Say hi.', '--max-tokens', '4', '--json',
            env={'INSIGHTKIT_MODELS': str(tmp_path/'models'), 'INSIGHTKIT_CALL_CACHE': str(tmp_path/'calls.sqlite')})
    assert p.returncode == 0, p.stderr
    assert 'is damaged (model.safetensors: ' in p.stderr and 'converting' in p.stderr, p.stderr
    assert damaged_weights(target) is None and json.loads(p.stdout)['usage']['completion_tokens'] > 0

def test_a_damaged_manifest_is_named_and_the_run_waits(private_cache):
    runs = private_cache/'runs'
    args = ('run', 'vanilla', '--limit', '2', '--runs-dir', str(runs), '--json')
    first = cli(*args)
    assert first.returncode == 0, first.stderr
    [folder] = runs.iterdir()
    (folder/'manifest.json').write_text('{"name": "cut sh')
    line = one_line(cli(*args), f'{folder/"manifest.json"} is damaged', 'move it aside')
    assert 'JSONDecodeError' in line
    (folder/'manifest.json').rename(private_cache/'manifest.json.damaged')
    again = cli(*args)
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)['uncached_calls'] == 0  # resumed from predictions.jsonl: nothing asked again
    assert len((folder/'predictions.jsonl').read_text().splitlines()) == 2

def write_leval_task(folder: Path):
    "An L-Eval task file of our own text, named after a task the shared folder lacks."
    docs = [('The Kestrel Institute was founded in 1987 in the town of Marlow. Its first director was Ada Brandt, '
             'who studied river birds.', ['Who was the first director of the Kestrel Institute?'], ['Ada Brandt']),
            ('Orchard Lane station opened in 1902 and closed in 1961. The station building is now a bakery.',
             ['What is the station building now?'], ['a bakery'])]
    folder.mkdir(parents=True, exist_ok=True)
    (folder/'natural_question.jsonl').write_text(''.join(
        json.dumps({'input': d, 'instructions': q, 'outputs': a, 'source': 'ours', 'evaluation': 'f1'}) + '\n'
        for d, q, a in docs))

def test_any_leval_task_file_is_a_task(private_cache):
    d = private_cache/'data'/'leval'
    write_leval_task(d)
    check = cli('data', 'check', str(d), '--json')
    assert check.returncode == 0, check.stderr
    assert json.loads(check.stdout)['counts'] == {'natural_question.jsonl': {
        'documents': 2, 'questions': 2, 'words_min': 17, 'words_mean': 20, 'words_max': 22}}
    p = cli('run', 'rag', '--dataset', 'leval', '--task', 'natural_question', '--data', str(d.parent), '--limit', '1',
            '--runs-dir', str(private_cache/'runs'), '--json')
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert (out['dataset'], out['task'], out['n'], out['failures']) == ('leval', 'natural_question', 1, 0), out
    one_line(cli('run', 'rag', '--dataset', 'leval', '--task', 'legal', '--data', str(d)),
             "leval has no task 'legal'; its tasks: natural_question")

def test_oc_without_its_abstracts(tmp_path):
    "Insight-RAG's OC corpus ships without OC_docs.jsonl: selection reads the graph; steps that need abstracts say so."
    from insightkit.core import mini_corpus_dir
    for kind in ('graph', 'deep'): shutil.copy(mini_corpus_dir()/f'MINI_{kind}.jsonl', tmp_path/f'OC_{kind}.jsonl')
    p = cli('bench-data', 'select', '--data', str(tmp_path), '--prefix', 'OC', '--json')
    assert p.returncode == 0, p.stderr
    sel = json.loads(p.stdout)
    assert sel['docs'] is None and sel['deep_candidates'] > 0 and sel['deep_recall'] == 1.0, sel
    check = json.loads(cli('data', 'check', str(tmp_path), '--prefix', 'OC', '--json').stdout)
    assert check['ok'] and check['absent'] == ['docs', 'multi', 'matching'] and check['counts']['graph'] > 0, check
    one_line(cli('run', 'vanilla', '--data', str(tmp_path), '--prefix', 'OC', '--limit', '1'),
             'OC_docs.jsonl does not exist, and this step needs the abstracts')
