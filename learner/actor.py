"""One DeepSpeed rank as a Ray actor (no `deepspeed` launcher, as OpenRLHF does it).

Rank 0 picks MASTER_ADDR/PORT; the group passes them to every rank, which then joins torch.distributed
itself (gloo on CPU, nccl on GPU). Every method that touches the model is collective under ZeRO: the
group calls it on all ranks with the same number of micro-batches.
"""
from __future__ import annotations

import os
import time
from datetime import timedelta

import ray
import torch

from tritonrl.cluster import free_port
from tritonrl.config import LearnerConfig
from tritonrl.learner import checkpoint
from tritonrl.learner.batch import Sequence, collate, micro_batches
from tritonrl.learner.loss import LossScale, policy_loss, sft_loss, token_logprobs
from tritonrl.learner.model import is_peft, load_model, lora_scalings, merge_lora_state


def skip_shm_comm_op() -> None:
    """Keep DeepSpeed from building its CPU shm-comm op.

    On a CPU, DeepSpeed's comm backend JIT-builds that op on every init (30 s alone, 150 s with two ranks
    building at once on 2 cores, 2026-11-28), and a build killed midway leaves a lock that hangs every later
    one. The op serves only `inference_all_reduce` (tensor-parallel inference); ZeRO training's collectives
    go through torch.distributed (gloo here). DeepSpeed keeps `ops.__compatible_ops__` as one module dict whose
    edits persist; an op marked incompatible there is never built."""
    import deepspeed
    from deepspeed.accelerator import get_accelerator

    builder = get_accelerator().create_op_builder("ShareMemCommBuilder")
    if builder is not None:
        deepspeed.ops.__compatible_ops__[builder.NAME] = False


def ds_config(cfg: LearnerConfig, device: str) -> dict:
    return {
        "train_micro_batch_size_per_gpu": cfg.micro_batch_size,
        # we own the accumulation boundary (set_gradient_accumulation_boundary), so DeepSpeed's gas stays 1
        "gradient_accumulation_steps": 1,
        "train_batch_size": cfg.micro_batch_size * cfg.world_size,
        "gradient_clipping": cfg.grad_clip,
        "zero_optimization": {"stage": cfg.zero_stage, "reduce_bucket_size": 5e7, "allgather_bucket_size": 5e7,
                              "stage3_gather_16bit_weights_on_model_save": False},
        "bf16": {"enabled": device == "cuda"},
        "zero_allow_untested_optimizer": True,  # a plain torch AdamW: no fused_adam build on CPU
        "steps_per_print": 10**9,
        "wall_clock_breakdown": False,
    }


class LearnerWorker:
    def __init__(self, cfg: LearnerConfig, model_path: str, device: str, rank: int):
        self.cfg, self.model_path, self.device, self.rank = cfg, model_path, device, rank
        self.world_size = cfg.world_size
        self.engine = None

    def master_address(self) -> tuple[str, int]:
        return ray.util.get_node_ip_address(), free_port()

    def init(self, master_addr: str, master_port: int) -> dict[str, float]:
        """Join the process group, load the model, deepspeed.initialize. Returns timings (s)."""
        import deepspeed

        t0 = time.perf_counter()
        os.environ.update({"MASTER_ADDR": master_addr, "MASTER_PORT": str(master_port), "RANK": str(self.rank),
                           "WORLD_SIZE": str(self.world_size), "LOCAL_RANK": "0", "LOCAL_WORLD_SIZE": "1"})
        if self.device == "cuda":
            torch.cuda.set_device(0)  # Ray pins one GPU per actor via CUDA_VISIBLE_DEVICES
        else:  # Ray sets OMP_NUM_THREADS=num_cpus (1); rollout and verifier wait while the learner works
            torch.set_num_threads(self.cfg.cpu_threads or os.cpu_count() or 1)
        skip_shm_comm_op()  # (CPU) an op training never calls
        deepspeed.init_distributed(dist_backend="nccl" if self.device == "cuda" else "gloo",
                                   auto_mpi_discovery=False, timeout=timedelta(minutes=30))
        t2 = time.perf_counter()
        cfg = self.cfg
        model = load_model(self.model_path, self.device, lora=cfg.lora, gradient_checkpointing=cfg.gradient_checkpointing,
                           trainable_top_layers=cfg.trainable_top_layers)
        params = [p for p in model.parameters() if p.requires_grad]
        optimizer = torch.optim.AdamW(params, lr=cfg.lr, weight_decay=cfg.weight_decay)
        self.optimizer = optimizer
        self.engine, *_ = deepspeed.initialize(model=model, optimizer=optimizer, config=ds_config(cfg, self.device))
        self.ref_model = self._reference() if cfg.kl_coef > 0 else None
        t3 = time.perf_counter()
        return {"dist_init_s": t2 - t0, "model_and_ds_init_s": t3 - t2, "init_s": t3 - t0}

    def _reference(self):
        """Frozen initial policy for the KL term. With LoRA the adapter-disabled model serves (no copy)."""
        if is_peft(self.engine.module):
            return None
        ref = load_model(self.model_path, self.device).to(self._dev).eval()
        ref.requires_grad_(False)
        return ref

    @property
    def _dev(self) -> torch.device:
        return torch.device("cuda", 0) if self.device == "cuda" else torch.device("cpu")

    # ------------------------------------------------------------------ forward helpers
    def _logprobs(self, module, batch) -> torch.Tensor:
        logits = module(input_ids=batch["input_ids"], attention_mask=batch["attention_mask"]).logits
        return token_logprobs(logits, batch["input_ids"])

    @torch.no_grad()
    def _ref_logprobs(self, batch) -> torch.Tensor:
        if self.ref_model is not None:
            return self._logprobs(self.ref_model, batch)
        with self.engine.module.disable_adapter():
            return self._logprobs(self.engine, batch)

    def _set_lr(self, lr: float) -> None:
        for group in self.optimizer.param_groups:
            group["lr"] = lr

    def _global_tokens(self, seqs: list[Sequence]) -> float:
        """Trainable response tokens summed over every rank (collective)."""
        import torch.distributed as dist

        n = torch.tensor([float(sum(s.num_loss_tokens for s in seqs))], device=self._dev)
        dist.all_reduce(n)
        return float(n.item())

    def _train(self, seqs: list[Sequence], global_tokens: float | None, mode: str) -> dict[str, float]:
        cfg, engine = self.cfg, self.engine
        if global_tokens is None:
            global_tokens = self._global_tokens(seqs)
        engine.train()
        self._set_lr(cfg.sft_lr if mode == "sft" else cfg.lr)
        scale = LossScale(global_tokens=global_tokens, world_size=self.world_size)
        sums: dict[str, torch.Tensor] = {}
        t0 = time.perf_counter()
        # every micro-batch on the device up front: a copy from pageable memory waits for the GPU to drain,
        # so copying inside the loop would idle the GPU at each micro-batch
        batches = [collate(mb, device=self._dev) for mb in micro_batches(seqs, cfg.micro_batch_size)]
        for i, batch in enumerate(batches):
            engine.set_gradient_accumulation_boundary(i == len(batches) - 1)
            lp = self._logprobs(engine, batch)
            if mode == "sft":
                loss, m = sft_loss(lp, batch, scale)
            else:
                ref = self._ref_logprobs(batch) if cfg.kl_coef > 0 else None
                loss, m = policy_loss(lp, batch, scale, clip=cfg.ppo_clip, ref_logprobs=ref, kl_coef=cfg.kl_coef)
            engine.backward(loss, scale_wrt_gas=False)
            for k, v in m.items():
                sums[k] = sums[k] + v if k in sums else v
        engine.step()
        out = {k: float(v) for k, v in sums.items()}  # the step's one device sync for metrics
        norm = engine.get_global_grad_norm()
        out["grad_norm"] = float(norm) if norm is not None else float("nan")
        out["compute_s"] = time.perf_counter() - t0  # this rank's own time, queueing excluded
        out["optimizer_steps"] = self.optimizer_steps()
        return out

    def optimizer_steps(self) -> int:
        """Optimiser steps taken so far (AdamW's own counter; a resume restores it with the optimizer state)."""
        steps = [int(s["step"]) for s in self.optimizer.state.values() if "step" in s]
        return max(steps, default=0)

    # ------------------------------------------------------------------ public (collective) API
    def sft_step(self, seqs: list[Sequence], global_tokens: float | None = None) -> dict[str, float]:
        """One optimiser step over this rank's shard (every rank must run the same number of micro-batches).

        `global_tokens`: trainable tokens over all ranks; None all-reduces it here.
        Returns summed metrics (see loss.finish_metrics)."""
        return self._train(seqs, global_tokens, "sft")

    def rl_step(self, seqs: list[Sequence], global_tokens: float | None = None) -> dict[str, float]:
        return self._train(seqs, global_tokens, "rl")

    @torch.no_grad()
    def compute_logprobs(self, seqs: list[Sequence]) -> list[list[float]]:
        """Current-policy log-probs of each response token."""
        self.engine.eval()
        out: list[list[float]] = []
        for mb in micro_batches(seqs, self.cfg.micro_batch_size):
            batch = collate(mb, device=self._dev)
            lp = self._logprobs(self.engine, batch).float().cpu()
            for i, s in enumerate(mb):
                p = len(s.prompt_ids)
                out.append(lp[i, p - 1: p - 1 + len(s.response_ids)].tolist())
        return out

    def named_weights(self, device: str = "cpu") -> dict[str, torch.Tensor] | None:
        """Rank 0: {HF name: tensor} with LoRA merged; other ranks None. Collective under ZeRO-3.

        device="cpu": copies (for the object store). device="cuda": on this rank's GPU, no copy where the
        parameter is already whole (ZeRO <= 2), for the GPU senders."""
        import deepspeed

        module = self.engine.module
        gathered: list[tuple[str, torch.Tensor]] = []
        take = (lambda p: p.detach().to("cpu", copy=True)) if device == "cpu" else (lambda p: p.detach())
        for name, p in module.named_parameters():
            if self.cfg.zero_stage == 3:
                with deepspeed.zero.GatheredParameters([p], modifier_rank=None):
                    if self.rank == 0:  # the gathered view is freed on exit: keep a copy
                        gathered.append((name, p.detach().clone() if device != "cpu" else take(p)))
            elif self.rank == 0:
                gathered.append((name, take(p)))
        if self.rank != 0:
            return None
        if is_peft(module):
            return dict(merge_lora_state(gathered, lora_scalings(module)))
        return dict(gathered)

    # ------------------------------------------------------------------ GPU weight sync (rank 0 sends)
    def gpu_uuid(self) -> str:
        return str(torch.cuda.get_device_properties(0).uuid) if self.device == "cuda" else ""

    def init_weight_sync(self, engines: list, kind: str) -> str:
        """Build the GPU sender (NCCL broadcast or CUDA IPC) here, in the process that holds the weights;
        rank 0 only. Returns the transport chosen."""
        if self.rank != 0:
            return kind
        from tritonrl.rollout.weight_sync import make_sender

        self.sender = make_sender(kind, engines)
        return type(self.sender).__name__

    def push_weights(self) -> float:
        """Collective: every rank joins the gather, rank 0 sends to every engine. Returns seconds (rank 0)."""
        t = time.perf_counter()
        named = self.named_weights(device="cuda")
        if self.rank == 0:
            self.sender.send(named)
        del named
        return time.perf_counter() - t

    def save_checkpoint(self, root: str, step: int, state: dict | None = None) -> str:
        return checkpoint.save(self.engine, root, step, self.rank, state)

    def load_checkpoint(self, root: str) -> int:
        return checkpoint.load(self.engine, root, self.rank)

    def ready(self) -> bool:
        return self.engine is not None


LearnerActor = ray.remote(LearnerWorker)
