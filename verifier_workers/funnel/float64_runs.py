"""The float64 run of the reference that the measured-precision check (sandbox/precision.py) judges against.

Contract: `float64_reference(runs, ctx, var, stage, ref)` returns `Float64Run` (the float64 outputs or the
device slot holding them, outputs per call, the epsilon, and how many forward calls to judge) for a
full-stage variant of an fp32 task, or None where nothing is judged (precision_check off, another stage, a
variant in another precision, a task in reduced precision, a reference that does not run in float64).

Every full-stage variant in fp32 is judged, every forward call of it (round 7: judging only the first call
of three variants at the task's sizes let a kernel lose precision from its second call on, R7B_03, or at any
size but the task's, R7B_01). The float64 run makes the same calls as the fp32 reference: its later calls
take the shares of the inputs the fp32 reference changed (`call_shares`), so each call's inputs are the
same values in float64. Cost: one reference run in float64 per variant (the reference's worker, torch ops,
no interpreter), cached with the rest of the reference's outputs.

A TF32 `tl.dot` in a matrix-product task (on the CPU, where the interpreter's dot is known) is measured against
a second float64 run whose GEMM operands are read as TF32 reads them (Variant.tf32_operands), with fp32's eps:
TF32's 2^-10 on the whole output let any other loss of that size through (round 10).

`conditioned(...)` adds a second float64 run on inputs jittered by an fp32 ulp (precision.JITTER), made only
for a variant that the first judgement refused for precision: its spread from the first is the task's
conditioning, an allowance an honest reduction whose terms cancel needs (precision.K_COND).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tritonrl.verifier_workers.sandbox import precision
from tritonrl.verifier_workers.static.ref_precision import reference_precisions

if TYPE_CHECKING:
    from tritonrl.verifier_workers.funnel import variants
    from tritonrl.verifier_workers.funnel.runs import VerifyContext, WorkerRuns


@dataclass
class Float64Run:
    outs: list | str  # the float64 outputs of every call, one call after the other, or the slot holding them
    n_out: int  # outputs per call
    eps: float  # the epsilon of the floor (fp32's, or TF32's for a tl.dot candidate in a matrix-product task)
    calls: int  # forward calls judged (those whose inputs the float64 run reproduced)
    faithful: bool = False  # the reference computes in float64: its fp32 outputs are rounded float64 values
    # per draw, the float64 outputs on jittered inputs (or their slot); [] where a draw failed, None: not run yet
    cond_outs: list | None = None
    tf32_outs: list | None = None  # the TF32-world run's outputs (`tf32_world`), which err is measured against

    def check(self, ref32: list, cand: list) -> dict:
        """precision.check of host tensors: the fp32 reference's outputs and the candidate's against these."""
        return precision.check(ref32, self.outs, cand, self.n_out, self.eps, self.calls, self.faithful,
                               self.cond_outs or None, self.tf32_outs)

    def device_args(self) -> dict:
        """The same, judged in the reference worker (sandbox/worker/device_compare.py) from the slots."""
        return {"slot": self.outs, "n_out": self.n_out, "eps": self.eps, "calls": self.calls,
                "faithful": self.faithful, "cond_slots": self.cond_outs or None}


def judged(var: variants.Variant, stage: str, mode: str) -> bool:
    """Whether a variant's outputs are measured: every full-stage variant in the task's fp32 (other
    precision is judged at its own tolerance)."""
    return mode != "off" and stage == "full" and var.dtype is None


def float64_reference(runs: WorkerRuns, ctx: VerifyContext, var: variants.Variant, stage: str, ref: dict,
                      cand: dict | None = None) -> Float64Run | None:
    """The reference on `var`'s inputs and weights cast to float64, every forward call (see the module doc).
    `cand`: the candidate's run on `var` (under the interpreter, whether it did a TF32 tl.dot)."""
    if not judged(var, stage, runs.cfg.precision_check) or ref.get("nonfinite"):
        return None
    if ref.get("low_precision") or reference_precisions(runs.ref_key(ctx, var.overrides)[1]):
        return None
    shares = list(ref.get("call_shares") or [])
    # the grad mode changes no value of the reference's: every call under no_grad
    var64 = dataclasses.replace(var, dtype="float64", grad_modes=["no_grad"] * len(var.grad_modes))
    from tritonrl.verifier_workers.funnel.runs import RoleError  # (runs imports this module)
    try:
        reply, outs = runs.run_reference(ctx, var64, stage, call_shares=shares)
    except RoleError:  # the reference's float64 run died (memory, time): the task's fp32 check stands
        return None
    if (not reply.get("ok") or reply.get("skipped") or reply.get("nonfinite")
            or reply.get("n_out") != ref.get("n_out")):
        return None
    # a later call whose share the float64 run had to change (it fell back to a fresh draw) saw other inputs
    same = 1
    for a, b in zip(shares, reply.get("call_shares") or []):
        if a != b:
            break
        same += 1
    calls = min(same, int(reply.get("n_calls") or 1), int(ref.get("n_calls") or 1))
    ops = ref.get("forward_ops") or ()
    tf32 = "dot" in ctx.code if runs.device == "cuda" else bool((cand or {}).get("tf32_dots"))
    r64 = Float64Run(outs, int(reply["n_out"]), precision_eps(tf32, ops), calls, precision.FLOAT64_TASK in ops)
    if r64.eps == precision.EPS_TF32 and runs.device != "cuda" and tf32_world_emulates(ops):
        try:  # (on a GPU, where the tensor cores' reading of an operand has not been measured, TF32's eps stays)
            w_reply, w_outs = runs.run_reference(ctx, dataclasses.replace(var64, tf32_operands=True), stage,
                                                 call_shares=shares)
        except RoleError:
            return r64
        if _same_run(w_reply, w_outs, r64.n_out, shares):
            r64 = dataclasses.replace(r64, eps=precision.EPS32, tf32_outs=w_outs)
    return r64


def tf32_world_emulates(ref_ops) -> bool:
    """Whether the TF32-world run reproduces every matrix product of the reference's forward (its recorded aten
    ops): a fused attention op, for one, keeps its inner product in float64, and the task keeps TF32's eps."""
    return all(str(n) in precision.TF32_EMULATED for n in ref_ops if precision.matrix_product(str(n)))


def precision_eps(tf32: bool, ref_ops=()) -> float:
    """fp32's epsilon, or TF32's for a candidate that computes a tl.dot in TF32 (`tf32`: under the interpreter,
    a run that did one, interpreter_dot.py; on a GPU, where no dot is seen, code that names `dot`) in a task
    whose reference computes a matrix product (`ref_ops`: its forward's recorded aten ops, task_moves.OpNames):
    a GEMM's TF32 is KernelBench's; TF32 in a prefix sum or a reduction is a downgrade of the task's fp32
    (round 9, R9B_07), and an `input_precision="ieee"` GEMM is held to fp32 (round 7, R7B_04)."""
    gemm = any(precision.matrix_product(str(n)) for n in ref_ops)
    return precision.EPS_TF32 if gemm and tf32 else precision.EPS32


def conditioned(runs: WorkerRuns, ctx: VerifyContext, var: variants.Variant, stage: str, ref: dict,
                r64: Float64Run) -> Float64Run:
    """`r64` with the float64 reference's outputs on `var`'s inputs jittered by precision.JITTER (the same calls
    and shares): the conditioning allowance (see the module doc). Where that run fails, `cond_outs` is []
    and the judgement stands without it."""
    from tritonrl.verifier_workers.funnel.runs import RoleError  # (runs imports this module)
    draws = []
    for draw in range(precision.COND_DRAWS):
        var64 = dataclasses.replace(var, dtype="float64", grad_modes=["no_grad"] * len(var.grad_modes),
                                    jitter=precision.JITTER, jitter_draw=draw)
        try:
            reply, outs = runs.run_reference(ctx, var64, stage, call_shares=list(ref.get("call_shares") or []))
        except RoleError:
            return dataclasses.replace(r64, cond_outs=[])
        if not _same_run(reply, outs, r64.n_out, list(ref.get("call_shares") or [])):
            return dataclasses.replace(r64, cond_outs=[])
        draws.append(outs)
    return dataclasses.replace(r64, cond_outs=draws)


def _same_run(reply: dict, outs, n_out: int, shares: list) -> bool:
    """Whether a second float64 run (TF32-world, jittered) made the plain one's calls: its later calls took the
    shares asked (one that fell back to a fresh draw saw other inputs, and its spread would mean nothing)."""
    return bool(reply.get("ok") and not reply.get("skipped") and not reply.get("nonfinite") and outs
                and reply.get("n_out") == n_out and list(reply.get("call_shares") or []) == list(shares))
