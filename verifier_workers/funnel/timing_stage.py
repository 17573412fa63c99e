"""The funnel's timing stage: the speedup of a candidate that passed every correctness stage. Candidate and
reference are timed the same way (fresh inputs per trial, in their own workers, measurement code in
sandbox/worker/timing.py); every timed trial's output is fingerprinted and checked against the reference's on the same
inputs, so a kernel cannot be fast only while timed. The reference's timings are cached per task and
timing config. An implausible speedup is re-measured, then flagged and capped, never silently rewarded.
Kept apart from the correctness stages because it alone holds the GPU exclusively and produces a number,
not a pass/fail.
"""
from __future__ import annotations

import torch

from tritonrl.config import ExtensionsConfig, TimingConfig, VerifierConfig
from tritonrl.verifier_workers.funnel.runs import StageFailed, VerifyContext, WorkerRuns, fresh_seeds, one_line
from tritonrl.verifier_workers.sandbox import compare
from tritonrl.verifier_workers.sandbox.worker.timing import summarize


class TimingStage:
    """The timing stage of one Verifier lane, run on that lane's workers; caches the reference's timings."""

    def __init__(self, runs: WorkerRuns, cfg: VerifierConfig, ext: ExtensionsConfig):
        # the lane's own config objects, read at each run (a caller may switch calibrated timing between runs)
        self.runs, self.cfg, self.ext = runs, cfg, ext
        self._ref_times: dict[tuple, dict] = {}

    @property
    def tc(self) -> TimingConfig:
        return self.cfg.timing

    def run(self, ctx: VerifyContext) -> dict:
        """Time candidate and reference the same way (fresh inputs per trial); every timed trial's output is
        fingerprinted and checked against the reference's on the same inputs. An implausible speedup is
        re-measured, then flagged and capped, never silently rewarded."""
        tc = self.tc
        method = "calibrated" if self.ext.calibrated_timing else "single_shot"
        t_cand, t_ref, cand, ref = self.measure_pair(ctx, method, use_cache=True)
        speedup = t_ref["mean_ms"] / max(t_cand["mean_ms"], 1e-9)
        remeasured = 0
        while speedup > tc.implausible_speedup and remeasured < tc.remeasure:
            remeasured += 1
            t_cand, t_ref, cand, ref = self.measure_pair(ctx, method, use_cache=False)
            speedup = t_ref["mean_ms"] / max(t_cand["mean_ms"], 1e-9)
        v = ctx.verdict
        v.timing = {"method": method, "t_ref_ms": t_ref["mean_ms"], "t_cand_ms": t_cand["mean_ms"],
                    "cv_ref": t_ref["cv"], "cv_cand": t_cand["cv"], "trials": t_cand["n"], "remeasured": remeasured,
                    "idle_trials": cand.get("idle_trials"), "ref_cached": t_ref.get("cached", False)}
        if speedup > tc.implausible_speedup:
            v.flags.append("implausible_speedup")
            v.timing["speedup_raw"] = speedup
            speedup = tc.implausible_speedup
        v.speedup = speedup
        return {"speedup": speedup}

    def measure_pair(self, ctx: VerifyContext, method: str, use_cache: bool) -> tuple[dict, dict, dict, dict]:
        """One timed run of candidate and reference on the same fresh inputs, each trial's output checked."""
        tc, runs = self.tc, self.runs
        key, src = runs.ref_key(ctx, ctx.base)
        seed, fp_seed = fresh_seeds(self.cfg, 2)
        common = {"ref": key, "seed": seed, "init_seed": ctx.seeds[7], "device": runs.device, "dtype": None,
                  "warmup": tc.warmup, "trials": tc.trials, "fp_seed": fp_seed,
                  "flush_bytes": tc.flush_bytes if tc.flush_l2 else 0}
        runs.load(runs.candidate, key, src, "timing", ["get_inputs", "get_init_inputs"])
        cand, ct = runs.call(runs.candidate, "time", {**common, "module": ctx.cand_key, "cls": "ModelNew",
                                                       "method": method, "check": True,
                                                       "export": runs.device_compare}, "timing")
        if not cand.get("ok"):
            raise StageFailed(f"runtime error in stage timing: {one_line(cand.get('error', ''), 250)}")
        if cand.get("violations"):
            ctx.verdict.violations.extend(c for c in cand["violations"] if c not in ctx.verdict.violations)
            raise StageFailed(f"runtime check failed while timed: {', '.join(cand['violations'])}")
        cache_key = (ctx.task.name, ctx.task.reference_hash, key, runs.device, method, tc.warmup, tc.trials,
                     tc.flush_l2)
        cached = self._ref_times.get(cache_key) if use_cache else None
        runs.load(runs.reference, key, src, "timing", ["Model", "get_inputs", "get_init_inputs"])
        slot = f"timed|{key}|{seed}" if runs.device_compare else None
        ref_args = {**common, "module": key, "cls": "Model", "check": False, "keep": slot}
        if cached is not None:
            ref_args.update(method="none", indices=cand["indices"])
        else:
            ref_args["method"] = method
        ref, rt = runs.call(runs.reference, "time", ref_args, "timing")
        if not ref.get("ok"):
            raise StageFailed(f"reference failed in stage timing: {one_line(ref.get('error', ''), 250)}")
        # every timed trial of the candidate must produce what the reference produces on the same inputs
        if slot:
            res = runs.compare_outputs(slot, cand, "timing")
            dtypes = [getattr(torch, d) for d in ref.get("out_dtypes", [])]
        else:
            ref_outs = compare.unpack(rt, ref.get("n_out", 0))
            res = runs.compare_outputs(ref_outs, {"outs": compare.unpack(ct, cand.get("n_out", 0))}, "timing")
            dtypes = [o.dtype for o in ref_outs]
        atol, rtol = compare.tolerance_for(dtypes[0], self.cfg.tolerances) if dtypes else (0.0, 0.0)
        bad = compare.compare_fingerprints(rt["fp"].tolist(), rt["fp_scale"].tolist(), ct["fp"].tolist(),
                                           ref.get("weight_sum", 0.0), atol, rtol)
        if not res["passed"] or bad is not None:
            ctx.verdict.flags.append("timed_output_mismatch")
            why = res["error"] if not res["passed"] else f"timed trial {bad}"
            raise StageFailed(f"outputs differ from the reference when timed ({why})")
        t_cand = summarize(cand["times_ms"], tc.trim)
        if cached is None:
            cached = summarize(ref["times_ms"], tc.trim)
            self._ref_times[cache_key] = cached
            t_ref = cached
        else:
            t_ref = {**cached, "cached": True}
        return t_cand, t_ref, cand, ref
