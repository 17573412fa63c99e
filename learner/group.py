"""The learner as a whole: `world_size` DeepSpeed ranks (Ray actors) in one PACK placement group.

Sequences are sharded round-robin over ranks; shorter shards are padded with zero-weight "ghost" copies so
every rank runs the same number of micro-batches (ZeRO collectives must match). The global response-token
count is computed here, once, so the loss is a per-token mean over the whole step (learner/loss.py).
"""
from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass

import ray
from ray.util.placement_group import placement_group, remove_placement_group
from ray.util.scheduling_strategies import PlacementGroupSchedulingStrategy

from tritonrl.config import LearnerConfig
from tritonrl.learner import checkpoint as ckpt
from tritonrl.learner.actor import LearnerActor
from tritonrl.learner.batch import Sequence

INIT_TIMEOUT_S = float(os.environ.get("TRITONRL_LEARNER_INIT_TIMEOUT", "1200"))


@dataclass
class PendingStep:
    refs: list  # one ObjectRef per rank
    t0: float


class LearnerGroup:
    def __init__(self, cfg: LearnerConfig, model_path: str, device: str):
        if device not in ("cpu", "cuda"):
            raise ValueError(f"LearnerGroup: device must be 'cpu' or 'cuda', got {device!r}")
        if cfg.world_size < 1 or cfg.zero_stage not in (0, 1, 2, 3) or cfg.micro_batch_size < 1:
            raise ValueError(f"LearnerGroup: bad config world_size={cfg.world_size} zero_stage={cfg.zero_stage} "
                             f"micro_batch_size={cfg.micro_batch_size}")
        self.cfg, self.device = cfg, device
        t0 = time.perf_counter()
        gpus = cfg.num_gpus_per_rank  # < 1 when the learner shares its GPU with rollout and verifier
        bundle = {"GPU": gpus, "CPU": 1} if device == "cuda" else {"CPU": 1}
        self.pg = placement_group([bundle] * cfg.world_size, strategy="PACK")
        if not self.pg.wait(timeout_seconds=300):
            remove_placement_group(self.pg)
            raise TimeoutError(f"LearnerGroup: the cluster cannot place {cfg.world_size} x {bundle} "
                               f"(resources: {ray.cluster_resources()})")
        env = {k: os.environ[k] for k in ("TORCH_EXTENSIONS_DIR",) if k in os.environ}
        self.actors = []
        for rank in range(cfg.world_size):
            opts = {"num_gpus": gpus, "num_cpus": 1} if device == "cuda" else {"num_cpus": 1}
            self.actors.append(LearnerActor.options(
                **opts, runtime_env={"env_vars": env} if env else None,
                scheduling_strategy=PlacementGroupSchedulingStrategy(self.pg, placement_group_bundle_index=rank),
            ).remote(cfg, model_path, device, rank))
        try:
            addr, port = ray.get(self.actors[0].master_address.remote(), timeout=INIT_TIMEOUT_S)
            timings = ray.get([a.init.remote(addr, port) for a in self.actors], timeout=INIT_TIMEOUT_S)
        except BaseException as e:
            self.shutdown()
            if isinstance(e, ray.exceptions.GetTimeoutError):
                raise TimeoutError(f"LearnerGroup: DeepSpeed ranks not ready after {INIT_TIMEOUT_S:.0f} s "
                                   "(TRITONRL_LEARNER_INIT_TIMEOUT)") from e
            raise
        self.init_timings = {k: max(t[k] for t in timings) for k in timings[0]}
        self.init_timings["group_init_s"] = time.perf_counter() - t0

    # ------------------------------------------------------------------ sharding
    def _shard(self, seqs: list[Sequence]) -> list[list[Sequence]]:
        if not seqs:
            raise ValueError("LearnerGroup: empty batch")
        n = self.cfg.world_size
        shards = [seqs[r::n] for r in range(n)]
        per_rank = max(len(s) for s in shards)
        # equal micro-batch counts on every rank; ghosts (loss_mask all 0) carry no gradient
        per_rank = math.ceil(per_rank / self.cfg.micro_batch_size) * self.cfg.micro_batch_size
        return [s + [seqs[0].ghost()] * (per_rank - len(s)) for s in shards]

    def submit(self, method: str, seqs: list[Sequence]) -> "PendingStep":
        """Start one optimiser step on every rank and return at once (the RL loop overlaps the next
        rollout with it); `collect` waits for it."""
        global_tokens = float(sum(s.num_loss_tokens for s in seqs))
        if global_tokens == 0:
            raise ValueError(f"LearnerGroup.{method}: no trainable response tokens in the batch")
        refs = [getattr(a, method).remote(shard, global_tokens) for a, shard in zip(self.actors, self._shard(seqs))]
        return PendingStep(refs, time.perf_counter())

    @staticmethod
    def collect(pending: "PendingStep") -> dict[str, float]:
        from tritonrl.learner.loss import finish_metrics

        per_rank = ray.get(pending.refs)
        sums: dict[str, float] = {}
        for m in per_rank:
            for k, v in m.items():
                if k not in ("grad_norm", "compute_s", "optimizer_steps"):
                    sums[k] = sums.get(k, 0.0) + v
        out = finish_metrics(sums)
        out["grad_norm"] = per_rank[0]["grad_norm"]
        if "optimizer_steps" in per_rank[0]:
            out["optimizer_steps"] = per_rank[0]["optimizer_steps"]
        out["compute_s"] = max(m.get("compute_s", 0.0) for m in per_rank)
        out["step_s"] = time.perf_counter() - pending.t0
        return out

    def _step(self, method: str, seqs: list[Sequence]) -> dict[str, float]:
        return self.collect(self.submit(method, seqs))

    # ------------------------------------------------------------------ API
    def sft_step(self, seqs: list[Sequence]) -> dict[str, float]:
        return self._step("sft_step", seqs)

    def rl_step(self, seqs: list[Sequence]) -> dict[str, float]:
        return self._step("rl_step", seqs)

    def compute_logprobs(self, seqs: list[Sequence]) -> list[list[float]]:
        shards = self._shard(seqs)
        per_rank = ray.get([a.compute_logprobs.remote(s) for a, s in zip(self.actors, shards)])
        n = self.cfg.world_size
        out: list[list[float]] = [None] * len(seqs)  # type: ignore[list-item]
        for r, lps in enumerate(per_rank):
            for j, i in enumerate(range(r, len(seqs), n)):
                out[i] = lps[j]
        return out

    def weights_ref(self) -> ray.ObjectRef:
        """ObjectRef of rank 0's {HF name: CPU tensor} (every rank joins the gather under ZeRO-3)."""
        refs = [a.named_weights.remote() for a in self.actors]
        ray.wait(refs, num_returns=len(refs), fetch_local=False)  # collective done, errors surface on get
        return refs[0]

    def named_weights(self) -> dict:
        return ray.get(self.weights_ref())

    # ------------------------------------------------------------------ GPU weight sync
    def gpu_uuids(self) -> list[str]:
        return ray.get([a.gpu_uuid.remote() for a in self.actors])

    def init_weight_sync(self, engines: list, kind: str) -> str:
        """GPU transports run inside learner rank 0 (it owns the weights on its GPU); see weight_sync.py."""
        return ray.get([a.init_weight_sync.remote(engines, kind) for a in self.actors])[0]

    def push_weights(self) -> float:
        return ray.get([a.push_weights.remote() for a in self.actors])[0]

    def checkpoint(self, root: str, step: int, state: dict | None = None) -> str:
        """Every rank saves its shards; `state` (JSON-able, the driver's) goes to trainer_state.json."""
        return ray.get([a.save_checkpoint.remote(os.path.abspath(root), step, state) for a in self.actors])[0]

    def resume(self, root: str) -> int:
        """Load the newest complete checkpoint under `root`; returns its step (0 when none)."""
        if ckpt.latest_complete(root) is None:
            return 0
        steps = ray.get([a.load_checkpoint.remote(os.path.abspath(root)) for a in self.actors])
        return steps[0]

    def shutdown(self) -> None:
        for a in getattr(self, "actors", []):
            ray.kill(a)
        self.actors = []
        if getattr(self, "pg", None) is not None:
            remove_placement_group(self.pg)
            self.pg = None
