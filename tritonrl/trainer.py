"""The RL loop: SFT on gold kernels, then GRPO steps with HRD, the verifier run at every step.

Each RL step: curriculum picks tasks -> rollout engines sample G plan+code responses per task -> the Ray
verifier pool streams verdicts -> rewards and HRD token advantages -> one learner update -> weight sync.
"""
from __future__ import annotations

import logging
import os
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass

import ray
from tqdm.auto import tqdm

from tritonrl.cluster import ensure_ray
from tritonrl.config import Config, ConfigError
from tritonrl.gpu_monitor import phase_metrics, start_monitor
from tritonrl.learner.group import LearnerGroup
from tritonrl.deadline import last_step_now
from tritonrl.learner.sft import run_sft
from tritonrl.models import load_tokenizer, resolve_model
from tritonrl.reward.credit import stage_credit
from tritonrl.reward.experience import Scored, build_sequences, step_metrics
from tritonrl.rollout.engine import SamplingSpec, make_engines
from tritonrl.rollout.prompts import build_prompt, sft_target
from tritonrl.rollout.weight_sync import choose_transport, make_sender
from tritonrl.tasks.curriculum import CurriculumSampler
from tritonrl.tasks.kernelbook import gold_pairs, load_kernelbook
from tritonrl.tasks.synthetic import synthetic_pairs
from tritonrl.tasks.select import load_tasks, spread
from tritonrl.tasks.task import Task
from tritonrl.sample_log import SampleLog
from tritonrl.evaluation.runner import log_result, run_eval
from tritonrl.checkpointing import restore, save_point
from tritonrl.resume import CHECKPOINTS, resume_root
from tritonrl.rollout.driver import generate_spread
from tritonrl.scoring import score_samples
from tritonrl.tracking import Tracker, flatten
from tritonrl.verifier_workers.pool import VerifierPool
from tritonrl import plots

log = logging.getLogger(__name__)


def run_dir(cfg: Config) -> str:
    """This run's own directory: Hydra's run (or sweep cell) directory, else output_dir."""
    try:
        from hydra.core.hydra_config import HydraConfig

        return HydraConfig.get().runtime.output_dir
    except (ImportError, ValueError):
        return cfg.output_dir


@dataclass
class Batch:
    """One step's scored experience, and the policy version that sampled it."""

    groups: list[list[Scored]]
    policy_version: int
    generate_s: float
    verify_s: float


class Trainer:
    def __init__(self, cfg: Config):
        self.cfg = cfg
        self.timings: dict[str, float] = {}
        self.policy_version = 0  # weight syncs so far: what the engines sample with
        self.eval_levels: dict[str, dict] = {}  # eval tag -> per-level KernelBench metrics (summary.json)
        self._background = ThreadPoolExecutor(1, thread_name_prefix="next-rollout")  # overlapped rollouts

    # ------------------------------------------------------------------ setup
    def setup(self) -> None:
        cfg = self.cfg
        if cfg.train.max_staleness not in (0, 1):
            raise ConfigError(f"train.max_staleness must be 0 (on-policy) or 1 (rollout overlaps learning), "
                             f"got {cfg.train.max_staleness}")
        self.cluster = ensure_ray(cfg.ray)
        self.device = "cuda" if self.cluster.get("GPU", 0) > 0 else "cpu"
        self.tracker = Tracker(cfg.tracking, flatten(cfg))
        self.samples = SampleLog(self.tracker, cfg.reward, cfg.extensions.staged)  # tables + speedup histograms
        self.tracker.set_tags({"device": self.device, "model": cfg.model.name})
        self.train_tasks, heldout = load_tasks(cfg)
        self.heldout = spread(heldout, cfg.eval.max_tasks)  # what every eval point measures
        with self._timed("setup/model_resolve"):
            self.model_path = resolve_model(cfg.model)
            self.tokenizer = load_tokenizer(self.model_path)
        with self._timed("setup/verifier_pool"):
            self.pool = VerifierPool(cfg.pool, cfg.verifier, cfg.extensions)
        with self._timed("setup/rollout"):
            self.engines = make_engines(cfg.rollout, self.model_path, self.device, dtype=cfg.model.dtype,
                                        max_model_len=cfg.model.max_model_len, seed=cfg.train.seed)
        with self._timed("setup/learner"):
            self.learner = LearnerGroup(cfg.learner, self.model_path, self.device)
            self.weight_sync = self._init_weight_sync()
        self.monitor = start_monitor(self.device)  # GPU busy fraction per step phase (GPU nodes only)
        self.sampler = CurriculumSampler(self.train_tasks, cfg.curriculum, cfg.extensions.curriculum, cfg.train.seed)
        self.run_dir = run_dir(cfg)  # per run: a resume never loads another run's (or sweep cell's) state
        self.ckpt_dir = cfg.learner.checkpoint_dir or os.path.join(self.run_dir, CHECKPOINTS)
        self.tracker.log_metrics({k: v for k, v in self.timings.items()}, step=0)

    @contextmanager
    def _timed(self, key: str):
        t = time.perf_counter()
        yield
        self.timings[key] = time.perf_counter() - t

    # ------------------------------------------------------------------ pieces
    def sampling(self, n: int, greedy: bool = False) -> SamplingSpec:
        r = self.cfg.rollout
        return SamplingSpec(n=n, max_new_tokens=r.max_new_tokens, temperature=0.0 if greedy else r.temperature,
                            top_p=1.0 if greedy else r.top_p, seed=None, logprobs=not greedy)

    def generate(self, tasks: list[Task], n: int, greedy: bool = False):
        prompts = [build_prompt(t, self.tokenizer) for t in tasks]
        return generate_spread(self.engines, prompts, self.sampling(n, greedy))

    def score(self, tasks: list[Task], samples_per_task) -> list[list[Scored]]:
        return score_samples(self.pool, self.tokenizer, tasks, samples_per_task)

    def evaluate(self, tag: str) -> float:
        """Held-out evaluation, the code path of `tritonrl eval` (tritonrl/evaluation/runner.py): KernelBench's
        metrics as heldout/[l{L}_]{metric}_{tag} (heldout/correct_{tag}: share of samples correct), the mean
        partial credit as heldout/stage_reached_{tag}, every answer under samples/heldout_{tag}/."""
        with self._timed(f"eval/{tag}"):
            result = run_eval(self.heldout, self.cfg.train.eval_samples, self.engines, self.tokenizer, self.pool,
                              self.cfg.rollout)
        flat = [s for g in result.groups for s in g]
        credit = [stage_credit(s.verdict, self.cfg.reward.partial_credit, self.cfg.extensions.staged) for s in flat]
        log_result(self.tracker, result, "heldout/", f"_{tag}", self.step, f"samples/heldout_{tag}")
        self.tracker.log_metrics({f"heldout/stage_reached_{tag}": sum(credit) / len(flat)}, step=self.step)
        self.samples.heldout(flat, tag, self.step)
        self.eval_levels[tag] = result.levels
        return result.levels["all"]["correct"]

    def _init_weight_sync(self) -> str:
        """The transport for learner -> engine weights, chosen by rollout.weight_sync.choose_transport. GPU
        transports live in learner rank 0, which holds the weights."""
        on_gpu = self.device == "cuda"
        transports = ray.get([e.transports.remote() for e in self.engines])
        learner_gpu = self.learner.gpu_uuids()[0] if on_gpu else None
        engine_gpus = [u for us in ray.get([e.gpu_uuids.remote() for e in self.engines]) for u in us] if on_gpu else []
        try:
            kind = choose_transport(self.cfg.rollout.weight_sync, on_gpu, transports, learner_gpu, engine_gpus)
        except ValueError as e:
            raise ConfigError(str(e)) from None
        if kind == "object_store":
            self.sender = make_sender("object_store", self.engines)
        else:
            self.learner.init_weight_sync(self.engines, kind)
        self.tracker.set_tags({"weight_sync": kind})
        return kind

    def sync_weights(self) -> float:
        t = time.perf_counter()
        if self.weight_sync in ("ipc", "nccl"):
            self.learner.push_weights()
        else:
            self.sender.send(self.learner.weights_ref())
        return time.perf_counter() - t

    def sft(self) -> None:
        cfg = self.cfg
        pairs = gold_pairs(self.train_tasks)
        if cfg.data.kernelbook_path:
            pairs += load_kernelbook(cfg.data.kernelbook_path)
        if cfg.data.synthetic_sft:
            pairs += synthetic_pairs(cfg.data.synthetic_sft, seed=cfg.train.seed)
        if cfg.train.sft_max_examples:
            pairs = pairs[: cfg.train.sft_max_examples]
        examples = [(build_prompt(p, self.tokenizer), sft_target(p.plan, p.code)) for p in pairs]
        if cfg.train.sft_max_target_tokens:
            limit = cfg.train.sft_max_target_tokens
            n_tok = lambda text: len(self.tokenizer(text, add_special_tokens=False)["input_ids"])  # noqa: E731
            kept = [e for e in examples if n_tok(e[1]) < limit]  # < : the EOS token counts too
            self.tracker.log_metrics({"sft/pairs_skipped_too_long": len(examples) - len(kept)}, step=0)
            examples = kept
        self.tracker.log_metrics({"sft/pairs": len(examples)}, step=0)
        with self._timed("time/sft"):
            history = run_sft(self.learner, examples, cfg.train.sft_epochs, self.tokenizer, progress=True,
                              batch_size=cfg.train.sft_batch_size or None, seed=cfg.train.seed)
        for i, m in enumerate(history):
            self.tracker.log_metrics({f"sft/{k}": v for k, v in m.items()}, step=i)
        self.sync_weights()

    def rollout(self) -> Batch:
        """One step's experience: curriculum tasks -> G samples each -> streamed verdicts."""
        t0 = time.perf_counter()
        tasks = self.sampler.sample(self.cfg.train.tasks_per_step)
        samples = self.generate(tasks, self.cfg.rollout.samples_per_prompt)
        t1 = time.perf_counter()
        groups = self.score(tasks, samples)
        return Batch(groups, self.policy_version, t1 - t0, time.perf_counter() - t1)

    def timing_isolated(self) -> bool:
        """Can the verifier time kernels while the learner works? Not where they share a GPU (fractional
        GPUs): the learner's kernels would disturb the measurements. Whole GPUs in Ray are exclusive."""
        return self.device == "cpu" or (self.cfg.learner.num_gpus_per_rank >= 1 and self.cfg.pool.num_gpus_per_worker >= 1)

    def rl_step(self, batch: Batch, last: bool) -> tuple[dict[str, float], Batch | None]:
        """Learn on `batch`, sync the weights, and return the next step's batch.

        train.max_staleness=0: the next batch is produced after the sync (on-policy, stages in turn).
        train.max_staleness=1: it is generated and verified while the learner works, by the engines'
        previous weights (one step stale), and the loss corrects for that with the PPO ratio against the
        sampling-time log-probs (`learner/loss.py`). On a GPU shared with the learner the verifier's timing
        stage is held until the learner is done (`VerifierPool.hold_timing`); its other stages overlap."""
        cfg = self.cfg
        overlap = cfg.train.max_staleness >= 1 and not last
        gpu: dict[str, float] = {}
        phase_metrics(self.monitor, "idle", 0.0)  # start the step's window
        t0 = time.perf_counter()
        seqs = build_sequences(batch.groups, cfg.reward, cfg.extensions)  # sets each sample's rewards
        m = step_metrics(batch.groups)
        self.sampler.update(m.get("verify/level1_correct_rate", float("nan")))  # nan: no level-1 task this step
        held = overlap and not self.timing_isolated()
        if held:  # before the learner's first kernel: no measurement may straddle it
            self.pool.hold_timing(cfg.pool.timing_hold_max_s)
        # every sample truncated or left out (reward/experience.py): no token to learn from, no optimiser step
        trainable = any(s.num_loss_tokens for s in seqs)
        if not trainable:
            log.warning("step %d: no trainable response tokens (all truncated or excluded): update skipped", self.step)
        pending = self.learner.submit("rl_step", seqs) if trainable else None
        nxt_future = self._background.submit(self.rollout) if overlap else None
        try:
            learn = self.learner.collect(pending) if trainable else {"compute_s": 0.0, "skipped": 1.0}
        finally:
            if held:
                self.pool.hold_timing(0)
        t1 = time.perf_counter()
        gpu.update(phase_metrics(self.monitor, "learn", t1 - t0))  # with overlap: learn || next rollout
        nxt = nxt_future.result() if nxt_future is not None else None  # what is left of it: timing, when held
        t2 = time.perf_counter()
        gpu.update(phase_metrics(self.monitor, "verify", t2 - t1))  # verification that could not overlap
        sync_s = self.sync_weights()
        self.policy_version += 1
        t3 = time.perf_counter()
        gpu.update(phase_metrics(self.monitor, "sync", t3 - t2))
        if not overlap and not last:
            nxt = self.rollout()
        t4 = time.perf_counter()
        gpu.update(phase_metrics(self.monitor, "rollout", t4 - t3))
        if gpu:  # share of the step's GPU time (over every GPU of the node) in which a kernel ran
            n_gpus = sum(1 for k in gpu if k.startswith("gpu/busy_sync_gpu"))
            gpu["gpu/busy_fraction_step"] = sum(v for k, v in gpu.items() if k.startswith("gpu/busy_s_")) / (
                max(t4 - t0, 1e-9) * max(n_gpus, 1))
        m.update(gpu)
        n_tokens = sum(len(s.sample.token_ids) for g in batch.groups for s in g)
        n_verdicts = sum(len(g) for g in batch.groups)
        m.update({f"learner/{k}": v for k, v in learn.items()})
        m.update({"time/generate_s": batch.generate_s, "time/verify_s": batch.verify_s, "time/learn_s": learn["compute_s"],
                  "time/sync_s": sync_s, "time/step_s": t4 - t0,
                  "throughput/rollout_tokens_per_s": n_tokens / max(batch.generate_s, 1e-9),
                  "throughput/verdicts_per_s": n_verdicts / max(batch.verify_s, 1e-9),
                  "rollout/staleness": self.policy_version - 1 - batch.policy_version,
                  "curriculum/level2_share": self.sampler.share, "curriculum/steps": self.sampler.updates,
                  "curriculum/level1_acc": getattr(self.sampler, "level1_acc", float("nan"))})
        return m, nxt

    # ------------------------------------------------------------------ main
    def run(self) -> dict[str, float]:
        cfg = self.cfg
        self.step = 0
        status = "FAILED"  # what MLflow shows for a run that raised, in setup too
        t_run = time.monotonic()
        try:
            self.setup()
            root = resume_root(cfg)  # learner.resume: a run directory, or true for learner.checkpoint_dir
            start = restore(self, root) if root else 0
            if start:  # a resumed run continues RL: the base and SFT phases are behind it
                self.sync_weights()
                results = {}
            else:
                results = {"base": self.evaluate("base")} if cfg.train.eval_before_rl else {}
                if cfg.train.sft_epochs > 0:
                    self.sft()
                    if cfg.train.eval_before_rl:
                        results["sft"] = self.evaluate("sft")
                if cfg.train.record_samples:
                    self.record_samples(cfg.train.record_samples, cfg.train.record_n)
            history = []
            t_start = time.monotonic()
            batch = self.rollout() if start < cfg.train.rl_steps else None  # the first step's experience
            for self.step in tqdm(range(start + 1, cfg.train.rl_steps + 1), desc="RL steps"):
                out_of_time = bool(cfg.train.max_wall_minutes) and time.monotonic() - t_start > 60 * cfg.train.max_wall_minutes
                evals = [v for k, v in self.timings.items() if k.startswith("eval/")]
                out_of_time = out_of_time or last_step_now(time.monotonic() - t_run, [h["time/step_s"] for h in history],
                                                           evals[-1] if evals else 0.0, 60 * cfg.train.deadline_minutes)
                last = self.step == cfg.train.rl_steps or out_of_time
                experience = batch
                m, batch = self.rl_step(experience, last)
                self.samples.rollout(experience.groups, self.step)
                m["step"] = self.step
                history.append(m)
                self.tracker.log_metrics({k: v for k, v in m.items() if k != "step"}, step=self.step)
                if cfg.train.eval_every and self.step % cfg.train.eval_every == 0 and self.step < cfg.train.rl_steps:
                    self.evaluate(f"step{self.step}")
                    self.checkpoint()
                if last:
                    break
            if history:
                results["rl"] = self.evaluate("rl")
                self.tracker.log_figure(plots.training_curves(history), "plots/training_curves.png")
                self.samples.finish()
                self.checkpoint()
            if results:
                self.tracker.log_figure(plots.heldout_bars(results), "plots/heldout_correctness.png")
            self.tracker.log_dict({"heldout_correctness": results, "heldout": self.eval_levels, "timings": self.timings,
                                   "pool": self.pool.stats()}, "summary.json")
            status = "FINISHED"
            return results
        finally:
            if getattr(self, "tracker", None) is not None:
                self.tracker.finish(status)
            self.shutdown()

    def record_samples(self, path: str, n: int) -> None:
        """The policy's own responses to the training tasks, sampled as a rollout samples them, written as
        JSONL for replaying verification (bench/bench_verify_replay.py): real samples, not golds."""
        import json
        import math

        tasks = self.train_tasks
        if 0 < n < len(tasks):  # n samples, one each from n tasks spread over the list (its levels and ops)
            tasks = [tasks[i * len(tasks) // n] for i in range(n)]
        per_task = max(1, math.ceil(n / len(tasks)))
        with self._timed("time/record_samples_s"):
            results = self.generate(tasks, per_task)
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "w") as f:
            for task, samples in zip(tasks, results):
                for s in samples:
                    f.write(json.dumps({"task": task.name, "level": task.level, "response": s.text,
                                        "finish_reason": s.finish_reason, "response_tokens": len(s.token_ids),
                                        "model": self.cfg.model.name, "policy_version": self.policy_version,
                                        "sft_epochs": self.cfg.train.sft_epochs,
                                        "temperature": self.cfg.rollout.temperature}) + "\n")
        log.info("recorded %d samples to %s", per_task * len(tasks), path)

    def checkpoint(self) -> None:
        """At each eval point and the end: learner + driver state, and the merged HF export (checkpointing.py)."""
        if self.cfg.train.checkpoint:
            save_point(self)

    def shutdown(self) -> None:
        self._background.shutdown(wait=True, cancel_futures=True)
        if getattr(self, "monitor", None) is not None:
            self.monitor.close()
        for name in ("pool", "learner"):
            if hasattr(self, name):
                getattr(self, name).shutdown()
        for engine in getattr(self, "engines", []):
            ray.kill(engine)
