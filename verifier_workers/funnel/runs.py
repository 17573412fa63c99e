"""The funnel's sandbox workers and its calls into them, and the judging of one variant.

`WorkerRuns` owns the three workers (reference, candidate, and on a CPU the compile worker), loads modules
into them under per-stage timeouts (a reference-worker failure is tagged as the reference's), runs the
trusted reference on a variant (its outputs kept in an LRU so the stages and the next verification reuse
them) and the candidate on the same variant, and judges the candidate's reply against the reference's
outputs: runtime violations, errors, then allclose (on the host, or in the reference worker on the device).
Every stage of verifier.py and timing_stage.py is built on these calls; the per-verification state
(`VerifyContext`) and the stage-failure exceptions live here too.
"""
from __future__ import annotations

import hashlib
import time
from dataclasses import asdict, dataclass, field
from typing import Any

import secrets
from collections import OrderedDict

from tritonrl.config import VerifierConfig
from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.funnel import float64_runs, launch_extents, variants
from tritonrl.verifier_workers.sandbox import compare
from tritonrl.verifier_workers.sandbox.supervisor import Sandbox, SandboxError
from tritonrl.verifier_workers.static.ref_precision import reference_precisions
from tritonrl.verifier_workers.verdict import Verdict


# variants beyond the task's own shapes and precision: a candidate may decline them by raising an exception
# (a larger variant declined is tried once more at other sizes, its `_retry`: verifier._full_variants)
PAST_TILE_VARIANTS = frozenset({variants.PAST_TILE, variants.PAST_TILE + "_retry"})  # a declined one is retried too
DECLINABLE_VARIANTS = frozenset({"other_precision"} | PAST_TILE_VARIANTS | set(variants.LARGER_VARIANTS)
                                | {n + s for n in variants.LARGER_VARIANTS for s in ("_retry", "_pow2")})
# of those, the ones that change sizes: with `verifier.strict_shapes` (the default) a raise there, at sizes the
# reference accepts, fails the variant (docs/verifier-allowlist.md, "Shapes")
# (a row past the widest tile the candidate names may be declined even so: a kernel for rows up to its tile that
# says so is not wrong; one that returns a truncated sum is)
SIZE_VARIANTS = DECLINABLE_VARIANTS - {"other_precision"} - PAST_TILE_VARIANTS
RAISED = "raised at sizes the reference accepts"  # the error line of a strict failure (and its prefix)


class StageFailed(Exception):
    """A stage cannot pass; `error` is the verdict's one-line reason."""


class ReferenceFailed(StageFailed):
    """The task's own reference does not run (raises, returns no tensors, hangs): the input is unusable."""


@dataclass
class VerifyContext:
    """What one verification knows so far: the candidate, its seeds and what the stages found."""

    task: Task
    code: str
    verdict: Verdict
    seeds: list[int]
    base: dict[str, int]
    cand_key: str
    cand_loaded: bool = False
    cand_sent: bool = False  # the candidate's code went to a worker (even if its import then failed)
    probe: tuple[str, dict, list] | None = None  # (variant signature, candidate result, outputs)
    tiny_error: str | None = None  # why the candidate cannot run at shrunken sizes (the probe fell back)
    full_retried: bool = False  # the full stage ran again on a fresh worker after a crash
    compiled: set = field(default_factory=set)  # launch specs compiled so far (CPU: by the compile worker)
    full_specs: list = field(default_factory=list)  # launch specs the full stage's runs recorded
    last_run: dict | None = None  # the candidate's reply from its latest run (what a retry must not inherit)
    launch_runs: list = field(default_factory=list)  # launch_extents.LaunchRun of each candidate run (probe too)
    detail: dict[str, Any] = field(default_factory=dict)


def one_line(s: str, n: int = 300) -> str:
    """A verdict's error text: whitespace folded, at most n characters."""
    return " ".join(str(s).split())[:n]


def fresh_seeds(cfg: VerifierConfig, n: int) -> list[int]:
    """New seeds per verification, or (seed_entropy off) the same reproducible ones every time."""
    if cfg.seed_entropy:
        return [secrets.randbits(31) for _ in range(n)]
    return [cfg.base_seed + i for i in range(n)]


def wrong_in_bounds(device: str, rec: dict, ran: dict | None) -> bool:
    """Whether a failed tiny-stage record is a wrong answer from a run whose every load stayed inside its
    tensors (the interpreter checks each address: `stray_reads`; a stray store is dropped there and lands
    nowhere, sandbox/worker/interpreter_bounds.py): not a kernel without masks, but one that drops or repeats
    data at sizes it was not shown (a loop over `n // BLOCK` whole blocks, a grid of `n // BLOCK` programs). On
    a GPU no address is checked, so False (the full stage decides). True also appends where it was found to the
    record's error. With stray reads, `WorkerRuns.wrong_beside_strays` judges the elements they do not reach."""
    if device != "cpu" or ran is None or not str(rec.get("error", "")).startswith("wrong output"):
        return False
    if ran.get("stray_reads") is None or ran.get("stray_reads"):
        return False  # a worker that did not check its loads, or a load that left the tensors
    rec["error"] = rec["error"] + " (at shrunken sizes, every load in bounds)"
    return True


def _grown(rec: dict) -> str:
    """The variant's sizes, for its error line."""
    return ", ".join(f"{k}={v}" for k, v in (rec.get("overrides") or {}).items())[:80]


class _SlotMissing(Exception):
    """The reference worker no longer holds the outputs a comparison needs."""


def hostile_error(reply: dict) -> str | None:
    """The violation code of an error that only an act against the sandbox raises, else None. Such acts earn
    the cheat penalty, not the partial credit of the stages before: honest kernel code touches no files,
    signals or exits, so it cannot meet these."""
    etype = reply.get("error_type")
    if etype == "PermissionError":  # Landlock refused a write, a signal or a connection
        return "sandbox_denied"
    if etype == "OSError" and "[Errno 27]" in str(reply.get("run_error") or reply.get("error")):
        return "sandbox_denied"  # the output cap (RLIMIT_FSIZE): flooding stdout or a file
    if etype in ("SystemExit", "KeyboardInterrupt"):  # asked its own worker to stop
        return "worker_died"
    return None


class RoleError(Exception):
    """A worker call failed, tagged with the worker's role (a failing reference is unusable input)."""

    def __init__(self, err: SandboxError, role: str):
        super().__init__(str(err))
        self.err, self.role = err, role


class WorkerRuns:
    """The reference, candidate and (CPU) compile workers of one Verifier lane, and the runs on them."""

    def __init__(self, cfg: VerifierConfig, device: str, gpu: int | None = None):
        self.cfg, self.device = cfg, device
        interpret = device == "cpu"
        sb = cfg.sandbox
        self.reference = Sandbox("reference", device, sb, interpret=interpret, gpu=gpu)
        self.candidate = Sandbox("candidate", device, sb, interpret=interpret, gpu=gpu)
        self.compiler = Sandbox("compile", "cpu", sb, interpret=False) if device == "cpu" else None
        self.device_compare = device == "cuda" and cfg.device_compare
        self.deadline: float | None = None  # monotonic; set per verification by the funnel
        self._ref_cache: OrderedDict[tuple, tuple[dict, list | str]] = OrderedDict()
        # an interpreter run stored outside its tensors (into the worker's heap), even one whose outputs
        # passed: the next run, in this verification or the next, gets a fresh worker
        self.candidate_damaged = False
        self.hostile: list[str] = []  # violation codes of hostile_error replies (the verifier reads the new ones)
        self.call_seconds: dict[str, list] = {}  # "<role>.<op>" -> [calls, seconds]; the verifier resets it per stage

    def close(self, fast: bool = False) -> None:
        """Stop the workers (fast: kill them now rather than ask, e.g. on Ctrl-C or SIGTERM)."""
        for sb in (self.reference, self.candidate, self.compiler):
            if sb is not None:
                sb.kill() if fast else sb.close()

    # ------------------------------------------------------------------ worker calls
    def timeout(self, stage: str) -> float:
        limit = float(self.cfg.sandbox.stage_timeout_s.get(stage, 300.0))
        if self.deadline is not None and stage not in ("timing", "cleanup"):
            limit = min(limit, max(1.0, self.deadline - time.monotonic()))
        return limit

    def call(self, sb: Sandbox, op: str, args: dict, stage: str) -> tuple[dict, dict]:
        t0 = time.perf_counter()
        try:
            reply, tensors = sb.call(op, args, timeout=self.timeout(stage))
        except SandboxError as e:
            if sb is self.reference:
                raise RoleError(e, "reference") from None
            if sb is self.compiler:  # triton.compile itself died (an LLVM assertion): not the candidate's act
                raise RoleError(e, "compiler") from None
            raise
        finally:  # where a stage's time goes, per worker and operation (the rollout tables show it)
            spent = self.call_seconds.setdefault(f"{sb.role}.{op}", [0, 0.0])
            spent[0] += 1
            spent[1] += time.perf_counter() - t0
        hostile = hostile_error(reply)
        if hostile and sb is not self.reference:
            self.hostile.append(hostile)
        return reply, tensors

    @staticmethod
    def ref_key(ctx: VerifyContext, overrides: dict[str, int]) -> tuple[str, str]:
        src = variants.apply_overrides(ctx.task.reference_src, overrides)
        return "r" + hashlib.sha256(src.encode()).hexdigest()[:16], src

    def load(self, sb: Sandbox, key: str, src: str, stage: str, require: list[str]) -> None:
        reply, _ = self.call(sb, "load", {"key": key, "src": src, "require": require}, stage)
        if not reply.get("ok"):
            if sb is self.reference:  # the task's own file does not import: unusable input, not a rejection
                raise ReferenceFailed(f"reference import failed: {one_line(reply.get('error', ''), 250)}")
            raise StageFailed(f"candidate import failed: {one_line(reply.get('error', ''), 250)}")

    def load_candidate(self, ctx: VerifyContext, stage: str) -> None:
        if not ctx.cand_loaded:
            ctx.cand_sent = True
            self.load(self.candidate, ctx.cand_key, ctx.code, "load", ["ModelNew"])
            ctx.cand_loaded = True

    # ------------------------------------------------------------------ running one variant
    def run_reference(self, ctx: VerifyContext, var: variants.Variant, stage: str,
                      call_shares: list | None = None) -> tuple[dict, list | str]:
        """The reference's reply and its outputs: tensors, or (device compare) the slot that holds them.
        `call_shares`: the later calls' shares to take (the float64 run follows the fp32 one's)."""
        key, src = self.ref_key(ctx, var.overrides)
        ck = (key, ctx.seeds[7], tuple(call_shares or ())) + var.values_key()
        if ck in self._ref_cache:
            self._ref_cache.move_to_end(ck)
            return self._ref_cache[ck]
        self.load(self.reference, key, src, stage, ["Model", "get_inputs", "get_init_inputs"])
        slot = "|".join(map(str, ck)) if self.device_compare else None
        reply, tensors = self.call(self.reference, "run", {
            "module": key, "ref": key, "cls": "Model", "init_seed": ctx.seeds[7], "device": self.device,
            "check": False, **var.run_args(), "jitter": var.jitter, "jitter_draw": var.jitter_draw,
            "tf32_operands": var.tf32_operands, "call_shares": call_shares,
            "on_device": self.device_compare, "keep": slot}, stage)
        ran = reply.get("ok") and not reply.get("skipped")
        # the outputs of each call, on its own inputs (the candidate's calls are compared with them one by one)
        n = reply.get("n_out", 0) * (reply.get("n_calls") or 1)
        outs = (slot if slot else compare.unpack(tensors, n)) if ran else []
        self._ref_cache[ck] = (reply, outs)
        while len(self._ref_cache) > 32:
            self._ref_cache.popitem(last=False)
        return reply, outs

    def run_candidate(self, ctx: VerifyContext, var: variants.Variant, stage: str, ref: dict,
                       record_specs: bool = False, stray_fill: float | None = None) -> dict:
        """ref: the reference's reply on this variant (whether it mutates its inputs, its constructor's ops).
        stray_fill: what a CPU interpreter's load outside the tensors reads; by default 0 in the compile probe
        and the tiny stage (a kernel without masks, written for the task's sizes, is forgiven there) and
        garbage in the full stage, as on a GPU, which reads whatever memory follows the tensor (round 8,
        R8B_01: a sum over an unmasked last block is right only where stray lanes read 0). A store outside the
        tensors is dropped there, and refused (`stray_store`) in every run but one at shrunken sizes: a GPU
        writes other memory (round 9, R9B_01, R9B_14)."""
        if stray_fill is None:
            stray_fill = 0.0 if stage in ("compile", "tiny") else 257.0 + (ctx.seeds[5] % 1021)
        if self.candidate_damaged:
            self.fresh_candidate(ctx)
        self.load_candidate(ctx, stage)
        key, src = self.ref_key(ctx, var.overrides)
        self.load(self.candidate, key, src, stage, ["get_inputs", "get_init_inputs"])
        reply, tensors = self.call(self.candidate, "run", {
            "module": ctx.cand_key, "ref": key, "cls": "ModelNew", "init_seed": ctx.seeds[7],
            "device": self.device, **var.run_args(), "keep_state": var.keep_state,
            "unwatched_kernels": self.cfg.unwatched_kernels,
            # the reference's choices, followed: the later calls' inputs, its perturbed constant parameters and
            # its weight updates between calls; and the buffers its first call changed, which the candidate's must match
            "call_shares": ref.get("call_shares"), "ref_params": ref.get("ref_params"),
            "weight_updates": ref.get("weight_updates"), "ref_buffer_updates": ref.get("ref_buffer_updates"),
            "check": True, "check_inputs": not ref.get("mutates_inputs"), "ref_init_ops": ref.get("init_ops"),
            "ref_forward_ops": ref.get("forward_ops"),
            "ref_init_total": ref.get("init_total"),
            # the task's reduced precisions: its tensors' dtypes (the reference's run) or a dtype its source names
            "ref_low_precision": bool(ref.get("low_precision") or reference_precisions(src)),
            "record_specs": record_specs, "capture_errors": True,
            # every autotune config is run and compared at shrunken and at the task's own sizes (interpreter),
            # and in the other variants those not compared yet (selectable only at other sizes: R8C_09)
            "check_configs": True if var.name in ("tiny", "original") else "new", "stray_fill": stray_fill,
            # a store outside the tensors is `stray_store` at every size but the shrunken ones (interpreter_bounds.py)
            "strict_stores": stage == "full" or var.name != "tiny",
            "on_device": self.device_compare, "export": self.device_compare}, stage)
        self.candidate_damaged = self.device != "cuda" and bool(reply.get("stray_writes"))
        exported = self.device_compare or not reply.get("ok")  # exported: handles, not tensors, came back
        reply["outs"] = [] if exported else compare.unpack(tensors, reply.get("n_out", 0) * (reply.get("n_calls") or 1))
        return reply

    def check_variant(self, ctx: VerifyContext, var: variants.Variant, stage: str, cand: dict | None = None) -> dict:
        """Run the reference and the candidate on one variant; returns the variant record (passed...)."""
        rec: dict[str, Any] = {"name": var.name, "passed": False, "overrides": var.overrides, "dtype": var.dtype,
                               "scale": var.scale}
        if var.skip:
            return {**rec, "passed": True, "skipped": var.skip}
        ref, ref_outs = self.run_reference(ctx, var, stage)
        if not ref.get("ok") or ref.get("skipped"):
            if var.name in ("original", "tiny"):
                if var.name == "tiny":  # the reference itself cannot run tiny sizes: skip the stage
                    return {**rec, "passed": True, "skipped": one_line(ref.get("error") or ref.get("skipped"))}
                raise ReferenceFailed(f"reference failed: {one_line(ref.get('error', ''), 250)}")
            return {**rec, "passed": True, "skipped": one_line(ref.get("error") or ref.get("skipped"), 200)}
        if var.mix and ref.get("nonfinite"):  # the reference is undefined on these values: nothing to judge
            return {**rec, "passed": True, "skipped": "the reference's output is not finite on these values"}
        record = cand is None and stage == "full" and self.compiler is not None  # compiled after the stage (CPU)
        record = record and var.name != variants.PAST_TILE  # (its block may take minutes to compile on a CPU)
        if cand is None:
            cand = self.run_candidate(ctx, var, stage, ref, record_specs=record)
        ctx.last_run = cand
        if cand.get("ok") and cand.get("extents"):  # its launches' grids and tiles (launch_extents.py)
            ctx.launch_runs.append(launch_extents.LaunchRun.of(var.overrides, cand["extents"]))
        ref64 = float64_runs.float64_reference(self, ctx, var, stage, ref, cand) if cand.get("ok") else None
        base = rec
        for _ in range(2):  # again with the task's conditioning where the first judgement refused for precision
            try:
                rec = self._judge_run(ctx, dict(base), cand, ref_outs, stage, ref.get("n_out"), ref64)
            except _SlotMissing:  # the reference worker was replaced or evicted the slot: run it again
                self._ref_cache.pop(next((k for k, v in self._ref_cache.items() if v[1] == ref_outs), None), None)
                ref, ref_outs = self.run_reference(ctx, var, stage)
                rec = self._judge_run(ctx, dict(base), cand, ref_outs, stage, ref.get("n_out"), ref64)
            if not rec.pop("unconditioned", False):
                break
            ref64 = float64_runs.conditioned(self, ctx, var, stage, ref, ref64)
        if record and rec.get("passed") and not rec.get("skipped"):  # a declined or failed variant's launches
            ctx.full_specs.extend(cand.get("specs") or [])  # need not compile (one retried at powers of two)
        return rec

    def _judge_run(self, ctx: VerifyContext, rec: dict, cand: dict, ref_outs: list | str, stage: str,
                   ref_n_out: int | None = None, ref64: float64_runs.Float64Run | None = None) -> dict:
        v = ctx.verdict
        if not cand.get("ok"):
            rec["error"] = one_line(f"{cand.get('error', 'error')}", 250)
            return rec
        for code in cand.get("violations", []):
            if code not in v.violations:
                v.violations.append(code)
        if cand.get("device_kernels_unchecked") and "device_kernels_unchecked" not in v.flags:
            v.flags.append("device_kernels_unchecked")  # a GPU run without the profiler's second opinion
        if cand.get("violations"):
            ops = ", ".join(sorted(cand.get("compute_ops", {})))[:120]
            rec["error"] = f"runtime check failed: {', '.join(cand['violations'])}" + (f" (ops: {ops})" if ops else "")
            return rec
        if cand.get("run_error") and cand.get("error_type") == "AutotuneConfigMismatch":  # wrong, not a decline
            rec["error"] = one_line(f"runtime error: {cand['run_error']}", 250)
            return rec
        if cand.get("run_error"):
            if rec["name"] in SIZE_VARIANTS and self.cfg.strict_shapes:
                rec["error"] = one_line(f"{RAISED} ({_grown(rec)}): "
                                        f"{cand['run_error']}", 250)
                return rec
            if rec["name"] in DECLINABLE_VARIANTS:
                # a kernel written for the task's fixed shapes and precision (Inductor's assert_size_stride, a
                # dtype check, libdevice's fp32-only functions, a block sized for the task) is not wrong there;
                # values x2 and new seeds still test it. A wrong answer or a crash here still fails.
                return {**rec, "passed": True, "skipped": one_line(f"declined: {cand['run_error']}", 200)}
            rec["error"] = one_line(f"runtime error: {cand['run_error']}", 250)
            return rec
        if cand.get("skipped"):
            return {**rec, "passed": True, "skipped": cand["skipped"]}
        if cand.get("calls_differ"):
            rec["error"] = "the forward's calls returned different kinds or numbers of outputs"
            return rec
        if ref_n_out is not None and cand.get("n_out") != ref_n_out:  # else calls would be compared misaligned
            rec["error"] = f"the forward returns {cand.get('n_out')} outputs; the reference returns {ref_n_out}"
            return rec
        res = self.compare_outputs(ref_outs, cand, stage, wider_ok=rec.get("dtype") is not None, ref64=ref64)
        rec.update({k: res[k] for k in ("max_abs_err", "max_rel_err", "atol", "rtol")})
        rec["launches"] = cand.get("launches")
        if not res["passed"]:
            rec["error"] = f"wrong output: {res['error']}"
            if res.get("violation") and res["violation"] not in ctx.verdict.violations:  # a stale replay
                ctx.verdict.violations.append(res["violation"])
            return rec
        prec = res.get("precision") or {}
        rec.update({"precision": prec["measures"]} if prec.get("measures") else {})
        if prec.get("error") and ref64 is not None and ref64.cond_outs is None and not ref64.faithful:
            return {**rec, "unconditioned": True}  # (check_variant measures the conditioning, then judges again)
        if prec.get("error") and self.cfg.precision_check == "measure":
            rec["precision_error"] = one_line(prec["error"])  # recorded, not refused
        elif prec.get("error"):
            rec["error"] = one_line(prec["error"])
            if "precision_downgrade" not in ctx.verdict.violations:
                ctx.verdict.violations.append("precision_downgrade")
            return rec
        rec["passed"] = True
        return rec

    def compare_outputs(self, ref_outs: list | str, cand: dict, stage: str, wider_ok: bool = False,
                        ref64: float64_runs.Float64Run | None = None) -> dict:
        """allclose of candidate vs reference outputs: here on host tensors, or in the reference worker on the
        device (ref_outs is then the slot holding the reference's outputs; see sandbox/worker/device_compare.py).
        With `ref64` (float64_reference's), a pass also carries `precision` (precision.check's result)."""
        calls = int(cand.get("n_calls") or 1)  # the outputs of each forward call, the reference's and the candidate's
        if not isinstance(ref_outs, str):
            exact = ref64.outs if ref64 is not None and not isinstance(ref64.outs, str) else None
            res = compare.compare_calls(ref_outs, cand["outs"], calls, self.cfg.tolerances, wider_ok, exact)
            if res["passed"] and ref64 is not None and not isinstance(ref64.outs, str):
                res["precision"] = ref64.check(ref_outs, cand["outs"])
            return res
        prec_args = ref64.device_args() if ref64 is not None and isinstance(ref64.outs, str) else None
        failed = {"passed": False, "max_abs_err": None, "max_rel_err": None, "atol": None, "rtol": None}
        try:  # the handles come from the candidate: a reference-worker failure here is the candidate's
            reply, _ = self.reference.call("compare", {"slot": ref_outs, "handles": cand.get("handles"),
                                                       "wider_ok": wider_ok, "calls": calls,
                                                       "precision": prec_args,
                                                       "tolerances": asdict(self.cfg.tolerances)},
                                           timeout=self.timeout(stage))
        except SandboxError as e:
            return {**failed, "error": f"its output handles broke the comparison ({e.kind})"}
        if reply.get("missing"):
            raise _SlotMissing
        if reply.get("error_type") == "OutOfMemoryError":  # the reference worker's memory: ours, not the candidate's
            raise ReferenceFailed(f"reference worker out of GPU memory comparing outputs: "
                                  f"{one_line(reply.get('error', ''), 300)}")
        if not reply.get("ok"):
            return {**failed, "error": f"unusable outputs: {one_line(reply.get('error', ''), 200)}"}
        return reply["result"]

    @staticmethod
    def fail_variant(rec: dict, stage: str) -> None:
        where = "" if rec["name"] in ("original", "tiny") else f" (variant {rec['name']})"
        raise StageFailed(f"{rec.get('error', 'failed')}{where}")

    def wrong_beside_strays(self, ctx: VerifyContext, var: variants.Variant, rec: dict) -> bool:
        """A failed tiny-stage record whose run read outside its tensors (CPU): run it again with those reads
        filled with another value (they read 0 the first time). If no output element moves, the stray reads
        reach no output (read and discarded, R6C_03): they excuse nothing, and the wrong answer is wrong in
        bounds (True, noted in the record's error). If some element moves, a missing mask is the likelier
        cause: forgiven as before, the full stage decides (gap: the elements they do not reach are not judged
        apart, since an honest kernel without masks also reads the next row's data there)."""
        first = ctx.last_run
        if self.device != "cpu" or not first or not first.get("stray_reads") or not first.get("outs") \
                or not str(rec.get("error", "")).startswith("wrong output"):
            return False
        ref, _ = self.run_reference(ctx, var, "tiny")
        fill = 257.0 + (ctx.seeds[3] % 1021)  # per verification: a kernel cannot tell it from data
        again = self.run_candidate(ctx, var, "tiny", ref, stray_fill=fill)
        ctx.last_run = first
        if not again.get("ok") or again.get("run_error") or again.get("violations") \
                or len(again.get("outs") or []) != len(first["outs"]):
            return False  # it does not run the same way twice: the full stage decides, as before
        if compare.reads_reach(first["outs"], again["outs"]):
            return False
        rec["error"] = rec["error"] + " (at shrunken sizes; its reads outside the tensors reach no output)"
        return True

    def fresh_candidate(self, ctx: VerifyContext, ran: dict | None = None) -> None:
        """A clean candidate worker for a retry after a failed run (`ran`: its reply; None: always restart).

        A restart costs the verification 2-6 s (interpreter start, torch and Triton imports, a CUDA
        context), so it is paid only where the failed run may have left damage behind. Under the CPU
        interpreter that is a store outside the launch's tensor arguments (it lands in the worker's own
        heap); the worker checks every store's addresses (sandbox/worker/launches.py). On a GPU it is a
        launch that raised (possibly a sticky CUDA error): a compile error ran nothing, and a kernel that only
        computed wrong values cannot reach the host heap; every run makes fresh inputs.
        """
        if ran is not None and not self.damage_possible(ran):
            return
        self.candidate.restart()
        self.candidate_damaged = False
        ctx.cand_loaded = False

    def damage_possible(self, ran: dict) -> bool:
        """Whether a failed candidate run may have left its worker unfit for the next run (see fresh_candidate)."""
        if not ran.get("ok"):
            return True
        if self.device != "cuda":
            return bool(ran.get("stray_writes", 1))
        return bool(ran.get("run_error") and (ran.get("launches_before_error", 0) or ran.get("calls_before_error")))
