"""The GPU path of `tritonrl train` on one GPU (device machine): a bf16 DeepSpeed learner rank and a vLLM
engine share the GPU, weights go learner rank 0 -> vLLM through CUDA IPC, and a short `tritonrl train
preset=gpu1` run finishes with its metrics in MLflow.

Run there: `cd /tmp && python3 -m pytest -m gpu $REPO/tests/test_gpu_train.py -s`
"""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
import torch

pytestmark = [pytest.mark.gpu, pytest.mark.slow]

needs_gpu = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")


def _vllm() -> bool:
    from tritonrl.rollout.engine import vllm_available

    return vllm_available()


@needs_gpu
def test_learner_ipc_sync_equality(tmp_path):
    """After one SFT step and an IPC push, vLLM's greedy tokens and logprobs match the learner's (bf16)."""
    if not _vllm():
        pytest.skip("vllm not installed")
    import ray

    from tritonrl.config import LearnerConfig, ModelConfig
    from tritonrl.learner.batch import Sequence
    from tritonrl.learner.group import LearnerGroup
    from tritonrl.models import load_tokenizer, resolve_model
    from tritonrl.rollout.engine import SamplingSpec
    from tritonrl.rollout.prompts import build_prompt, sft_target
    from tritonrl.rollout.vllm_engine import VLLMEngine
    from tritonrl.tasks.suite import load_builtin, plans

    ray.init(num_gpus=1, num_cpus=8, include_dashboard=False)
    try:
        model_path = resolve_model(ModelConfig())
        tok = load_tokenizer(model_path)
        task = load_builtin()[0]
        prompt = build_prompt(task, tok)
        engine = ray.remote(VLLMEngine).options(num_gpus=0.3).remote(model_path, device="cuda", dtype="bfloat16",
                                                                     gpu_memory_utilization=0.3)
        ray.get(engine.ready.remote())
        greedy = SamplingSpec(n=1, max_new_tokens=48, temperature=0.0, top_p=1.0, logprobs=True)
        before = ray.get(engine.generate.remote([prompt], greedy))[0][0].token_ids

        learner = LearnerGroup(LearnerConfig(num_gpus_per_rank=0.3, micro_batch_size=1, sft_lr=1e-3, zero_stage=2),
                               model_path, "cuda")
        assert learner.gpu_uuids()[0] in ray.get(engine.gpu_uuids.remote())  # same GPU: IPC applies
        p_ids = tok(prompt, add_special_tokens=False)["input_ids"]
        r_ids = tok(sft_target(plans()[task.name], task.gold_src), add_special_tokens=False)["input_ids"]
        seq = Sequence(prompt_ids=p_ids, response_ids=r_ids, loss_mask=[1] * len(r_ids),
                       advantages=[1.0] * len(r_ids))
        for _ in range(2):
            learner.sft_step([seq])
        assert learner.init_weight_sync([engine], "ipc") == "IPCSender"
        seconds = learner.push_weights()

        (s,), = ray.get(engine.generate.remote([prompt], greedy))
        assert s.token_ids != before  # the engine now runs the trained weights
        lp = learner.compute_logprobs([Sequence(prompt_ids=p_ids, response_ids=s.token_ids,
                                                loss_mask=[1] * len(s.token_ids),
                                                advantages=[0.0] * len(s.token_ids))])[0]
        diff = (torch.tensor(s.logprobs) - torch.tensor(lp)).abs()
        print(f"\nipc push {seconds:.3f} s; |logprob diff| mean {diff.mean():.4f} max {diff.max():.4f} "
              f"over {len(diff)} tokens")
        assert diff.mean() < 0.05 and diff.max() < 0.5  # bf16 kernels differ, the weights do not
        learner.shutdown()
        ray.kill(engine)
    finally:
        ray.shutdown()


@needs_gpu
def test_train_gpu1_end_to_end(tmp_path):
    """`tritonrl train preset=gpu1`, two RL steps: vLLM rollouts, GPU verifier lanes, bf16 DeepSpeed, IPC sync."""
    if not _vllm():
        pytest.skip("vllm not installed")
    db = tmp_path / "mlruns.db"
    env = {**os.environ, "MLFLOW_TRACKING_URI": f"sqlite:///{db}"}
    env.pop("RAY_ADDRESS", None)
    overrides = ["preset=gpu1", "train.sft_epochs=1", "train.sft_max_examples=8", "train.rl_steps=2",
                 "train.tasks_per_step=4", "rollout.max_new_tokens=512", "tracking.experiment=e2e-gpu",
                 f"output_dir={tmp_path}/runs"]
    proc = subprocess.run([sys.executable, "-m", "tritonrl.cli", "train", *overrides], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-4000:]
    import mlflow

    client = mlflow.MlflowClient(tracking_uri=f"sqlite:///{db}")
    (r,) = client.search_runs([client.get_experiment_by_name("e2e-gpu").experiment_id])
    m = r.data.metrics
    assert r.info.status == "FINISHED" and r.data.tags.get("weight_sync") == "ipc"
    for key in ("time/generate_s", "time/verify_s", "time/learn_s", "time/sync_s", "verify/correct_rate",
                "throughput/verdicts_per_s", "heldout/correct_rl"):
        assert key in m, key
    print("\n" + " ".join(f"{k}={m[k]:.3g}" for k in sorted(m) if k.startswith(("time/", "throughput/"))))
