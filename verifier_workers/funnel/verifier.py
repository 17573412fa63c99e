"""The verifier funnel: static -> compile -> tiny -> full -> timing, early exit, partial credit -> Verdict.

The supervisor (this process) never imports candidate code. Its lane (funnel/runs.py) owns three sandbox workers:
  reference  runs the trusted reference only; its outputs and timings come back here
  candidate  imports and runs the candidate (with the runtime anti-cheat of harness.py)
  compile    (CPU only) compiles the candidate's recorded launches for a real GPU target
Comparisons happen here (sandbox/compare.py), so nothing the candidate does in its process can change a verdict
except through the outputs it returns.

This module runs the stages in order, turns their outcome into the Verdict (partial credit, error line)
and checks the workers after each verification; the static, compile, tiny and full stages are here. The
worker calls and the judging of one variant are in runs.py (`WorkerRuns`), the timing stage in
timing_stage.py (`TimingStage`); the Verifier holds one of each. It decides pass/fail and the furthest stage
passed; what that earns is reward/credit.py's.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import time
from contextlib import nullcontext
from typing import Any

import psutil
import torch

from tritonrl.config import ExtensionsConfig, VerifierConfig
from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.funnel import candidate_tiles, launch_extents, variants
from tritonrl.verifier_workers.funnel.judge import make_judge
from tritonrl.verifier_workers.funnel.runs import (RAISED, ReferenceFailed, RoleError, StageFailed, VerifyContext,
                                                   WorkerRuns, fresh_seeds, one_line, wrong_in_bounds)
from tritonrl.verifier_workers.funnel.timing_stage import TimingStage
from tritonrl.verifier_workers.gpu_lock import GPUShareLock
from tritonrl.verifier_workers.sandbox.supervisor import Sandbox, SandboxError
from tritonrl.verifier_workers.static.checks import check_source
from tritonrl.verifier_workers.verdict import Verdict


def _sandbox_message(e: SandboxError, stage: str, role: str) -> str:
    who = f"{role} " if role in ("reference", "compiler") else ""
    if e.kind == "crash":
        sig = e.detail.rsplit(" ", 1)[-1]
        return f"{who}crash ({sig}) in stage {stage}"
    if e.kind == "memory":
        return f"{who}memory limit exceeded in stage {stage} ({one_line(e.detail, 120)})"
    if e.kind == "exit":
        return f"{who}worker exited in stage {stage} ({one_line(e.detail, 120)})"
    if e.kind == "timeout":
        return f"{who}timeout in stage {stage}"
    return f"{who}{e.kind} error in stage {stage}: {one_line(e.detail, 200)}"


# How a candidate's worker may die (supervisor.SandboxError.kind) that earns the cheat penalty rather than the
# partial credit of the stages before: a policy must not learn that killing, flooding or exhausting its worker
# pays better than an honest wrong answer. A timeout is not among them (a correct kernel can be slow under the
# interpreter), nor "start" (the host's fault), nor a death of the reference or of triton.compile.
HOSTILE_DEATHS = ("crash", "memory", "exit", "protocol")


def _note_death(v: Verdict, err: SandboxError, role: str) -> None:
    if role == "candidate" and err.kind in HOSTILE_DEATHS and "worker_died" not in v.violations:
        v.violations.append("worker_died")


def _has_children(sb: Sandbox) -> bool:
    """Processes the worker started that still run: its descendants, or strays reparented elsewhere."""
    try:
        if sb.pid is not None and psutil.Process(sb.pid).children(recursive=True):
            return True
    except (psutil.Error, TypeError, ValueError):
        pass
    return bool(sb.strays())


class Verifier:
    """One verifier lane: `verify(task, code)` always returns a Verdict, never raises for bad code."""

    def __init__(self, cfg: VerifierConfig | None = None, extensions: ExtensionsConfig | None = None,
                 device: str = "auto", gpu: int | None = None, gpu_lock: GPUShareLock | None = None):
        self.cfg = cfg or VerifierConfig()
        self.ext = extensions or ExtensionsConfig()
        if device == "auto":
            device = self.cfg.device
        if device == "auto":
            device = "cuda" if torch.cuda.is_available() else "cpu"
        self.device = device
        self.runs = WorkerRuns(self.cfg, device, gpu)
        self.timing = TimingStage(self.runs, self.cfg, self.ext)
        self.judge = make_judge(self.cfg.judge)
        self.gpu_lock = gpu_lock if device == "cuda" else None  # shared with the other lanes on this GPU

    # ------------------------------------------------------------------ public
    def verify(self, task: Task, code: str) -> Verdict:
        t0 = time.perf_counter()
        self.runs.deadline = time.monotonic() + self.cfg.sandbox.verify_timeout_s
        v = Verdict(task=task.name, code_hash=hashlib.sha256(code.encode()).hexdigest()[:16], device=self.device)
        ctx = VerifyContext(task, code, v, fresh_seeds(self.cfg, 8), task.overrides_for(self.device), "c" + v.code_hash)
        stages = [s for s in self.cfg.stages if s in ("static", "compile", "tiny", "full", "timing")]
        if not self.ext.staged:
            stages = [s for s in stages if s != "tiny"]
        timing_failed = False
        self.runs.hostile.clear()
        try:
            for stage in stages:
                if stage == "timing" and self.device != "cuda":
                    v.stages["timing"] = {"passed": False, "skipped": "no GPU: speedup is not measured"}
                    continue
                if stage == "timing" and not (v.stages.get("full", {}).get("passed") and not v.violations):
                    break
                ts = time.perf_counter()
                self.runs.call_seconds = {}
                role = "candidate"
                try:
                    with self._gpu_access(stage):
                        detail = self._stages[stage](ctx) or {}
                    passed = True
                except StageFailed as e:
                    v.error, passed, detail = one_line(str(e)), False, {}
                    v.reference_failed = isinstance(e, ReferenceFailed)
                except RoleError as e:
                    role = e.role
                    v.reference_failed = e.role == "reference"
                    v.error, passed, detail = _sandbox_message(e.err, stage, e.role), False, {"kind": e.err.kind}
                except SandboxError as e:
                    v.error, passed, detail = _sandbox_message(e, stage, role), False, {"kind": e.kind}
                    _note_death(v, e, role)
                v.stages[stage] = {"passed": passed, "seconds": round(time.perf_counter() - ts, 4), **detail}
                if calls := self.runs.call_seconds:  # where the stage's time went: [calls, seconds] per worker op
                    v.stages[stage]["worker_calls"] = {k: [n, round(s, 4)] for k, (n, s) in calls.items()}
                if not passed:
                    timing_failed = stage == "timing"
                    break
                if not detail.get("skipped"):  # a stage that had nothing to check earns no credit
                    v.stage = stage
        except Exception as e:  # a verifier bug must still produce a verdict
            v.error = one_line(f"verifier error: {type(e).__name__}: {e}")
        finally:
            with self._gpu_access("cleanup"):
                self._after_verify(ctx)
        for code in self.runs.hostile:  # errors only an act against the sandbox raises (runs.hostile_error)
            if code not in v.violations:
                v.violations.append(code)
        full_ok = bool(v.stages.get("full", {}).get("passed"))
        v.correct = full_ok and not v.violations and not timing_failed
        v.seconds = round(time.perf_counter() - t0, 4)
        return v

    def close(self, fast: bool = False) -> None:
        """Stop the workers (fast: kill them now rather than ask, e.g. on Ctrl-C or SIGTERM)."""
        self.runs.close(fast)

    def __enter__(self):
        return self

    def __exit__(self, exc_type, *_):
        self.close(fast=exc_type is not None and issubclass(exc_type, (KeyboardInterrupt, SystemExit)))

    # ------------------------------------------------------------------ helpers
    def _gpu_access(self, stage: str):
        """Timing has the GPU alone; the other stages share it with this GPU's other lanes."""
        if self.gpu_lock is None or stage == "static":
            return nullcontext()
        return self.gpu_lock.exclusive() if stage == "timing" else self.gpu_lock.shared()

    @property
    def _stages(self) -> dict:
        return {"static": self._stage_static, "compile": self._stage_compile, "tiny": self._stage_tiny,
                "full": self._stage_full, "timing": self.timing.run}

    # ------------------------------------------------------------------ stages
    def _stage_static(self, ctx: VerifyContext) -> dict:
        found = check_source(ctx.code, ctx.task.reference_src)
        if found:
            for x in found:
                if x.code not in ctx.verdict.violations:
                    ctx.verdict.violations.append(x.code)
            first = found[0]
            raise StageFailed(f"static check {first.code}: {first.message}" + (f" (line {first.line})" if first.line else ""))
        return {}

    def _probe_variant(self, ctx: VerifyContext) -> variants.Variant:
        tiny = variants.tiny_overrides(ctx.task.reference_src, ctx.base) if self.ext.staged else None
        if tiny is None:
            return variants.Variant("original", ctx.base, ctx.seeds[0])
        return variants.Variant("tiny", tiny, ctx.seeds[3])

    def _stage_compile(self, ctx: VerifyContext) -> dict:
        """The kernels compile for the target. A probe run (tiny sizes when possible) records each launch;
        on the CPU each recorded launch is compiled with triton.compile for a real GPU target; on a GPU the
        probe's own launches were compiled for the device."""
        self.runs.load_candidate(ctx, "compile")
        var = self._probe_variant(ctx)
        try:
            cand, ref = self._probe(ctx, var)
        except SandboxError as e:  # a crash at shrunken sizes only (no masks: out-of-bounds under the interpreter)
            if var.name != "tiny" or e.kind != "crash":
                raise
            cand, ref = {"ok": True, "run_error": f"crash at shrunken sizes ({e.detail})"}, {}
        if var.name == "tiny" and cand.get("ok") and cand.get("run_error") and not cand.get("violations"):
            # some kernels need the task's own sizes (a power-of-two head dim, 16-byte aligned rows for TMA,
            # no masks where those sizes need none): probe at them; the tiny stage defers to the full stage
            ctx.tiny_error = one_line(cand["run_error"], 160)
            self.runs.fresh_candidate(ctx, cand)
            var = variants.Variant("original", ctx.base, ctx.seeds[0])
            cand, ref = self._probe(ctx, var)
        ctx.probe = (var.name, cand, ref)
        if not cand.get("ok"):
            raise StageFailed(f"candidate failed: {one_line(cand.get('error', ''), 250)}")
        if cand.get("violations"):
            ctx.verdict.violations.extend(c for c in cand["violations"] if c not in ctx.verdict.violations)
            ops = ", ".join(sorted(cand.get("compute_ops", {})))[:120]
            raise StageFailed(f"runtime check failed: {', '.join(cand['violations'])}"
                              + (f" (aten: {ops})" if ops else ""))
        err, etype = cand.get("run_error"), cand.get("error_type", "")
        launched = cand.get("launches_before_error", 0) if err else sum((cand.get("launches") or {}).values())
        if err and ("Compilation" in etype or not launched):
            raise StageFailed(one_line(f"compile error: {err}" if "Compilation" in etype
                                        else f"no kernel launched before error: {err}", 300))
        detail: dict[str, Any] = {"probe": var.name}
        if self.runs.compiler is not None:
            reply = self._compile_specs(ctx, cand.get("specs") or [], "compile")
            detail.update(compiled=reply.get("compiled", 0), notes=reply.get("notes", []))
        return detail

    def _compile_specs(self, ctx: VerifyContext, specs: list[dict], stage: str, where: str = "") -> dict:
        """CPU: compile recorded launches (each distinct one once) for the GPU target in the compile worker."""
        keyed = {json.dumps(s, sort_keys=True, default=str): s for s in specs}
        todo = [s for k, s in keyed.items() if k not in ctx.compiled]
        if not todo and stage != "compile":
            return {"compiled": 0}
        self.runs.load(self.runs.compiler, ctx.cand_key, ctx.code, stage, ["ModelNew"])
        reply, _ = self.runs.call(self.runs.compiler, "compile", {"key": ctx.cand_key, "specs": todo,
                                                         "arch": self.cfg.compile_target_arch}, stage)
        if not reply.get("ok"):
            raise StageFailed(f"compile check failed{where}: {one_line(reply.get('error', ''), 250)}")
        if reply.get("error"):
            raise StageFailed(reply["error"] + where)
        ctx.compiled.update(keyed)
        return reply

    def _probe(self, ctx: VerifyContext, var: variants.Variant) -> tuple[dict, dict]:
        ref, _ = self.runs.run_reference(ctx, var, "compile")
        if var.name == "original" and not ref.get("ok"):
            raise ReferenceFailed(f"reference failed: {one_line(ref.get('error', ''), 250)}")
        cand = self.runs.run_candidate(ctx, var, "compile", ref, record_specs=self.device == "cpu")
        return cand, ref

    def _stage_tiny(self, ctx: VerifyContext) -> dict:
        """Shrunken, odd sizes: an early exit for kernels that are wrong anywhere. A kernel that fails only
        there (no masks where the task's sizes need none, a size assertion) is judged by the full stage:
        the task's own sizes decide, as in KernelBench. Final: a runtime violation, and (interpreter) a wrong
        answer from a run whose loads stayed inside its tensors (runs.wrong_in_bounds), or wrong in elements
        that no load outside them reaches (runs.wrong_beside_strays)."""
        var = self._probe_variant(ctx)
        if var.name != "tiny":
            return {"skipped": "no input-only size constant to shrink"}
        if ctx.tiny_error:
            return {"overrides": var.overrides, "skipped": f"does not run at shrunken sizes: {ctx.tiny_error}"}
        cand = None
        if ctx.probe is not None and ctx.probe[0] == "tiny":
            cand = ctx.probe[1]
        rec = self.runs.check_variant(ctx, var, "tiny", cand)
        if not rec["passed"]:
            if ctx.verdict.violations or wrong_in_bounds(self.device, rec, ctx.last_run) \
                    or self.runs.wrong_beside_strays(ctx, var, rec):
                self.runs.fail_variant(rec, "tiny")
            self.runs.fresh_candidate(ctx, ctx.last_run)
            original = self.runs.check_variant(ctx, variants.Variant("original", ctx.base, ctx.seeds[0]), "tiny")
            if not original["passed"]:
                self.runs.fail_variant(rec, "tiny")
            return {"overrides": var.overrides,
                    "skipped": f"wrong at shrunken sizes ({one_line(rec.get('error', ''), 160)}); right at the "
                               "task's sizes, so the full stage decides"}
        return {"overrides": var.overrides, **({"skipped": rec["skipped"]} if rec.get("skipped") else {})}

    def _stage_full(self, ctx: VerifyContext) -> dict:
        seeds = [ctx.seeds[0], ctx.seeds[1], ctx.seeds[2]]
        var_list = variants.multi_input_variants(ctx.task.reference_src, ctx.base, seeds, self.device,
                                                 self.ext.multi_input, self.cfg.larger_shapes,
                                                 self.cfg.larger_shapes_factor, candidate_tiles.row_tile(ctx.code),
                                                 *candidate_tiles.grid_caps(ctx.code))
        try:
            self._full_variants(ctx, var_list)
        except SandboxError as e:
            if e.kind != "crash" or ctx.full_retried:
                raise
            # the earlier stages ran shrunken sizes in this worker: a kernel without masks may have written
            # out of bounds there (under the interpreter, into the worker's heap) and crashed it only now
            ctx.full_retried = True
            ctx.verdict.variants.clear()
            self.runs.fresh_candidate(ctx)
            self._full_variants(ctx, var_list)
        if self.cfg.judge.enabled:
            res = self.judge.judge(ctx.task, ctx.code)
            if not res.ok:
                ctx.verdict.violations.append("judge")
                raise StageFailed(f"judge: {one_line(res.reason, 250)}")
        return {"variants": len(var_list)}

    def _full_variants(self, ctx: VerifyContext, var_list: list[variants.Variant]) -> None:
        ctx.full_specs.clear()
        split: set[str] = set()  # the inline sizes told apart in an earlier variant
        larger = [i for i, v in enumerate(var_list) if v.name in variants.LARGER_VARIANTS]
        var_list, i = list(var_list), -1
        while (i := i + 1) < len(var_list):
            if larger and i == larger[-1] + 1:  # after the larger variants: past what the launches did there too
                var_list = launch_extents.with_past_tile(var_list, i, ctx.task.reference_src, ctx.base,
                                                         ctx.seeds[2], ctx.code, ctx.launch_runs)
            var = var_list[i]
            if var.name in variants.LARGER_VARIANTS:
                var = self._split_equal_sizes(ctx, self._sizes_the_reference_takes(ctx, var), split)
            if var.scale < 0:
                var = self._signs_the_reference_takes(ctx, var)
            var = self._values_the_reference_takes(ctx, var)
            rec = self.runs.check_variant(ctx, var, "full")
            pow2 = self._pow2_retry(ctx, var, rec)
            if pow2 is not None:  # raised at the drawn sizes: judged at powers of two instead
                ctx.verdict.variants.append({**rec, "passed": True, "skipped": f"declined: {rec['error']}"[:200]})
                var, rec = pow2, self.runs.check_variant(ctx, pow2, "full")
            ctx.verdict.variants.append(rec)
            if not rec["passed"]:
                self.runs.fail_variant(rec, "full")
            retry = self._declined_retry(ctx, var, rec)
            if retry is not None:
                rec = self.runs.check_variant(ctx, retry, "full")
                ctx.verdict.variants.append(rec)
                if not rec["passed"]:
                    self.runs.fail_variant(rec, "full")
        if self.runs.compiler is not None:  # launches the probe never made (other sizes, dtypes, kernels) compile too
            self._compile_specs(ctx, ctx.full_specs, "full", " (a launch of the full stage)")

    def _sizes_the_reference_takes(self, ctx: VerifyContext, var: variants.Variant) -> variants.Variant:
        """`var`, or where the reference itself refuses its sizes (raises: a channel count that must divide
        into groups, a shape another size must match), the same sizes grown to whole multiples of the task's,
        then each size alone: the first the reference runs. A size the reference never takes stays; with
        none left, `var` (check_variant records it as skipped, with the reference's error)."""
        ref, _ = self.runs.run_reference(ctx, var, "full")
        if ref.get("ok") and not ref.get("skipped"):
            return var
        grown = {k: v for k, v in var.overrides.items() if ctx.base.get(k) != v}
        tries = [variants.multiple_plan(grown, ctx.base, ctx.task.reference_src)] + [{k: v} for k, v in grown.items()]
        if len(grown) < 2:
            tries = tries[:1]
        for sizes in tries:
            alt = variants.Variant(var.name, {**ctx.base, **sizes}, var.seed, resample=var.resample,
                                   keep_state=var.keep_state)
            ref, _ = self.runs.run_reference(ctx, alt, "full")
            if ref.get("ok") and not ref.get("skipped"):
                return alt
        return var

    def _split_equal_sizes(self, ctx: VerifyContext, var: variants.Variant, done: set[str]) -> variants.Variant:
        """`var` with equal inline sizes told apart where the reference runs so (variants.equal_size_splits:
        every free dimension its own size, not only the task's coincidences), one key after the other; `done`:
        the keys an earlier variant tried (added to here)."""
        for key, tries in variants.equal_size_splits(ctx.task.reference_src, var.overrides, done):
            done.add(key)
            for split in tries:
                alt = dataclasses.replace(var, overrides={**var.overrides, **split})
                ref, _ = self.runs.run_reference(ctx, alt, "full")
                if ref.get("ok") and not ref.get("skipped"):
                    var = alt
                    break
        return var

    def _signs_the_reference_takes(self, ctx: VerifyContext, var: variants.Variant) -> variants.Variant:
        """`var` (inputs with flipped signs, variants.FLIPPED_SCALE), or where the reference raises or its
        output is not finite there (a log, a square root, a probability), the same with the signs kept."""
        ref, _ = self.runs.run_reference(ctx, var, "full")
        if ref.get("ok") and not ref.get("skipped") and not ref.get("nonfinite"):
            return var
        return dataclasses.replace(var, scale=-var.scale)

    def _values_the_reference_takes(self, ctx: VerifyContext, var: variants.Variant) -> variants.Variant:
        """`var`, or where it moves values no scale reaches (init tensors, forward values, constant inputs:
        sandbox/worker/value_moves.py) and the reference raises or its output is not finite there (a value
        with a domain, an int it needs as it is), the same with fewer moves (variants.without_value_moves):
        the first the reference takes, else the last."""
        fewer = variants.without_value_moves(var)
        if not fewer:
            return var
        for alt in [var] + fewer[:-1]:
            ref, _ = self.runs.run_reference(ctx, alt, "full")
            if ref.get("ok") and not ref.get("skipped") and not ref.get("nonfinite"):
                return alt
        return fewer[-1]

    def _pow2_retry(self, ctx: VerifyContext, var: variants.Variant, rec: dict) -> variants.Variant | None:
        """With strict shapes, a larger variant the candidate raised in (at sizes the reference accepts) is
        tried once more at powers of two (variants.pow2_retry), where the reference must run too; None where
        there is nothing to retry (then the raise fails the variant)."""
        if rec.get("passed") or not str(rec.get("error", "")).startswith(RAISED) or var.name.endswith("_pow2"):
            return None
        retry = variants.pow2_retry(var, ctx.base, ctx.task.reference_src)
        if retry is None:
            return None
        ref, _ = self.runs.run_reference(ctx, retry, "full")
        if not ref.get("ok") or ref.get("skipped"):
            return None
        self.runs.fresh_candidate(ctx, ctx.last_run)  # the raising run may have launched first
        return retry

    def _declined_retry(self, ctx: VerifyContext, var: variants.Variant, rec: dict) -> variants.Variant | None:
        """Without strict shapes (`verifier.strict_shapes=false`), a larger variant the candidate declined
        (raised) gets a second try at other sizes: a decline that is a specialisation raises there too; one
        aimed at the sizes the verifier picks runs, and is judged. With them a raise already failed."""
        if not str(rec.get("skipped", "")).startswith("declined") or var.name.endswith("_retry"):
            return None
        retry = variants.declined_retry(var, ctx.base, ctx.task.reference_src, ctx.seeds[4])
        if retry is not None:
            self.runs.fresh_candidate(ctx, ctx.last_run)  # the declined run may have launched before raising
        return retry

    # ------------------------------------------------------------------ worker hygiene
    def _after_verify(self, ctx: VerifyContext) -> None:
        """Detect runtime patching, forget the candidate, and restart workers that are not clean."""
        if not ctx.cand_sent:  # rejected before any worker saw the candidate: nothing to check or reset
            return
        for sb in (self.runs.candidate, self.runs.compiler):
            if sb is None:
                continue
            if not sb.alive:  # died (or was killed) in the run: what it started must not outlive it
                if _has_children(sb) and "child_process" not in ctx.verdict.violations:
                    ctx.verdict.violations.append("child_process")
                    ctx.verdict.error = ctx.verdict.error or "candidate left a process running"
                    sb.kill()
                continue
            try:
                reply, _ = sb.call("integrity", timeout=30.0)
                if sb is self.runs.candidate and reply.get("ok") and not reply.get("clean"):
                    changed = reply.get("changed") or []
                    code = "runtime_patch" if changed else "threads"
                    if code not in ctx.verdict.violations:
                        ctx.verdict.violations.append(code)
                    if ctx.verdict.error is None:
                        ctx.verdict.error = one_line(
                            f"worker not clean after the run: {', '.join(changed[:5]) or 'leftover threads'}")
                if _has_children(sb) and "child_process" not in ctx.verdict.violations:  # the compile worker
                    # imports the candidate too
                    ctx.verdict.violations.append("child_process")
                    ctx.verdict.error = ctx.verdict.error or "candidate left a child process running"
                if reply.get("stale"):  # torch settings (a default device...) the next candidate must not
                    sb.kill()  # inherit: no violation (honest code sets some), a fresh worker instead
                    continue
                sb.call("reset", timeout=30.0)
                sb.ensure_clean()
            except SandboxError:
                pass  # already killed; the next call starts a fresh worker
