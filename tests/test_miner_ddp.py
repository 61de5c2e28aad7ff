"""The miner on two CPU processes under `accelerate launch` (DDP over gloo, with the checked-in multi-GPU config): a run
killed after a checkpoint resumes on two processes, writes one finished miner.json and one report, and learns what
one process with the same global batch learns."""
import json, os, socket, subprocess, sys, textwrap
from pathlib import Path

import pytest

from insightkit.core import mini_corpus_dir, read_jsonl

CONFIG = Path(__file__).resolve().parents[1]/'configs'/'accelerate'/'multi_gpu.yaml'

# rank 0 dies without warning at a given step (SIGKILL, as a lost machine would); torchrun then stops rank 1
KILLED = textwrap.dedent('''
    import os, signal, sys
    import insightkit.methods.insight_rag.mining as mining
    train, at = mining.train_miner, int(sys.argv[1])
    def die(rec):
        if rec['step'] == at and os.environ['RANK'] == '0': os.kill(os.getpid(), signal.SIGKILL)
    mining.train_miner = lambda *a, **kw: train(*a, callback=die, **kw)
    from insightkit.cli import main
    main(sys.argv[2:])
''')

@pytest.fixture(scope='module')
def tiny(tmp_path_factory):
    "A tiny random Llama with the default model's tokenizer."
    from insightkit.methods.insight_rag.miner_items import tiny_causal_lm
    return tiny_causal_lm(tmp_path_factory.mktemp('tiny')/'model')

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]

def _launch(tmp_path, *args) -> subprocess.CompletedProcess:
    "`accelerate launch` with the multi-GPU config on 2 processes: on this GPU-less machine, 2 CPU processes."
    env = {**os.environ, 'INSIGHTKIT_CACHE': str(tmp_path/'cache'), 'INSIGHTKIT_PROGRESS': '0',
           'CUDA_VISIBLE_DEVICES': ''}
    cmd = [sys.executable, '-m', 'accelerate.commands.launch', '--config_file', str(CONFIG), '--num_processes', '2',
           '--main_process_port', str(_free_port()), *args]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)

def _steps(run):
    return [r for _, r in read_jsonl(Path(run)/'loss.jsonl') if r['kind'] == 'step']

def test_two_processes_resume_after_a_kill_and_learn_what_one_process_learns(tmp_path, tiny, monkeypatch):
    from safetensors.torch import load_file
    from insightkit.core import InsightkitError
    from insightkit.methods.insight_rag.miner_runs import checkpoints
    from insightkit.methods.insight_rag.mining import cli_train
    monkeypatch.setenv('INSIGHTKIT_CACHE', str(tmp_path/'cache'))
    monkeypatch.setenv('INSIGHTKIT_PROGRESS', '0')
    run, data = tmp_path/'ddp', str(mini_corpus_dir())
    # 14 items, 3 micro-batches an epoch: 2 steps of 2 micro-batches (the second one on rank 0 alone), 8 steps in all
    flags = ['miner', 'train', '--data', data, '--prefix', 'MINI', '--quick', '--n-deep', '2', '--base-model', str(tiny),
             '--r', '4', '--alpha', '8', '--lr', '1e-2', '--epochs', '4', '--save-every', '2', '--out', str(run), '--json',
             '--frozen-products', 'off']  # float32 products: the comparison below is to rounding
    (tmp_path/'killed.py').write_text(KILLED)
    killed = _launch(tmp_path, str(tmp_path/'killed.py'), '5', *flags)
    assert killed.returncode != 0, killed.stdout[-2000:]
    assert [c.name for c in checkpoints(run)] == ['step-0000002', 'step-0000004'], killed.stderr[-3000:]
    stopped = json.loads((run/'miner.json').read_text())
    assert (stopped['status'], stopped['processes'], stopped['total_steps']) == ('running', 2, 8)
    with pytest.raises(InsightkitError, match=r'on 2 process\(es\), not 1'):  # one process would take other batches
        cli_train(data, 'MINI', out_dir=run, n_deep=2, quick=True, resume=True, base_model=str(tiny), r=4, alpha=8,
                  lr=1e-2, epochs=4, save_every=2, frozen_products='off')

    resumed = _launch(tmp_path, '-m', 'insightkit.cli', *flags, '--resume')
    assert resumed.returncode == 0, resumed.stderr[-3000:]
    reports = [json.loads(line) for line in resumed.stdout.splitlines() if line.startswith('{')]
    assert len(reports) == 1, resumed.stdout[-2000:]  # the main process reports, the other does not
    assert (reports[0]['resumed_from'], reports[0]['global_step']) == (4, 8)
    manifest = json.loads((run/'miner.json').read_text())
    assert (manifest['status'], manifest['processes'], manifest['global_step']) == ('finished', 2, 8)
    assert json.loads((run/'adapter'/'miner.json').read_text())['status'] == 'finished'
    two = _steps(run)
    assert [r['step'] for r in two] == list(range(1, 9)), 'steps continue after the checkpoint, none twice'

    # one process accumulating 2 micro-batches a step trains the same batches: same losses and adapter (to rounding)
    one = cli_train(data, 'MINI', out_dir=tmp_path/'one', n_deep=2, quick=True, base_model=str(tiny), r=4, alpha=8,
                    lr=1e-2, epochs=4, save_every=2, grad_accum=2, frozen_products='off')
    ref = _steps(tmp_path/'one')
    assert [r['tokens'] for r in ref] == [r['tokens'] for r in two]
    assert [r['loss'] for r in ref] == pytest.approx([r['loss'] for r in two], rel=1e-4, abs=1e-5)
    assert ref[-1]['loss'] < ref[0]['loss'] - 0.05, 'the run learns something'
    a, b = load_file(run/'adapter'/'adapter_model.safetensors'), load_file(Path(one['model_dir'])/'adapter_model.safetensors')
    assert a.keys() == b.keys()
    worst = max(float((a[k] - b[k]).abs().max()) for k in a)
    assert worst < 1e-4, worst
