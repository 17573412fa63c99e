"""The reference's float64 run in the TF32 world: the operands of its matrix products read as a GPU's tensor cores
read an fp32 operand of a TF32 `tl.dot`. Runs in the reference's sandbox worker only (trusted code).

Contract: `forward_mode(check)` is the context a reference forward runs in: while `STATE.on` (op_run sets it
from the run's `tf32_operands`) and for the reference only, a dispatch mode that rounds each operand of the
ops in EMULATED to fp32 and clears its low 13 mantissa bits (interpreter_dot.tf32_truncate: what the
interpreter's TF32 dot does, toward zero), then computes in float64. Biases and other arguments are left as they
are. Elsewhere, a null context.

Why: a matrix-product task judged against the plain float64 run must allow TF32's error (2^-10) on its whole
output, and so let through every other loss of the same size: a tanh GELU in the epilogue, operands cut to
bf16 by hand (round 10: R10A_04, R10A_15, R10B_01, R10B_02). Against this run, an honest TF32 kernel differs
only by fp32 accumulation (and by a truncation that lands on the other side of a TF32 step where an operand
was itself computed in fp32: `precision.FLOOR_TF32_ULPS`), and those losses stand out.
"""
from __future__ import annotations

import contextlib

import torch
from torch.utils._python_dispatch import TorchDispatchMode


from tritonrl.verifier_workers.sandbox.precision import TF32_EMULATED as EMULATED
from tritonrl.verifier_workers.sandbox.worker.interpreter_dot import tf32_truncate


class _State:
    on = False


STATE = _State()


def truncated(t: torch.Tensor) -> torch.Tensor:
    """A float tensor as TF32 reads it: rounded to fp32, then the interpreter's own TF32 read
    (interpreter_dot.tf32_truncate: the low 13 mantissa bits cleared, inf/NaN kept), back in its own dtype."""
    f = t.detach().to(torch.float32).cpu().numpy()
    return torch.from_numpy(tf32_truncate(f)).to(t.device, t.dtype)


class Tf32Operands(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        where = EMULATED.get(func.overloadpacket.__name__)
        if where:
            args = tuple(truncated(a) if i in where and isinstance(a, torch.Tensor) and a.is_floating_point() else a
                         for i, a in enumerate(args))
        return func(*args, **(kwargs or {}))


def forward_mode(check: bool):
    """The mode for one forward: Tf32Operands for the reference's TF32-world run, else a null context."""
    return Tf32Operands() if STATE.on and not check else contextlib.nullcontext()
