"The insight miner's training machinery: QLoRA on CPU, full fine-tuning (and what it memorises), resuming an interrupted run, safe loading, the collator, length-grouped batching, mining a checkpoint."
import json, os, signal, subprocess, sys, textwrap
from pathlib import Path

import pytest

from insightkit.core import mini_corpus_dir, read_jsonl
from insightkit.data.insight_rag import Corpus
pytestmark = pytest.mark.xdist_group('miner')  # module fixtures: the tiny model and the MINI corpus

@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv('INSIGHTKIT_CACHE', str(tmp_path/'cache'))
    monkeypatch.setenv('INSIGHTKIT_PROGRESS', '0')

@pytest.fixture(scope='module')
def tiny(tmp_path_factory):
    "A tiny random Llama with the default model's tokenizer."
    from insightkit.methods.insight_rag.miner_items import tiny_causal_lm
    return tiny_causal_lm(tmp_path_factory.mktemp('tiny')/'model')

@pytest.fixture(scope='module')
def mini():
    return Corpus(mini_corpus_dir(), 'MINI')

def _steps(run_dir):
    return [r for _, r in read_jsonl(Path(run_dir)/'loss.jsonl') if r['kind'] == 'step']

def _bnb_4bit_problem() -> str | None:
    "Why bitsandbytes cannot quantise to 4-bit on this CPU, or None when it can."
    try:
        import bitsandbytes.functional as F, torch
        w = torch.randn(64, 64)
        q, state = F.quantize_4bit(w, quant_type='nf4', compress_statistics=True)
        err = (F.dequantize_4bit(q, state) - w).abs().mean().item()
        return None if err < 0.2 else f'4-bit round trip error {err:.3f}'
    except Exception as e:  # an import error or a missing CPU kernel
        return f'{type(e).__name__}: {e}'

def test_qlora_nf4_trains_saves_and_reloads(tmp_path, mini):
    if problem := _bnb_4bit_problem(): pytest.skip(f'bitsandbytes cannot do 4-bit nf4 on this CPU: {problem}')
    from insightkit.methods.insight_rag.miner import train_miner
    from insightkit.methods.insight_rag.miner_config import MinerConfig
    from insightkit.methods.insight_rag.miner_items import build_training_items
    from insightkit.methods.insight_rag.mining import Miner
    texts = [t for t in build_training_items(mini, doc_ids=[0]) if len(t) < 120][:6]  # a few short triples: fast steps
    cfg = MinerConfig(method='qlora', r=8, alpha=16, lr=3e-3, max_steps=8, batch_tokens=512, schedule='constant', warmup_ratio=0)
    res = train_miner(texts, tmp_path/'run', cfg)
    losses = [r['loss'] for r in _steps(tmp_path/'run')]
    assert len(losses) == 8 and losses[-1] < 0.6*losses[0], losses
    assert (res.model_dir/'adapter_model.safetensors').exists()
    assert json.loads((res.model_dir/'adapter_config.json').read_text())['r'] == 8
    miner = Miner(tmp_path/'run')
    import bitsandbytes as bnb
    assert any(isinstance(m, bnb.nn.Linear4bit) for m in miner.model.modules()), 'the reloaded base is not 4-bit'
    qc = miner.model.base_model.model.config.quantization_config
    qc = qc.to_dict() if hasattr(qc, 'to_dict') else qc
    assert qc['load_in_4bit'] and qc['bnb_4bit_quant_type'] == 'nf4' and qc['bnb_4bit_use_double_quant']
    trained, base = miner.loss(texts), miner.loss(texts, use_adapter=False)
    assert trained < 0.6*base, (trained, base)
    assert len(miner.mine([texts[0].split()[0]], max_new_tokens=5)[0]) == 1

def test_full_fine_tuning_memorises_and_its_control_is_the_base_weights(tmp_path, tiny, mini):
    """method='full': every weight trains, the model lands in model/ and reloads as a Miner that answers >= 90 % of the deep
    questions whose triples it read; the base-model control is the base weights' own answers, not the miner's again."""
    from insightkit.methods.insight_rag.miner import train_miner
    from insightkit.methods.insight_rag.miner_config import MinerConfig
    from insightkit.methods.insight_rag.miner_runs import checkpoints
    from insightkit.methods.insight_rag.miner_items import select_subset, triple_text
    from insightkit.methods.insight_rag.mining import Miner, eval_miner
    deep = select_subset(mini, 6).deep
    texts = [triple_text(d.sub, d.rel, d.obj).lower() for d in deep]  # each question's own triple, as the miner reads it
    cfg = MinerConfig(base_model=str(tiny), method='full', lr=1e-2, max_steps=30, batch_tokens=512, schedule='constant', warmup_ratio=0,
                      save_every=15)
    res = train_miner(texts, tmp_path/'run', cfg)
    losses = [r['loss'] for r in _steps(tmp_path/'run')]
    assert len(losses) == 30 and losses[-1] < 0.2*losses[0], losses
    assert res.model_dir == tmp_path/'run'/'model' and (res.model_dir/'config.json').exists()
    assert any(res.model_dir.glob('*.safetensors')) and not (res.model_dir/'adapter_config.json').exists()
    assert [c.name for c in checkpoints(tmp_path/'run')] == ['step-0000015'] and (checkpoints(tmp_path/'run')[0]/'model'/'config.json').exists()
    miner = Miner(tmp_path/'run')
    assert not miner.adapter and miner.lowercase and miner.config.method == 'full'
    trained, base = miner.loss(texts), Miner(str(tiny)).loss(texts)
    assert trained < 0.5*base, (trained, base)  # the saved weights are the trained ones
    out = eval_miner(miner, mini, deep, multi=[], max_new_tokens=12)
    assert out['n'] == 6 and out['contains_match'] >= 0.9 and out['base_contains_match'] == 0.0, {k: v for k, v in out.items() if k != 'predictions'}
    prompts = [p['prompt'] for p in out['predictions']]
    assert [p['base_mined'] for p in out['predictions']] == Miner(str(tiny), lowercase=True).mine(prompts, max_new_tokens=12)

INTERRUPTED = textwrap.dedent('''
    import sys
    from insightkit.core import mini_corpus_dir
    from insightkit.data.insight_rag import Corpus
    from insightkit.methods.insight_rag.miner import train_miner
    from insightkit.methods.insight_rag.miner_config import MinerConfig
    from insightkit.methods.insight_rag.miner_items import build_training_items
    texts = build_training_items(Corpus(mini_corpus_dir(), 'MINI'), doc_ids=[0, 1, 2])
    cfg = MinerConfig(base_model=sys.argv[1], r=4, alpha=8, lr=3e-3, epochs=int(sys.argv[3]), batch_tokens=256, max_batch_items=8, save_every=3)
    train_miner(texts, sys.argv[2], cfg, callback=lambda rec: print('step', rec['step'], flush=True))
''')

def test_killed_run_resumes_from_its_last_checkpoint(tmp_path, tiny, mini):
    from insightkit.methods.insight_rag.miner import train_miner
    from insightkit.methods.insight_rag.miner_config import MinerConfig
    from insightkit.methods.insight_rag.miner_items import build_training_items
    from insightkit.methods.insight_rag.miner_runs import checkpoints
    texts = build_training_items(mini, doc_ids=[0, 1, 2])
    cfg = MinerConfig(base_model=str(tiny), r=4, alpha=8, lr=3e-3, epochs=10, batch_tokens=256, max_batch_items=8, save_every=3)
    run = tmp_path/'run'
    (tmp_path/'train.py').write_text(INTERRUPTED)
    p = subprocess.Popen([sys.executable, str(tmp_path/'train.py'), str(tiny), str(run), '10'], stdout=subprocess.PIPE, text=True,
                         env={**os.environ, 'INSIGHTKIT_THREADS': '1'})
    for line in p.stdout:  # kill it without warning once two checkpoints exist
        if len(checkpoints(run)) >= 2: break
    p.send_signal(signal.SIGKILL)
    p.wait()
    assert p.returncode == -signal.SIGKILL
    last = int(checkpoints(run)[-1].name.split('-')[1])
    before = _steps(run)
    assert before[-1]['step'] >= last
    seen = []
    res = train_miner(texts, run, cfg, resume=True, callback=lambda rec: seen.append(rec['step']))
    after = _steps(run)
    assert res.resumed_from == last and seen[0] == last + 1, (res.resumed_from, seen[:3])
    assert [r['step'] for r in after] == list(range(1, res.total_steps + 1)), 'steps must continue, not restart or repeat'
    assert after[:last] == before[:last], 'the log before the checkpoint is kept as it was'
    assert after[last]['seconds'] >= before[last - 1]['seconds']
    assert len(res.epoch_losses) == 10 and res.global_step == res.total_steps
    # the resumed run learns what an uninterrupted one learns, step for step
    whole = train_miner(texts, tmp_path/'whole', cfg)
    ref = _steps(tmp_path/'whole')
    assert [r['loss'] for r in ref] == pytest.approx([r['loss'] for r in after], rel=1e-3, abs=1e-4)
    assert whole.final_loss == pytest.approx(res.final_loss, rel=1e-3)

def test_collator_keeps_items_apart_and_restarts_positions(tiny):
    import torch
    from insightkit.methods.insight_rag.miner_model import load_base_model
    from insightkit.methods.insight_rag.miner_items import collate, encode_items
    model, tok, _ = load_base_model(str(tiny))
    model.eval()
    texts = ['short triple item', 'a somewhat longer abstract sentence about parsing with neural models', 'mid length item here']
    seqs = encode_items(tok, texts)
    batch = collate(seqs, tok.pad_token_id)
    for row, s in enumerate(seqs):
        n = len(s)
        assert batch['input_ids'][row, :n].tolist() == s and s[-1] == tok.eos_token_id  # exactly one item per row, EOS last
        assert batch['attention_mask'][row].tolist() == [1]*n + [0]*(batch['input_ids'].shape[1] - n)
        assert batch['position_ids'][row, :n].tolist() == list(range(n))  # positions start at 0 for every item
        assert (batch['labels'][row, n:] == -100).all() and batch['labels'][row, :n].tolist() == s
    with torch.no_grad():
        together = model(**{k: v for k, v in batch.items() if k != 'labels'}).logits
        for row, s in enumerate(seqs):  # no item attends to another: its logits are those it has alone
            alone = model(**{k: v for k, v in collate([s], tok.pad_token_id).items() if k != 'labels'}).logits[0]
            torch.testing.assert_close(together[row, :len(s)], alone, rtol=1e-4, atol=1e-5)

def test_length_grouped_padding_is_far_below_fixed_length(mini):
    from insightkit.generation.local import default_tokenizer
    from insightkit.methods.insight_rag.miner import training_plan
    from insightkit.methods.insight_rag.miner_config import MinerConfig
    from insightkit.methods.insight_rag.miner_items import build_training_items, encode_items, padding_ratio
    d = os.environ.get('INSIGHTKIT_SHARED_AAN')
    corpus = Corpus(d, 'AAN') if d and Path(d, 'AAN_docs.jsonl').exists() else mini
    texts = build_training_items(corpus)[:3000]
    lengths = [len(s) for s in encode_items(default_tokenizer(), texts)]
    ours = [b for _, mb in training_plan(lengths, MinerConfig(epochs=1)) for b in mb]
    fixed = [list(range(i, min(i + 32, len(texts)))) for i in range(0, len(texts), 32)]
    grouped, padded = padding_ratio(ours, lengths), padding_ratio(fixed, lengths, pad_to=400)
    assert grouped < 0.15 and padded > 0.6 and grouped < padded/5, (grouped, padded)
    assert (1 - grouped)/(1 - padded) > 2.5  # useful share of the computed positions
    assert sorted(i for b in ours for i in b) == list(range(len(texts)))

def test_a_planted_pickle_in_a_checkpoint_is_refused_and_never_runs(tmp_path, tiny, mini):
    "`--resume` reads optimizer, scheduler and random states with weights_only=True: a state.pt that would run code is refused."
    import torch
    from insightkit.core import InsightkitError
    from insightkit.methods.insight_rag.miner import train_miner
    from insightkit.methods.insight_rag.miner_config import MinerConfig
    from insightkit.methods.insight_rag.miner_items import build_training_items
    from insightkit.methods.insight_rag.miner_runs import checkpoints
    texts, run = build_training_items(mini, doc_ids=[0]), tmp_path/'run'
    cfg = MinerConfig(base_model=str(tiny), r=4, alpha=8, max_steps=4, batch_tokens=128, max_batch_items=4, save_every=2)
    def stop(rec):
        if rec['step'] == 3: raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt): train_miner(texts, run, cfg, callback=stop)
    marker = tmp_path/'code-ran'
    class Planted:
        def __reduce__(self): return (Path.touch, (marker,))
    torch.save({'optimizer': Planted(), 'step': 2}, checkpoints(run)[-1]/'state.pt')
    with pytest.raises(InsightkitError, match='refused rather than unpickled'): train_miner(texts, run, cfg, resume=True)
    assert not marker.exists(), 'unpickling the checkpoint ran code'

def test_a_checkpoint_of_an_unfinished_run_is_scored_as_its_run_was_trained(tmp_path, tiny, mini):
    "miner.json's global_step follows a running run; a checkpoint folder is mined lower-cased as its run was; bad limits are refused."
    from insightkit.cli import main
    from insightkit.methods.insight_rag.miner import train_miner
    from insightkit.methods.insight_rag.miner_config import MinerConfig
    from insightkit.methods.insight_rag.miner_items import build_training_items
    from insightkit.methods.insight_rag.miner_runs import checkpoints
    from insightkit.methods.insight_rag.mining import cli_eval
    run, seen = tmp_path/'run', []
    def watch(rec):
        seen.append((rec['step'], json.loads((run/'miner.json').read_text())['global_step']))
        if rec['step'] == 3: raise KeyboardInterrupt
    cfg = MinerConfig(base_model=str(tiny), r=4, alpha=8, max_steps=6, batch_tokens=128, max_batch_items=4, save_every=2)
    with pytest.raises(KeyboardInterrupt): train_miner(build_training_items(mini, doc_ids=[0]), run, cfg, callback=watch)
    assert seen == [(1, 1), (2, 2), (3, 3)]
    out = cli_eval(checkpoints(run)[-1], mini_corpus_dir(), 'MINI', n_deep=3, n_multi=0, top_k=2, base=False, batch_size=2)
    asked = [f'{d.sub} {d.rel}' for d in mini.deep[:3]]
    assert any(q != q.lower() for q in asked), 'the check needs a question with a capital letter'
    assert out['n'] == 3 and out['batch_size'] == 2 and [p['prompt'] for p in out['predictions']] == [q.lower() for q in asked]
    with pytest.raises(SystemExit) as e: main(['miner', 'eval', str(checkpoints(run)[-1]), '--prefix', 'MINI', '--limit', '-1'])
    assert e.value.code == 2

def test_miner_train_quick_takes_the_quick_recipe_and_flags_override_it(tmp_path, tiny):
    "`insightkit miner train --quick` trains with the chapter's quick recipe; an explicit flag still wins."
    out = tmp_path/'run'
    cmd = [sys.executable, '-m', 'insightkit.cli', 'miner', 'train', '--quick', '--n-deep', '1', '--base-model', str(tiny),
           '--lr', '1e-3', '--max-steps', '2', '--r', '4', '--alpha', '8', '--grad-accum', '2', '--no-lowercase',
           '--target-modules', 'q_proj,v_proj', '--out', str(out), '--json']
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr[-2000:]
    cfg = json.loads((out/'miner.json').read_text())['config']
    assert (cfg['batch_tokens'], cfg['max_batch_items'], cfg['epochs'], cfg['lr'], cfg['r']) == (256, 8, 6, 1e-3, 4)
    assert (cfg['grad_accum'], cfg['lowercase'], cfg['target_modules']) == (2, False, ['q_proj', 'v_proj'])
    assert json.loads(p.stdout)['global_step'] == 2
    again = subprocess.run(cmd, capture_output=True, text=True, timeout=600)  # the same command reports the finished run
    assert again.returncode == 0 and json.loads(again.stdout)['global_step'] == 2, again.stderr[-2000:]
    other = subprocess.run(cmd[:-3] + ['--r', '8', '--out', str(out), '--json'], capture_output=True, text=True, timeout=600)
    assert other.returncode == 2 and 'other settings (r)' in other.stderr, other.stderr[-2000:]
