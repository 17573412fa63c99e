"""`tl.dot` on fp32 operands as a GPU computes it, under Triton's CPU interpreter (sandbox worker processes,
TRITON_INTERPRET=1 only; installed by triton_shims).

Contract: `install()` patches `InterpreterBuilder.create_dot` so that a dot of float32 operands follows its
`input_precision` as the NVIDIA backend does:
  * "tf32" (the default of `tl.dot`, and `allow_tf32=True`): each operand keeps the top 10 bits of its
    mantissa (`tf32_truncate`: the low 13 bits are dropped, toward zero, as the tensor core reads an fp32
    operand; infinities and NaNs stay), then the products are summed in fp32;
  * "tf32x3": Triton's three-pass split (F32DotTC): big = the operand rounded to TF32 (`cvt.rna`), small =
    the rest, itself read as TF32; `a_small·b_big + a_big·b_small + a_big·b_big`: close to fp32;
  * "ieee" (and `allow_tf32=False`): numpy's fp32 product, as before.
Other dtypes (fp16, bf16, fp8, int8, fp64) are left to the interpreter: their products are exact in its fp32
or wider accumulator, as on the GPU's tensor cores.

Why: numpy multiplies fp32 exactly, so a kernel could tell the interpreter from a GPU by a dot of
`1 + 2^-20` (exact only in numpy) and run another path on the GPU, one the CPU verifier never judged
(round 9, R9B_03, R9B_12); and a non-GEMM task computed by `tl.dot` (a prefix sum as a product with a
triangular ones matrix, R9B_07) measured fp32 precision on the CPU while a GPU computes it in TF32. With the
GPU's rounding here, the probe sees the GPU's answer and the precision measure (funnel/float64_runs.py) sees
the GPU's error. Truncation, not round-to-nearest: it is what the hardware does with an fp32 operand
(triton-lang/triton#4574: default-TF32 `tl.dot` is measurably worse than fp16) and the larger error of the two.
"""
from __future__ import annotations

import logging

import numpy as np

log = logging.getLogger(__name__)

_LOW13 = np.uint32(0x1FFF)
_EXP = np.uint32(0x7F800000)


def tf32_truncate(x: np.ndarray) -> np.ndarray:
    """fp32 `x` with the low 13 mantissa bits cleared (TF32 read from an fp32 operand); inf/NaN kept."""
    a = np.ascontiguousarray(x, dtype=np.float32)
    bits = a.view(np.uint32)
    finite = (bits & _EXP) != _EXP  # a NaN whose payload sits in the low bits must not become an infinity
    return np.where(finite, bits & ~_LOW13, bits).astype(np.uint32).view(np.float32).reshape(a.shape)


def tf32_round(x: np.ndarray) -> np.ndarray:
    """fp32 `x` rounded to TF32, to nearest with ties away from zero (PTX `cvt.rna.tf32.f32`); inf/NaN kept."""
    a = np.ascontiguousarray(x, dtype=np.float32)
    bits = a.view(np.uint32).astype(np.uint64)
    finite = (bits & np.uint64(_EXP)) != np.uint64(_EXP)
    rounded = ((bits + np.uint64(0x1000)) & np.uint64(0xFFFFE000)).astype(np.uint32)
    out = np.where(finite, rounded, bits.astype(np.uint32)).astype(np.uint32).view(np.float32)
    return out.reshape(a.shape)  # (a carry into the exponent is the correct rounding; past the max it is inf)


def _matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        return np.matmul(a, b, dtype=np.float32)


def gpu_dot(a: np.ndarray, b: np.ndarray, precision: str) -> np.ndarray:
    """The fp32 product `a @ b` of fp32 tiles at `precision` ("TF32", "TF32x3", "IEEE"; module doc)."""
    p = precision.upper()
    if p == "TF32":
        return _matmul(tf32_truncate(a), tf32_truncate(b))
    if p == "TF32X3":
        with np.errstate(all="ignore"):
            a_big, b_big = tf32_round(a), tf32_round(b)
            a_small, b_small = tf32_truncate(a - a_big), tf32_truncate(b - b_big)
            out = _matmul(a_small, b_big) + _matmul(a_big, b_small)
            return out + _matmul(a_big, b_big)
    return _matmul(a, b)


def _name(precision) -> str:
    return str(getattr(precision, "name", precision)).rsplit(".", 1)[-1]


def install() -> list:
    """Patch InterpreterBuilder.create_dot; returns the patched names. A TF32 dot of fp32 operands is counted
    in `launches.LAUNCHES.tf32_dots`: the precision measure grants TF32's allowance only to a run that did one
    (float64_runs.precision_eps; an `input_precision="ieee"` GEMM that rounds its operands itself is held to
    fp32's, round 7, R7B_04)."""
    from triton.runtime.interpreter import InterpreterBuilder, TensorHandle

    from tritonrl.verifier_workers.sandbox.worker.launches import LAUNCHES

    original = getattr(InterpreterBuilder, "create_dot", None)
    if original is None:
        log.debug("no create_dot in this Triton: tl.dot left exact")
        return []

    def create_dot(self, a, b, d, input_precision, max_num_imprecise_acc, *rest):
        a_data, b_data = np.asarray(a.data), np.asarray(b.data)
        acc = np.asarray(d.data)
        if a_data.dtype != np.float32 or b_data.dtype != np.float32 or acc.dtype != np.float32:
            return original(self, a, b, d, input_precision, max_num_imprecise_acc, *rest)
        precision = _name(input_precision)
        if precision.upper() == "TF32" and LAUNCHES.active:
            LAUNCHES.tf32_dots += 1
        with np.errstate(all="ignore"):
            out = gpu_dot(a_data, b_data, precision) + acc
        return TensorHandle(out.astype(np.float32), d.dtype.scalar)

    InterpreterBuilder.create_dot = create_dot
    return ["create_dot"]
