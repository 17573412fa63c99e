"""The GPU's approximate fp32 division and square roots under Triton's CPU interpreter (sandbox worker processes,
TRITON_INTERPRET=1 only; installed by triton_shims).

Contract: `install()` patches the interpreter's builder so that an fp32 `x / y` (`create_fdiv`: Triton lowers it
to PTX `div.full.f32`, up to 2 ulp from the true quotient), `tl.sqrt` (`create_sqrt`: `sqrt.approx.f32`) and
`tl.rsqrt` (`create_rsqrt`: `rsqrt.approx.f32`) return numpy's correctly rounded result moved by one ulp, up or
down per element (a direction drawn per call from this process's generator), where that result is an integer. Zeros, infinities and NaNs are
kept, and so are other dtypes (fp64 is exact on a GPU; fp16/bf16 round the fp32 result away). The precise
spellings `tl.div_rn`, `tl.sqrt_rn` and libdevice's `div_rn`/`sqrt_rn` (`create_precise_divf`/`_sqrt`) stay
exact, as on the GPU.

Why: numpy divides and takes roots exactly, so integer index math done in floats (`floor(offs / HW)` for a
channel, `floor((sqrt(8k + 1) - 1) / 2)` for a triangular row) is right there at every exact multiple, while a
GPU may land just below the integer and pick the wrong element (round 8, R8B_03, R8B_09). One ulp is within
what the GPU may return; value math (a mean, a norm, a softmax's quotient) moves by one ulp per element, in
either direction, far inside every tolerance and the precision measure.
"""
from __future__ import annotations

import logging

import numpy as np

log = logging.getLogger(__name__)

_RNG = np.random.default_rng()


def one_ulp_off(data):
    """fp32 `data` with every finite non-zero integral element moved one ulp up or down (per element)."""
    a = np.asarray(data)
    if a.dtype != np.float32:
        return data
    up = _RNG.random(a.shape) < 0.5
    moved = np.nextafter(a, np.where(up, np.float32(np.inf), np.float32(-np.inf)).astype(np.float32))
    # only integral results move: what floor()/int() index math relies on; value math keeps numpy's rounding,
    # since the measured precision's thresholds were set without it (an honest batchnorm tipped over by 4%)
    keep = (a == 0) | ~np.isfinite(a) | (a != np.round(a))
    out = np.where(keep, a, moved).astype(np.float32)
    return out.reshape(np.shape(data)) if np.ndim(data) else np.float32(out)


def install() -> list:
    """Patch InterpreterBuilder's fdiv, sqrt and rsqrt; returns the patched names."""
    from triton.runtime.interpreter import InterpreterBuilder, TensorHandle

    b = InterpreterBuilder
    patched = []
    for name in ("create_fdiv", "create_sqrt", "create_rsqrt"):
        original = getattr(b, name, None)
        if original is None:
            log.debug("no %s in this Triton: left exact", name)
            continue

        def approx(self, *args, _original=original):
            ret = _original(self, *args)
            return TensorHandle(one_ulp_off(ret.data), ret.dtype)

        setattr(b, name, approx)
        patched.append(name)
    return patched
