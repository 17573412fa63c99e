"""The verifier funnel: static -> compile -> tiny -> full -> timing, early exit, partial credit -> Verdict.

The supervisor (this process) never imports candidate code. It owns three sandbox workers:
  reference  runs the trusted reference only; its outputs and timings come back here
  candidate  imports and runs the candidate (with the runtime anti-cheat of harness.py)
  compile    (CPU only) compiles the candidate's recorded launches for a real GPU target
Comparisons happen here (compare.py), so nothing the candidate does in its process can change a verdict
except through the outputs it returns.
"""
from __future__ import annotations

import hashlib
import secrets
import time
from collections import OrderedDict
from contextlib import nullcontext
from dataclasses import asdict, dataclass, field
from typing import Any

import psutil
import torch

from tritonrl.config import ExtensionsConfig, VerifierConfig
from tritonrl.tasks.task import Task
from tritonrl.verifier_workers import compare, variants
from tritonrl.verifier_workers.gpu_lock import GPUShareLock
from tritonrl.verifier_workers.judge import make_judge
from tritonrl.verifier_workers.sandbox import Sandbox, SandboxError
from tritonrl.verifier_workers.verdict import Verdict

CREDIT_STAGES = ("static", "compile", "tiny", "full")


class StageFailed(Exception):
    """A stage cannot pass; `error` is the verdict's one-line reason."""


@dataclass
class _Ctx:
    task: Task
    code: str
    verdict: Verdict
    seeds: list[int]
    base: dict[str, int]
    cand_key: str
    cand_loaded: bool = False
    cand_sent: bool = False  # the candidate's code went to a worker (even if its import then failed)
    probe: tuple[str, dict, list] | None = None  # (variant signature, candidate result, outputs)
    detail: dict[str, Any] = field(default_factory=dict)


def _one_line(s: str, n: int = 300) -> str:
    return " ".join(str(s).split())[:n]


def _sandbox_message(e: SandboxError, stage: str, role: str) -> str:
    who = "reference " if role == "reference" else ""
    if e.kind == "crash":
        sig = e.detail.rsplit(" ", 1)[-1]
        return f"{who}crash ({sig}) in stage {stage}"
    if e.kind == "memory":
        return f"{who}memory limit exceeded in stage {stage} ({_one_line(e.detail, 120)})"
    if e.kind == "exit":
        return f"{who}worker exited in stage {stage} ({_one_line(e.detail, 120)})"
    if e.kind == "timeout":
        return f"{who}timeout in stage {stage}"
    return f"{who}{e.kind} error in stage {stage}: {_one_line(e.detail, 200)}"


def _has_children(sb: Sandbox) -> bool:
    try:
        return bool(psutil.Process(sb.pid).children(recursive=True))
    except (psutil.Error, TypeError, ValueError):
        return False


class _SlotMissing(Exception):
    """The reference worker no longer holds the outputs a comparison needs."""


class _RoleError(Exception):
    def __init__(self, err: SandboxError, role: str):
        super().__init__(str(err))
        self.err, self.role = err, role


class Verifier:
    def __init__(self, cfg: VerifierConfig | None = None, extensions: ExtensionsConfig | None = None,
                 device: str = "auto", gpu: int | None = None, gpu_lock: GPUShareLock | None = None):
        self.cfg = cfg or VerifierConfig()
        self.ext = extensions or ExtensionsConfig()
        if device == "auto":
            device = self.cfg.device
        if device == "auto":
            device = "cuda" if torch.cuda.is_available() else "cpu"
        self.device = device
        interpret = device == "cpu"
        sb = self.cfg.sandbox
        self.reference = Sandbox("reference", device, sb, interpret=interpret, gpu=gpu)
        self.candidate = Sandbox("candidate", device, sb, interpret=interpret, gpu=gpu)
        self.compiler = Sandbox("compile", "cpu", sb, interpret=False) if device == "cpu" else None
        self.judge = make_judge(self.cfg.judge)
        self._ref_cache: OrderedDict[tuple, tuple[dict, list[torch.Tensor]]] = OrderedDict()
        self._ref_times: dict[tuple, dict] = {}
        self.device_compare = device == "cuda" and self.cfg.device_compare
        self.gpu_lock = gpu_lock if device == "cuda" else None  # shared with the other lanes on this GPU

    # ------------------------------------------------------------------ public
    def verify(self, task: Task, code: str) -> Verdict:
        t0 = time.perf_counter()
        v = Verdict(task=task.name, code_hash=hashlib.sha256(code.encode()).hexdigest()[:16], device=self.device)
        ctx = _Ctx(task, code, v, self._fresh_seeds(8), task.overrides_for(self.device), "c" + v.code_hash)
        stages = [s for s in self.cfg.stages if s in ("static", "compile", "tiny", "full", "timing")]
        if not self.ext.staged:
            stages = [s for s in stages if s != "tiny"]
        timing_failed = False
        try:
            for stage in stages:
                if stage == "timing" and self.device != "cuda":
                    v.stages["timing"] = {"passed": False, "skipped": "no GPU: speedup is not measured"}
                    continue
                if stage == "timing" and not (v.stages.get("full", {}).get("passed") and not v.violations):
                    break
                ts = time.perf_counter()
                role = "candidate"
                try:
                    with self._gpu_access(stage):
                        detail = getattr(self, f"_stage_{stage}")(ctx) or {}
                    passed = True
                except StageFailed as e:
                    v.error, passed, detail = _one_line(str(e)), False, {}
                except _RoleError as e:
                    role = e.role
                    v.error, passed, detail = _sandbox_message(e.err, stage, e.role), False, {"kind": e.err.kind}
                except SandboxError as e:
                    v.error, passed, detail = _sandbox_message(e, stage, role), False, {"kind": e.kind}
                v.stages[stage] = {"passed": passed, "seconds": round(time.perf_counter() - ts, 4), **detail}
                if not passed:
                    timing_failed = stage == "timing"
                    break
                v.stage = stage
        except Exception as e:  # a verifier bug must still produce a verdict
            v.error = _one_line(f"verifier error: {type(e).__name__}: {e}")
        finally:
            with self._gpu_access("cleanup"):
                self._after_verify(ctx)
        full_ok = bool(v.stages.get("full", {}).get("passed"))
        v.correct = full_ok and not v.violations and not timing_failed
        v.reward = self._reward(v)
        v.seconds = round(time.perf_counter() - t0, 4)
        return v

    def close(self) -> None:
        for sb in (self.reference, self.candidate, self.compiler):
            if sb is not None:
                sb.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ------------------------------------------------------------------ helpers
    def _gpu_access(self, stage: str):
        """Timing has the GPU alone; the other stages share it with this GPU's other lanes."""
        if self.gpu_lock is None or stage == "static":
            return nullcontext()
        return self.gpu_lock.exclusive() if stage == "timing" else self.gpu_lock.shared()

    def _fresh_seeds(self, n: int) -> list[int]:
        if self.cfg.seed_entropy:
            return [secrets.randbits(31) for _ in range(n)]
        return [self.cfg.base_seed + i for i in range(n)]  # reproducible: the same for every verification

    def _reward(self, v: Verdict) -> float:
        if v.violations:
            return 0.0
        if not self.ext.staged:
            return 1.0 if v.correct else 0.0
        n = 0
        for i, s in enumerate(CREDIT_STAGES):
            if v.stages.get(s, {}).get("passed"):
                n = i + 1
        if not v.correct:
            n = min(n, 3)
        return float(self.cfg.partial_credit[n])

    def _timeout(self, stage: str) -> float:
        return float(self.cfg.sandbox.stage_timeout_s.get(stage, 300.0))

    def _call(self, sb: Sandbox, op: str, args: dict, stage: str) -> tuple[dict, dict]:
        try:
            return sb.call(op, args, timeout=self._timeout(stage))
        except SandboxError as e:
            if sb is self.reference:
                raise _RoleError(e, "reference") from None
            raise

    @staticmethod
    def _ref_key(ctx: _Ctx, overrides: dict[str, int]) -> tuple[str, str]:
        src = variants.apply_overrides(ctx.task.reference_src, overrides)
        return "r" + hashlib.sha256(src.encode()).hexdigest()[:16], src

    def _load(self, sb: Sandbox, key: str, src: str, stage: str, require: list[str]) -> None:
        reply, _ = self._call(sb, "load", {"key": key, "src": src, "require": require}, stage)
        if not reply.get("ok"):
            who = "reference" if sb is self.reference else "candidate"
            raise StageFailed(f"{who} import failed: {_one_line(reply.get('error', ''), 250)}")

    def _load_candidate(self, ctx: _Ctx, stage: str) -> None:
        if not ctx.cand_loaded:
            ctx.cand_sent = True
            self._load(self.candidate, ctx.cand_key, ctx.code, "load", ["ModelNew"])
            ctx.cand_loaded = True

    # ------------------------------------------------------------------ running one variant
    def _run_reference(self, ctx: _Ctx, var: variants.Variant, stage: str) -> tuple[dict, list | str]:
        """The reference's reply and its outputs: tensors, or (device compare) the slot that holds them."""
        key, src = self._ref_key(ctx, var.overrides)
        ck = (key, var.seed, ctx.seeds[7], var.scale, var.dtype)
        if ck in self._ref_cache:
            self._ref_cache.move_to_end(ck)
            return self._ref_cache[ck]
        self._load(self.reference, key, src, stage, ["Model", "get_inputs", "get_init_inputs"])
        slot = "|".join(map(str, ck)) if self.device_compare else None
        reply, tensors = self._call(self.reference, "run", {
            "module": key, "ref": key, "cls": "Model", "seed": var.seed, "init_seed": ctx.seeds[7],
            "device": self.device, "dtype": var.dtype, "scale": var.scale, "check": False,
            "on_device": self.device_compare, "keep": slot}, stage)
        ran = reply.get("ok") and not reply.get("skipped")
        outs = (slot if slot else compare.unpack(tensors, reply.get("n_out", 0))) if ran else []
        self._ref_cache[ck] = (reply, outs)
        while len(self._ref_cache) > 32:
            self._ref_cache.popitem(last=False)
        return reply, outs

    def _run_candidate(self, ctx: _Ctx, var: variants.Variant, stage: str, mutates: bool,
                       record_specs: bool = False) -> dict:
        self._load_candidate(ctx, stage)
        key, src = self._ref_key(ctx, var.overrides)
        self._load(self.candidate, key, src, stage, ["get_inputs", "get_init_inputs"])
        reply, tensors = self._call(self.candidate, "run", {
            "module": ctx.cand_key, "ref": key, "cls": "ModelNew", "seed": var.seed, "init_seed": ctx.seeds[7],
            "device": self.device, "dtype": var.dtype, "scale": var.scale, "grad_modes": var.grad_modes,
            "check": True, "check_inputs": not mutates, "record_specs": record_specs, "capture_errors": True,
            "on_device": self.device_compare, "export": self.device_compare}, stage)
        exported = self.device_compare or not reply.get("ok")  # exported: handles, not tensors, came back
        reply["outs"] = [] if exported else compare.unpack(tensors, reply.get("n_out", 0))
        return reply

    def _check_variant(self, ctx: _Ctx, var: variants.Variant, stage: str, cand: dict | None = None) -> dict:
        """Run the reference and the candidate on one variant; returns the variant record (passed...)."""
        rec: dict[str, Any] = {"name": var.name, "passed": False, "overrides": var.overrides, "dtype": var.dtype,
                               "scale": var.scale}
        ref, ref_outs = self._run_reference(ctx, var, stage)
        if not ref.get("ok") or ref.get("skipped"):
            if var.name in ("original", "tiny"):
                if var.name == "tiny":  # the reference itself cannot run tiny sizes: skip the stage
                    return {**rec, "passed": True, "skipped": _one_line(ref.get("error") or ref.get("skipped"))}
                raise StageFailed(f"reference failed: {_one_line(ref.get('error', ''), 250)}")
            return {**rec, "passed": True, "skipped": _one_line(ref.get("error") or ref.get("skipped"), 200)}
        if cand is None:
            cand = self._run_candidate(ctx, var, stage, bool(ref.get("mutates_inputs")))
        try:
            return self._judge_run(ctx, rec, cand, ref_outs, stage)
        except _SlotMissing:  # the reference worker was replaced or evicted the slot: run it again
            self._ref_cache.pop(next((k for k, v in self._ref_cache.items() if v[1] == ref_outs), None), None)
            _, ref_outs = self._run_reference(ctx, var, stage)
            return self._judge_run(ctx, rec, cand, ref_outs, stage)

    def _judge_run(self, ctx: _Ctx, rec: dict, cand: dict, ref_outs: list | str, stage: str) -> dict:
        v = ctx.verdict
        if not cand.get("ok"):
            rec["error"] = _one_line(f"{cand.get('error', 'error')}", 250)
            return rec
        for code in cand.get("violations", []):
            if code not in v.violations:
                v.violations.append(code)
        if cand.get("violations"):
            ops = ", ".join(sorted(cand.get("compute_ops", {})))[:120]
            rec["error"] = f"runtime check failed: {', '.join(cand['violations'])}" + (f" (aten: {ops})" if ops else "")
            return rec
        if cand.get("run_error"):
            rec["error"] = _one_line(f"runtime error: {cand['run_error']}", 250)
            return rec
        if cand.get("skipped"):
            return {**rec, "passed": True, "skipped": cand["skipped"]}
        res = self._compare(ref_outs, cand, stage)
        rec.update({k: res[k] for k in ("max_abs_err", "max_rel_err", "atol", "rtol")})
        rec["launches"] = cand.get("launches")
        if not res["passed"]:
            rec["error"] = f"wrong output: {res['error']}"
            return rec
        rec["passed"] = True
        return rec

    def _compare(self, ref_outs: list | str, cand: dict, stage: str) -> dict:
        """allclose of candidate vs reference outputs: here on host tensors, or in the reference worker on the
        device (ref_outs is then the slot holding the reference's outputs; see device_compare.py)."""
        if not isinstance(ref_outs, str):
            return compare.compare_outputs(ref_outs, cand["outs"], self.cfg.tolerances)
        failed = {"passed": False, "max_abs_err": None, "max_rel_err": None, "atol": None, "rtol": None}
        try:  # the handles come from the candidate: a reference-worker failure here is the candidate's
            reply, _ = self.reference.call("compare", {"slot": ref_outs, "handles": cand.get("handles"),
                                                       "tolerances": asdict(self.cfg.tolerances)},
                                           timeout=self._timeout(stage))
        except SandboxError as e:
            return {**failed, "error": f"its output handles broke the comparison ({e.kind})"}
        if reply.get("missing"):
            raise _SlotMissing
        if not reply.get("ok"):
            return {**failed, "error": f"unusable outputs: {_one_line(reply.get('error', ''), 200)}"}
        return reply["result"]

    def _fail_variant(self, rec: dict, stage: str) -> None:
        where = "" if rec["name"] in ("original", "tiny") else f" (variant {rec['name']})"
        raise StageFailed(f"{rec.get('error', 'failed')}{where}")

    # ------------------------------------------------------------------ stages
    def _stage_static(self, ctx: _Ctx) -> dict:
        from tritonrl.verifier_workers.static_checks import check_source

        found = check_source(ctx.code, ctx.task.reference_src)
        if found:
            for x in found:
                if x.code not in ctx.verdict.violations:
                    ctx.verdict.violations.append(x.code)
            first = found[0]
            raise StageFailed(f"static check {first.code}: {first.message}" + (f" (line {first.line})" if first.line else ""))
        return {}

    def _probe_variant(self, ctx: _Ctx) -> variants.Variant:
        tiny = variants.tiny_overrides(ctx.task.reference_src, ctx.base) if self.ext.staged else None
        if tiny is None:
            return variants.Variant("original", ctx.base, ctx.seeds[0])
        return variants.Variant("tiny", tiny, ctx.seeds[3])

    def _stage_compile(self, ctx: _Ctx) -> dict:
        """The kernels compile for the target. A probe run (tiny sizes when possible) records each launch;
        on the CPU each recorded launch is compiled with triton.compile for a real GPU target; on a GPU the
        probe's own launches were compiled for the device."""
        self._load_candidate(ctx, "compile")
        var = self._probe_variant(ctx)
        ref, _ = self._run_reference(ctx, var, "compile")
        mutates = bool(ref.get("mutates_inputs"))
        cand = self._run_candidate(ctx, var, "compile", mutates, record_specs=self.device == "cpu")
        ctx.probe = (var.name, cand, ref)
        if not cand.get("ok"):
            raise StageFailed(f"candidate failed: {_one_line(cand.get('error', ''), 250)}")
        if cand.get("violations"):
            ctx.verdict.violations.extend(c for c in cand["violations"] if c not in ctx.verdict.violations)
            raise StageFailed(f"runtime check failed: {', '.join(cand['violations'])}")
        err, etype = cand.get("run_error"), cand.get("error_type", "")
        launched = cand.get("launches_before_error", 0) if err else sum((cand.get("launches") or {}).values())
        if err and ("Compilation" in etype or not launched):
            raise StageFailed(_one_line(f"compile error: {err}" if "Compilation" in etype
                                        else f"no kernel launched before error: {err}", 300))
        detail: dict[str, Any] = {"probe": var.name}
        if self.compiler is not None:
            specs = cand.get("specs") or []
            self._load(self.compiler, ctx.cand_key, ctx.code, "compile", ["ModelNew"])
            reply, _ = self._call(self.compiler, "compile", {"key": ctx.cand_key, "specs": specs,
                                                             "arch": self.cfg.compile_target_arch}, "compile")
            if not reply.get("ok"):
                raise StageFailed(f"compile check failed: {_one_line(reply.get('error', ''), 250)}")
            if reply.get("error"):
                raise StageFailed(reply["error"])
            detail.update(compiled=reply.get("compiled", 0), notes=reply.get("notes", []))
        return detail

    def _stage_tiny(self, ctx: _Ctx) -> dict:
        var = self._probe_variant(ctx)
        if var.name != "tiny":
            return {"skipped": "no input-only size constant to shrink"}
        cand = None
        if ctx.probe is not None and ctx.probe[0] == "tiny":
            cand = ctx.probe[1]
        rec = self._check_variant(ctx, var, "tiny", cand)
        if not rec["passed"]:
            self._fail_variant(rec, "tiny")
        return {"overrides": var.overrides, **({"skipped": rec["skipped"]} if rec.get("skipped") else {})}

    def _stage_full(self, ctx: _Ctx) -> dict:
        seeds = [ctx.seeds[0], ctx.seeds[1], ctx.seeds[2]]
        var_list = variants.multi_input_variants(ctx.task.reference_src, ctx.base, seeds, self.device,
                                                 self.ext.multi_input)
        for var in var_list:
            rec = self._check_variant(ctx, var, "full")
            ctx.verdict.variants.append(rec)
            if not rec["passed"]:
                self._fail_variant(rec, "full")
        if self.cfg.judge.enabled:
            res = self.judge.judge(ctx.task, ctx.code)
            if not res.ok:
                ctx.verdict.violations.append("judge")
                raise StageFailed(f"judge: {_one_line(res.reason, 250)}")
        return {"variants": len(var_list)}

    def _stage_timing(self, ctx: _Ctx) -> dict:
        """Time candidate and reference the same way (fresh inputs per trial); every timed trial's output is
        fingerprinted and checked against the reference's on the same inputs. An implausible speedup is
        re-measured, then flagged and capped, never silently rewarded."""
        tc = self.cfg.timing
        method = "calibrated" if self.ext.calibrated_timing else "single_shot"
        t_cand, t_ref, cand, ref = self._measure_pair(ctx, method, use_cache=True)
        speedup = t_ref["mean_ms"] / max(t_cand["mean_ms"], 1e-9)
        remeasured = 0
        while speedup > tc.implausible_speedup and remeasured < tc.remeasure:
            remeasured += 1
            t_cand, t_ref, cand, ref = self._measure_pair(ctx, method, use_cache=False)
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

    def _measure_pair(self, ctx: _Ctx, method: str, use_cache: bool) -> tuple[dict, dict, dict, dict]:
        tc = self.cfg.timing
        key, src = self._ref_key(ctx, ctx.base)
        seed, fp_seed = self._fresh_seeds(2)
        common = {"ref": key, "seed": seed, "init_seed": ctx.seeds[7], "device": self.device, "dtype": None,
                  "warmup": tc.warmup, "trials": tc.trials, "fp_seed": fp_seed,
                  "flush_bytes": tc.flush_bytes if tc.flush_l2 else 0}
        self._load(self.candidate, key, src, "timing", ["get_inputs", "get_init_inputs"])
        cand, ct = self._call(self.candidate, "time", {**common, "module": ctx.cand_key, "cls": "ModelNew",
                                                       "method": method, "check": True,
                                                       "export": self.device_compare}, "timing")
        if not cand.get("ok"):
            raise StageFailed(f"runtime error in stage timing: {_one_line(cand.get('error', ''), 250)}")
        if cand.get("violations"):
            ctx.verdict.violations.extend(c for c in cand["violations"] if c not in ctx.verdict.violations)
            raise StageFailed(f"runtime check failed while timed: {', '.join(cand['violations'])}")
        cache_key = (ctx.task.name, ctx.task.reference_hash, key, self.device, method, tc.warmup, tc.trials,
                     tc.flush_l2)
        cached = self._ref_times.get(cache_key) if use_cache else None
        self._load(self.reference, key, src, "timing", ["Model", "get_inputs", "get_init_inputs"])
        slot = f"timed|{key}|{seed}" if self.device_compare else None
        ref_args = {**common, "module": key, "cls": "Model", "check": False, "keep": slot}
        if cached is not None:
            ref_args.update(method="none", indices=cand["indices"])
        else:
            ref_args["method"] = method
        ref, rt = self._call(self.reference, "time", ref_args, "timing")
        if not ref.get("ok"):
            raise StageFailed(f"reference failed in stage timing: {_one_line(ref.get('error', ''), 250)}")
        # every timed trial of the candidate must produce what the reference produces on the same inputs
        if slot:
            res = self._compare(slot, cand, "timing")
            dtypes = [getattr(torch, d) for d in ref.get("out_dtypes", [])]
        else:
            ref_outs = compare.unpack(rt, ref.get("n_out", 0))
            res = self._compare(ref_outs, {"outs": compare.unpack(ct, cand.get("n_out", 0))}, "timing")
            dtypes = [o.dtype for o in ref_outs]
        atol, rtol = compare.tolerance_for(dtypes[0], self.cfg.tolerances) if dtypes else (0.0, 0.0)
        bad = compare.compare_fingerprints(rt["fp"].tolist(), rt["fp_scale"].tolist(), ct["fp"].tolist(),
                                           ref.get("weight_sum", 0.0), atol, rtol)
        if not res["passed"] or bad is not None:
            ctx.verdict.flags.append("timed_output_mismatch")
            why = res["error"] if not res["passed"] else f"timed trial {bad}"
            raise StageFailed(f"outputs differ from the reference when timed ({why})")
        from tritonrl.verifier_workers.timing import summarize

        t_cand = summarize(cand["times_ms"], tc.trim)
        if cached is None:
            cached = summarize(ref["times_ms"], tc.trim)
            self._ref_times[cache_key] = cached
            t_ref = cached
        else:
            t_ref = {**cached, "cached": True}
        return t_cand, t_ref, cand, ref

    # ------------------------------------------------------------------ worker hygiene
    def _after_verify(self, ctx: _Ctx) -> None:
        """Detect runtime patching, forget the candidate, and restart workers that are not clean."""
        if not ctx.cand_sent:  # rejected before any worker saw the candidate: nothing to check or reset
            return
        for sb in (self.candidate, self.compiler):
            if sb is None or not sb.alive:
                continue
            try:
                reply, _ = sb.call("integrity", timeout=30.0)
                if sb is self.candidate and reply.get("ok") and not reply.get("clean"):
                    changed = reply.get("changed") or []
                    code = "runtime_patch" if changed else "threads"
                    if code not in ctx.verdict.violations:
                        ctx.verdict.violations.append(code)
                    if ctx.verdict.error is None:
                        ctx.verdict.error = _one_line(
                            f"worker not clean after the run: {', '.join(changed[:5]) or 'leftover threads'}")
                if sb is self.candidate and _has_children(sb) and "child_process" not in ctx.verdict.violations:
                    ctx.verdict.violations.append("child_process")
                    ctx.verdict.error = ctx.verdict.error or "candidate left a child process running"
                sb.call("reset", timeout=30.0)
                sb.ensure_clean()
            except SandboxError:
                pass  # already killed; the next call starts a fresh worker
