"""Output comparison on the supervisor side: the candidate's process never sees the reference outputs,
so it cannot patch the comparison or reuse the reference's memory."""
from __future__ import annotations

from typing import Any

import torch

from tritonrl.config import ToleranceConfig

_DTYPE_KEYS = {torch.float32: "float32", torch.float16: "float16", torch.bfloat16: "bfloat16",
               torch.float64: "float64"}


def tolerance_for(dtype: torch.dtype, tol: ToleranceConfig) -> tuple[float, float]:
    """[atol, rtol] for an output dtype; integer/bool outputs must match exactly."""
    key = _DTYPE_KEYS.get(dtype)
    if key is None:
        return (0.0, 0.0)
    atol, rtol = getattr(tol, key)
    return float(atol), float(rtol)


def unpack(tensors: dict[str, torch.Tensor], n: int) -> list[torch.Tensor]:
    return [tensors[f"out_{i}"] for i in range(n)]


_HALF = (torch.float16, torch.bfloat16)
_WIDE = (torch.float32, torch.float64)


CHUNK = 1 << 22  # elements compared at once (32 MiB per float64 temporary)


def float64_chunks(*tensors: torch.Tensor, size: int = 0):
    """Same-size tensors as float64, CHUNK elements at a time, flattened in the same order: whole float64 copies
    of a large output ran the GPU reference worker out of memory (here and in precision.measure)."""
    size = size or CHUNK
    flat = [t.reshape(-1) for t in tensors]
    for lo in range(0, flat[0].numel(), size):
        yield tuple(f[lo:lo + size].double() for f in flat)


def compare_outputs(ref: list[torch.Tensor], cand: list[torch.Tensor], tol: ToleranceConfig,
                    wider_ok: bool = False) -> dict[str, Any]:
    """allclose per output with dtype tolerances. Returns passed, max_abs_err, max_rel_err, atol, rtol, error.

    wider_ok (the other-precision variant, where the task's fp32 inputs were cast to fp16): an fp32/fp64
    output where the reference's is fp16/bf16 is judged by value, at the reference's tolerance. Accumulating
    in fp32 and returning it is what a kernel written for the fp32 task does, and it is more precise, not less."""
    res: dict[str, Any] = {"passed": False, "max_abs_err": None, "max_rel_err": None, "atol": None, "rtol": None,
                           "error": None}
    if len(ref) != len(cand):
        res["error"] = f"{len(cand)} outputs, expected {len(ref)}"
        return res
    max_abs = max_rel = 0.0
    for i, (r, c) in enumerate(zip(ref, cand)):
        atol, rtol = tolerance_for(r.dtype, tol)
        res["atol"], res["rtol"] = atol, rtol
        if tuple(c.shape) != tuple(r.shape):
            res["error"] = f"output {i}: shape {tuple(c.shape)}, expected {tuple(r.shape)}"
            return res
        if c.dtype != r.dtype and not (wider_ok and r.dtype in _HALF and c.dtype in _WIDE):
            res["error"] = f"output {i}: dtype {c.dtype}, expected {r.dtype}"
            return res
        if r.numel() == 0:
            continue
        # in chunks: float64 copies of a whole output (a 4096 x 8192 task grown 3.6x: 0.9 GiB each, several
        # temporaries) ran the GPU reference worker out of memory; the figures are the same reductions
        sumsq = n_fin = 0.0
        for rd, _ in float64_chunks(r, c):
            fin = torch.isfinite(rd)
            sumsq, n_fin = sumsq + float(rd[fin].pow(2).sum()), n_fin + float(fin.sum())
        # the output's own size (RMS): atol grows with it, so a variant with larger outputs (values x2, a
        # longer reduction) asks for the same relative precision, not a tighter one
        scale = (sumsq / n_fin) ** 0.5 if n_fin else 0.0
        atol_eff = atol * max(1.0, scale)
        err_abs = err_rel = err_sq = 0.0
        bad = 0
        for rd, cd in float64_chunks(r, c):
            both_nan = torch.isnan(rd) & torch.isnan(cd)
            same_inf = torch.isinf(rd) & (rd == cd)
            diff = torch.where(both_nan | same_inf, torch.zeros_like(rd), (cd - rd).abs())
            diff = torch.nan_to_num(diff, nan=float("inf"))
            err_abs = max(err_abs, float(diff.max()))
            err_rel = max(err_rel, float((diff / rd.abs().clamp_min(1e-12)).nan_to_num(nan=0.0).max()))  # NaN ref: no ratio
            bound = atol_eff + rtol * rd.abs().nan_to_num(posinf=0.0, neginf=0.0)
            bad += int((diff > bound).sum())
            fin = torch.isfinite(rd)
            err_sq += float(diff[fin].pow(2).sum())
        max_abs, max_rel = max(max_abs, err_abs), max(max_rel, err_rel)
        res["max_abs_err"], res["max_rel_err"], res["atol_scale"] = max_abs, max_rel, max(1.0, scale)
        if bad:
            res["error"] = (f"output {i}: {bad}/{r.numel()} elements differ (max abs err {err_abs:.3g}, "
                            f"atol {atol_eff:.3g}, rtol {rtol:g})")
            return res
        if r.is_floating_point() and n_fin:
            # elementwise atol alone passes anything on outputs far smaller than it (zeros for a 3e-4 norm):
            # the error must also be small next to the output as a whole
            err_rms = (err_sq / n_fin) ** 0.5
            if err_rms > max(rtol * scale, 1e-3 * atol):
                res["error"] = (f"output {i}: off as a whole (RMS error {err_rms:.3g} against RMS output "
                                f"{scale:.3g}, rtol {rtol:g})")
                return res
    res["max_abs_err"], res["max_rel_err"] = max_abs, max_rel
    res["passed"] = True
    return res


def compare_fingerprints(ref_fp: list[float], ref_scale: list[float], cand_fp: list[float], weight_sum: float,
                         atol: float, rtol: float) -> int | None:
    """Per-trial output fingerprints (weighted sums) of a timed batch. Returns the first trial whose
    fingerprint is outside what elementwise allclose allows, or None."""
    if len(ref_fp) != len(cand_fp):
        return 0
    for i, (r, s, c) in enumerate(zip(ref_fp, ref_scale, cand_fp)):
        bound = atol * weight_sum + rtol * s
        bound = bound * 1.01 + 1e-6 * (abs(r) + 1.0)  # fp32 summation slack
        if not (abs(c - r) <= bound) and not (c != c and r != r):
            return i
    return None


def compare_calls(ref: list, cand: list, calls: int, tol: ToleranceConfig, wider_ok: bool = False,
                  exact: list | None = None) -> dict:
    """Each forward call's outputs against the reference's outputs on that call's inputs. `ref` and `cand` hold
    `calls` groups of outputs, one call's after the other: the model is called on other inputs each time, so
    an answer right only on the first call, or one replayed from it, fails on a later one. `exact`: the
    reference's float64 outputs in the same layout, where measured (funnel/float64_runs.py); whether the
    reference's answer moved between calls is then judged on them (stale_call)."""
    calls = max(1, int(calls))
    if len(cand) != len(ref) or len(ref) % calls:
        return compare_outputs(ref, cand, tol, wider_ok)  # reports the mismatched number of outputs
    n, res = len(ref) // calls, {}
    for k in range(calls):
        res = compare_outputs(ref[k * n:(k + 1) * n], cand[k * n:(k + 1) * n], tol, wider_ok)
        # (not in a reduced-precision variant: an fp16 result that a small change moves by under an ulp may
        # round back to the same value on one side only)
        exact_pair = exact[(k - 1) * n:(k + 1) * n] if exact is not None and len(exact) == len(ref) else None
        if res["passed"] and k and not wider_ok and stale_call(ref[(k - 1) * n:(k + 1) * n],
                                                               cand[(k - 1) * n:(k + 1) * n], exact_pair):
            res = {**res, "passed": False, "violation": "output_cache",
                   "error": "output_cache: it returned the previous call's outputs bit for bit, while the "
                            "reference's changed with the inputs"}
        if not res["passed"]:
            if k:
                res["error"] = f"call {k + 1} of the forward: {res['error']}"
            return res
    return res


# how far the reference's output must move between two calls, in units of its dtype's epsilon times its largest
# magnitude, before an unchanged candidate output counts as stale: a change of a few ulps is rounding, and an
# honest reduction (a loss over 10^5 terms, one term redrawn) may well land on the same bits
STALE_EPS = 64


def _moved(a: torch.Tensor, b: torch.Tensor, eps: float | None = None) -> bool:
    """Whether output `b` differs from `a` by more than rounding (any difference, for non-float outputs);
    `eps`: the epsilon the move is measured in (default: a's dtype's)."""
    if a.shape != b.shape or a.dtype != b.dtype:
        return True
    if not a.is_floating_point() or a.numel() == 0:
        return not bool(torch.equal(a, b))
    if not bool(torch.equal(torch.isfinite(a), torch.isfinite(b))) or not bool(torch.isfinite(a).any()):
        return not bool(torch.equal(a, b))
    scale = step = 0.0
    for a64, b64 in float64_chunks(a, b):  # in chunks, as compare_outputs
        finite = torch.isfinite(a64)
        if bool(finite.any()):
            scale = max(scale, float(a64[finite].abs().max()))
            step = max(step, float((b64[finite] - a64[finite]).abs().max()))
    eps = torch.finfo(a.dtype).eps if eps is None else eps
    return step > STALE_EPS * eps * max(scale, torch.finfo(a.dtype).tiny)


def stale_call(ref: list, cand: list, exact: list | None = None) -> bool:
    """Two consecutive calls' outputs (`ref`, `cand`: the earlier call's then the later call's): the candidate's
    are bit-identical across the calls while the reference's moved by more than rounding (STALE_EPS). An
    honest kernel recomputes from the changed inputs; a memo keyed on a sample of them replays the earlier
    answer, which a small change of the inputs (a mean over thousands of terms) can leave within tolerance
    (red-team round 5, R5C_10). With `exact` (the reference's float64 outputs of the two calls) the move is
    judged on them, in the fp32 output's epsilon: a change of the inputs that keeps the exact answer (two
    values of a summed row swapped) moves an fp32 total whose terms cancel by more than STALE_EPS of its
    magnitude through rounding alone, and an honest kernel may well land on the same bits both times."""
    n = len(ref) // 2
    same = lambda a, b: a.shape == b.shape and a.dtype == b.dtype and bool(torch.equal(a, b))  # noqa: E731
    if not all(same(cand[i], cand[n + i]) for i in range(n)):
        return False
    if exact is not None and len(exact) == len(ref):
        return any(_moved(exact[i], exact[n + i], _eps(ref[i])) for i in range(n))
    return any(_moved(ref[i], ref[n + i]) for i in range(n))


def _eps(t) -> float | None:
    return torch.finfo(t.dtype).eps if isinstance(t, torch.Tensor) and t.is_floating_point() else None



def reads_reach(first: list, again: list) -> bool:
    """Whether any output element differs between two runs of the same inputs whose loads outside the tensors
    read different fills (funnel/runs.py wrong_beside_strays): those reads reach the outputs. NaN against NaN
    is no difference."""
    for a, b in zip(first, again):
        if not (isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor)) or a.shape != b.shape \
                or a.dtype != b.dtype:
            return True  # not the same kind of answer: something moved
        moved = a != b
        if a.is_floating_point() or a.is_complex():
            moved &= ~(torch.isnan(a) & torch.isnan(b))
        if bool(moved.any()):
            return True
    return False
