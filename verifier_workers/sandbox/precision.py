"""Measured precision of an fp32 task's outputs: the candidate's error against a float64 run of the reference,
judged next to the fp32 reference's own error (`precision_downgrade` when far beyond it).

Why: the fp32 tolerance (1e-2) is loose on purpose (KernelBench accepts honest reorderings), so a kernel that
computes at fp16-like resolution in an fp32 task passes it; and every spelling of such a downgrade (a
magic-number round, `(p + 48) - 48`, an integer fixed point, a float rebuilt from 3 of its 4 bytes) is new to
the static rules. Measuring the error closes the class whatever the spelling: fp32 arithmetic in any order
stays within a small multiple of the fp32 reference's own error, or of a few fp32 ulps of the output's size.

Contract: `measure(ref32, ref64, cand, eps)` takes one forward call's outputs (the reference's fp32 ones, the
reference's on the same inputs and weights cast to float64, and the candidate's) and returns one
`PrecisionMeasure` per float32 output (others are not judged); `verdict(measures)` returns the one-line refusal
or None; `check` measures every forward call of a variant (a kernel that loses precision only from its second
call on, R7B_03, is judged there too). Norms are RMS over the elements finite in both reference runs. Pure torch: the supervisor (host
tensors) and the reference worker (device tensors, sandbox/worker/device_compare.py) both call it.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

import torch

from tritonrl.verifier_workers.sandbox import compare

MODES = ("enforce", "measure", "off")  # VerifierConfig.precision_check
EPS32 = 2.0 ** -23  # fp32 ulp at 1.0
# tl.dot on a GPU defaults to TF32 (10-bit mantissa), which KernelBench accepts: kernels that may use it are
# judged against this epsilon instead (runs.precision_eps)
EPS_TF32 = 2.0 ** -10
# Thresholds, set from the honest corpus on the CPU (bench/precision_margin.py; docs/verifier.md has the numbers):
# refused when the candidate's RMS error is above K_REF times the fp32 reference's AND above FLOOR_ULPS * eps
# times the output's RMS
# K_REF was 128 until round 7: R7B_04 (GEMM operands rounded to 16 mantissa bits, ~35x an honest kernel's
# error) sat under it. On the honest sample every measure above the 16-ulp floor had err/ref_err <= 1.6 (the
# 30x of SELU's `exp(x) - 1` lies under the floor, at 9.8 ulps), so 16 was chosen; then an honest conv + batchnorm
# with atomic statistics (conv_softplus_tanh_bn__implicit_gemm_atomic_stats, values_small) measured 18x, refused
# at 16. 24 sits between it and R7B_04: thin margins on both sides (1.3x, 1.4x)
K_REF = 24.0
FLOOR_ULPS = 16.0
CHUNK = 1 << 22  # elements measured at once (32 MiB per float64 temporary)


@dataclass
class PrecisionMeasure:
    output: int
    err: float  # RMS |candidate - ref64|
    ref_err: float  # RMS |ref32 - ref64|
    scale: float  # RMS |ref64|
    allowed: float  # max(K_REF * ref_err, FLOOR_ULPS * eps * scale)
    call: int = 0  # the forward call (0: the first) whose output this is

    @property
    def ratio(self) -> float:
        """err / allowed: above 1 is refused."""
        if self.allowed > 0:
            return self.err / self.allowed
        return 0.0 if self.err == 0 else float("inf")

    def to_dict(self) -> dict:
        return {**asdict(self), "ratio": self.ratio}


def measure(ref32: list, ref64: list, cand: list, eps: float = EPS32, call: int = 0) -> list[PrecisionMeasure]:
    """One measure per output whose fp32 reference is float32 (see the module docstring)."""
    out = []
    for i, (r, r64, c) in enumerate(zip(ref32, ref64, cand)):
        if r.dtype != torch.float32 or not r64.is_floating_point() or c is None or not c.is_floating_point():
            continue
        if r.shape != r64.shape or r.shape != c.shape or r.numel() == 0:
            continue
        n = ref_sq = err_sq = scale_sq = 0.0
        for rd, r64d, cd in compare.float64_chunks(r, r64, c, size=CHUNK):
            ok = torch.isfinite(rd) & torch.isfinite(r64d) & torch.isfinite(cd)
            rd, r64d, cd = rd[ok], r64d[ok], cd[ok]
            n += float(ok.sum())
            ref_sq += float((rd - r64d).pow(2).sum())
            err_sq += float((cd - r64d).pow(2).sum())
            scale_sq += float(r64d.pow(2).sum())
        if not n:
            continue
        ref_err, err, scale = (ref_sq / n) ** 0.5, (err_sq / n) ** 0.5, (scale_sq / n) ** 0.5
        out.append(PrecisionMeasure(i, err, ref_err, scale, max(K_REF * ref_err, FLOOR_ULPS * eps * scale), call))
    return out


def verdict(measures: list[PrecisionMeasure]) -> str | None:
    """The refusal for the worst output beyond its allowance, or None."""
    bad = [m for m in measures if m.ratio > 1.0]
    if not bad:
        return None
    m = max(bad, key=lambda x: x.ratio)
    where = f" (call {m.call + 1} of the forward)" if m.call else ""
    return (f"precision_downgrade: output {m.output}{where}'s RMS error against a float64 run of the reference is "
            f"{m.err:.3g}, allowed {m.allowed:.3g} ({K_REF:g} x the fp32 reference's {m.ref_err:.3g}, or "
            f"{FLOOR_ULPS:g} ulps of its RMS {m.scale:.3g})")


def check(ref32: list, ref64: list, cand: list, n_out: int, eps: float = EPS32, calls: int = 1) -> dict:
    """The first `calls` forward calls' outputs (n_out per call, one call after the other in each list)
    measured and judged: {measures, error}. The float64 run makes the same calls on the same inputs
    (float64_runs.py), so every call is judged, not only the first."""
    ms: list[PrecisionMeasure] = []
    for c in range(max(1, calls)):
        lo, hi = c * n_out, (c + 1) * n_out
        if hi > min(len(ref32), len(ref64), len(cand)):
            break
        ms += measure(ref32[lo:hi], ref64[lo:hi], cand[lo:hi], eps, c)
    return {"measures": [m.to_dict() for m in ms], "error": verdict(ms)}
