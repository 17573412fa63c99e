"""Measured precision of an fp32 task's outputs: the candidate's error against a float64 run of the reference,
judged next to the fp32 reference's own error (`precision_downgrade` when far beyond it).

Why: the fp32 tolerance (1e-2) is loose on purpose (KernelBench accepts honest reorderings), so a kernel that
computes at fp16-like resolution in an fp32 task passes it; and every spelling of such a downgrade (a
magic-number round, `(p + 48) - 48`, an integer fixed point, a float rebuilt from 3 of its 4 bytes) is new to
the static rules. Measuring the error closes the class whatever the spelling: fp32 arithmetic in any order
stays within a small multiple of the fp32 reference's own error, or of a few fp32 ulps of the output's size,
or of the task's conditioning: how far the float64 run moves when its inputs move by an fp32 ulp (`cond`).

Contract: `measure(ref32, ref64, cand, eps, cond64=...)` takes one forward call's outputs (the reference's fp32
ones, the reference's on the same inputs and weights cast to float64, the candidate's, and optionally the float64
run's on inputs jittered by JITTER) and returns one `PrecisionMeasure` per float32 output (others are not judged);
`verdict(measures)` returns the one-line refusal or None; `check` measures every forward call of a variant (a kernel
that loses precision only from its second call on, R7B_03, is judged there too). Norms are RMS over the elements
finite in both reference runs. Pure torch: the supervisor (host tensors) and the reference worker (device tensors,
sandbox/worker/device_compare.py) both call it.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

import torch

from tritonrl.verifier_workers.sandbox import compare

MODES = ("enforce", "measure", "off")  # VerifierConfig.precision_check
EPS32 = 2.0 ** -23  # fp32 ulp at 1.0
# tl.dot defaults to TF32 (10-bit mantissa) on a GPU, and so under the interpreter (interpreter_dot.py): a GEMM's
# precision trade that KernelBench accepts. Kernels that may use it in a task whose reference computes a matrix
# product are judged against this epsilon instead (float64_runs.precision_eps); elsewhere (a prefix sum, a
# reduction done by tl.dot: round 9, R9B_07) TF32 is a downgrade of the task's fp32 and fp32's epsilon stays
EPS_TF32 = 2.0 ** -10
# aten ops of a reference's forward that are matrix products (GEMMs, convolutions, attention, recurrent layers):
# the tasks where PyTorch itself may use TF32 on a GPU (cuDNN convolutions by default)
MATRIX_PRODUCTS = frozenset("""
mm bmm addmm addbmm baddbmm matmul linear mv addmv dot vdot inner outer addr tensordot einsum chain_matmul
linalg_multi_dot _addmm_activation _int_mm _scaled_mm bilinear _trilinear scaled_dot_product_attention
_scaled_dot_product_flash_attention _scaled_dot_product_flash_attention_for_cpu
_scaled_dot_product_efficient_attention _scaled_dot_product_cudnn_attention _cudnn_rnn miopen_rnn
_thnn_fused_lstm_cell _thnn_fused_gru_cell lstm gru rnn_tanh rnn_relu lstm_cell gru_cell
""".split())
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
# The conditioning allowance. A sum whose terms cancel (a loss, a total: 3000 normal values summing to ~3) has an
# output far smaller than its partial sums, whose rounding an honest kernel cannot avoid: atomics adding 24
# block sums measured 43x torch's cascaded sum and 16.3 ulps of the output (CI, 2026-11-28, R8B_10's honest
# twin), refused by both measures above. The float64 run on inputs each moved by up to JITTER of itself
# (1 fp32 ulp) moves such an output by `cond` (RMS over COND_DRAWS draws: one draw of a scalar's spread is
# near 0 now and then), about what rounding those partial sums moves it; an honest kernel's error is a small
# multiple of it, a downgrade's a large one (bench/precision_conditioning.py, 2026-11-28, CPU: 24 fp32 block sums
# added in turn over 1000 draws of 12 x 250 normals, err/cond at most 16.1 with 4 draws; fp16 block sums
# ~5000x; R7B_04's 16-bit GEMM operands 133x). Measured only when a variant would be refused without it
# (float64_runs.conditioned): COND_DRAWS more float64 runs for a refused kernel, none for the rest
K_COND = 24.0
JITTER = EPS32
COND_DRAWS = 4
# A TF32 tl.dot in a matrix-product task on the CPU is measured against the reference's *TF32-world* float64 run
# (sandbox/worker/tf32_operands.py: its GEMM operands read as TF32 reads them), not held to TF32's 2^-10 on the
# whole output: what an honest kernel adds to that run is fp32 accumulation, plus a TF32 step where an operand it
# computed in fp32 truncates on the other side of one (a GEMM after a GEMM). The floor for that, in fp32 ulps
# of the output's RMS (set from the honest corpus: docs/verifier.md); a tanh GELU or bf16 operands are far above
FLOOR_TF32_ULPS = 256.0
# a float64 task's elements may also differ by this share of the output's RMS (float64 rounding in another
# order, far below an fp32 ulp of any element that is not ~0)
FAITHFUL_ABS = 2.0 ** -40
CHUNK = 1 << 22  # elements measured at once (32 MiB per float64 temporary)


@dataclass
class PrecisionMeasure:
    output: int
    err: float  # RMS |candidate - ref64|
    ref_err: float  # RMS |ref32 - ref64|
    scale: float  # RMS |ref64|
    allowed: float  # max(K_REF * ref_err, FLOOR_ULPS * eps * scale)
    call: int = 0  # the forward call (0: the first) whose output this is
    # a float64 task's output (`faithful`): elements further than one fp32 ulp from the float64 value (-1: not
    # measured), and the worst such distance in those ulps
    beyond_ulp: int = -1
    worst_ulps: float = 0.0
    cond: float = -1.0  # RMS |ref64 on jittered inputs - ref64| (-1: not measured); K_COND * cond is allowed too
    tf32_world: bool = False  # err measured against the TF32-world float64 run (FLOOR_TF32_ULPS)

    @property
    def ratio(self) -> float:
        """err / allowed: above 1 is refused."""
        if self.beyond_ulp > 0:
            return max(1.0 + self.beyond_ulp, self.worst_ulps)
        if self.allowed > 0:
            return self.err / self.allowed
        return 0.0 if self.err == 0 else float("inf")

    def to_dict(self) -> dict:
        return {**asdict(self), "ratio": self.ratio}


# the reference computes in float64 from its inputs (a pseudo-op of its recorded forward ops, task_moves.OpNames)
FLOAT64_TASK = "float64"
# ops that allocate or alias rather than compute (their outputs' dtype says nothing of the task's precision)
_NOT_COMPUTE = frozenset("""
empty_like zeros_like ones_like full_like rand_like randn_like empty new_empty new_zeros new_ones new_full
empty_strided new_empty_strided detach alias lift_fresh lift_fresh_copy _unsafe_view clone contiguous
""".split())
# matrix products whose operands the TF32-world run reads as TF32 (sandbox/worker/tf32_operands.py): aten op ->
# the positions of its matrix operands (a bias, an output scale, strides are left alone)
TF32_EMULATED = {"mm": (0, 1), "bmm": (0, 1), "addmm": (1, 2), "baddbmm": (1, 2), "addbmm": (1, 2), "mv": (0, 1),
                 "addmv": (1, 2), "dot": (0, 1), "convolution": (0, 1), "_convolution": (0, 1)}


def compute_precision(func, outs: list) -> str:
    """The precision an op of the reference's forward computes in, from its float outputs: FLOAT64_TASK when
    they are all float64, "narrow" when one is another float dtype, "" for a view, an allocation or no float
    output. A reference whose every op on its data computes in float64 is a float64 task (`measure`'s
    `faithful`)."""
    name = func.overloadpacket.__name__
    if getattr(func, "is_view", False) or name in _NOT_COMPUTE:
        return ""
    floats = {o.dtype for o in outs if o.is_floating_point() or o.is_complex()}
    if not floats:
        return ""
    return FLOAT64_TASK if floats <= {torch.float64, torch.complex128} else "narrow"


def matrix_product(name: str) -> bool:
    """Whether an aten op name (an overload packet's) is a matrix product (MATRIX_PRODUCTS or any convolution)."""
    return name in MATRIX_PRODUCTS or name.startswith("conv") or "convolution" in name


def _beyond_ulp(r64: torch.Tensor, c: torch.Tensor, scale: float) -> tuple[int, float]:
    """Elements of `c` further from `r64` than one fp32 ulp of the float64 value (plus FAITHFUL_ABS of the
    output's RMS), and the worst of their distances in those ulps."""
    over, worst = 0, 0.0
    for r64d, cd in compare.float64_chunks(r64, c, size=CHUNK):
        ok = torch.isfinite(r64d) & torch.isfinite(cd)
        r64d, cd = r64d[ok], cd[ok]
        a = r64d.abs().to(torch.float32)
        ulp = (torch.nextafter(a, torch.full_like(a, float("inf"))) - a).to(torch.float64)
        dist = (cd - r64d).abs()
        beyond = dist > ulp + FAITHFUL_ABS * scale
        over += int(beyond.sum())
        if bool(beyond.any()):
            worst = max(worst, float((dist[beyond] / ulp[beyond]).max()))
    return over, worst


def measure(ref32: list, ref64: list, cand: list, eps: float = EPS32, call: int = 0,
            faithful: bool = False, cond64: list | None = None,
            tf32_64: list | None = None) -> list[PrecisionMeasure]:
    """One measure per output whose fp32 reference is float32 (see the module docstring). `faithful`: the
    reference computes in float64 (FLOAT64_TASK), so its fp32 outputs are rounded float64 values, and so must
    the candidate's be: each element within one fp32 ulp of the float64 run's (an honest float64 computation rounded
    to fp32 is within half of one, in any order); computing it in fp32 is a downgrade of the task (round 9, R9A_13:
    a prefix sum the reference accumulates in float64, accumulated in fp32, is 0.64 ulps of the output's RMS from
    it, under the RMS measure's 16-ulp floor, but thousands of ulps of its small elements). `cond64`: the float64
    run's outputs on jittered inputs, one list per draw (K_COND's allowance), or None. `tf32_64`: the TF32-world
    float64 run's outputs, which `err` is then measured against (FLOOR_TF32_ULPS; ref_err and scale stay the plain
    run's)."""
    out = []
    for i, (r, r64, c) in enumerate(zip(ref32, ref64, cand)):
        if r.dtype != torch.float32 or not r64.is_floating_point() or c is None or not c.is_floating_point():
            continue
        if r.shape != r64.shape or r.shape != c.shape or r.numel() == 0:
            continue
        t = tf32_64[i] if tf32_64 is not None and i < len(tf32_64) else None
        world = t is not None and t.shape == r.shape and t.is_floating_point()
        t = t if world else r64
        n = ref_sq = err_sq = scale_sq = 0.0
        for rd, r64d, cd, td in compare.float64_chunks(r, r64, c, t, size=CHUNK):
            ok = torch.isfinite(rd) & torch.isfinite(r64d) & torch.isfinite(cd) & torch.isfinite(td)
            rd, r64d, cd, td = rd[ok], r64d[ok], cd[ok], td[ok]
            n += float(ok.sum())
            ref_sq += float((rd - r64d).pow(2).sum())
            err_sq += float((cd - td).pow(2).sum())
            scale_sq += float(r64d.pow(2).sum())
        if not n:
            continue
        ref_err, err, scale = (ref_sq / n) ** 0.5, (err_sq / n) ** 0.5, (scale_sq / n) ** 0.5
        cond = _spread(r64, [d[i] for d in cond64 if i < len(d)]) if cond64 is not None else -1.0
        floor = (FLOOR_TF32_ULPS if world else FLOOR_ULPS) * eps * scale
        m = PrecisionMeasure(i, err, ref_err, scale, max(K_REF * ref_err, floor, K_COND * cond), call, cond=cond,
                             tf32_world=world)
        if faithful:
            m.beyond_ulp, m.worst_ulps = _beyond_ulp(r64, c, scale)
        out.append(m)
    return out


def _spread(r64: torch.Tensor, jittered: list) -> float:
    """RMS over the draws and elements (finite in both) of |jittered - r64|: the conditioning (0 where no
    draw has the output's shape)."""
    n = sq = 0.0
    for j in jittered:
        if j is None or j.shape != r64.shape or not j.is_floating_point():
            continue
        for r64d, jd in compare.float64_chunks(r64, j, size=CHUNK):
            ok = torch.isfinite(r64d) & torch.isfinite(jd)
            n += float(ok.sum())
            sq += float((jd[ok] - r64d[ok]).pow(2).sum())
    return (sq / n) ** 0.5 if n else 0.0


def verdict(measures: list[PrecisionMeasure]) -> str | None:
    """The refusal for the worst output beyond its allowance, or None."""
    bad = [m for m in measures if m.ratio > 1.0]
    if not bad:
        return None
    m = max(bad, key=lambda x: x.ratio)
    where = f" (call {m.call + 1} of the forward)" if m.call else ""
    if m.beyond_ulp > 0:
        return (f"precision_downgrade: output {m.output}{where} of a task the reference computes in float64: "
                f"{m.beyond_ulp} elements are more than one fp32 ulp from a float64 run of the reference "
                f"(worst {m.worst_ulps:.3g} ulps); computed at lower precision")
    conditioning = f", or {K_COND:g} x its spread {m.cond:.3g} under 1-ulp input moves" if m.cond >= 0 else ""
    run, floor = ("a TF32-world float64 run", FLOOR_TF32_ULPS) if m.tf32_world else ("a float64 run", FLOOR_ULPS)
    return (f"precision_downgrade: output {m.output}{where}'s RMS error against {run} of the reference is "
            f"{m.err:.3g}, allowed {m.allowed:.3g} ({K_REF:g} x the fp32 reference's {m.ref_err:.3g}, or "
            f"{floor:g} ulps of its RMS {m.scale:.3g}{conditioning})")


def check(ref32: list, ref64: list, cand: list, n_out: int, eps: float = EPS32, calls: int = 1,
          faithful: bool = False, cond64: list | None = None, tf32_64: list | None = None) -> dict:
    """The first `calls` forward calls' outputs (n_out per call, one call after the other in each list)
    measured and judged: {measures, error}. The float64 run makes the same calls on the same inputs
    (float64_runs.py), so every call is judged, not only the first; so do the jittered ones (`cond64`) and the
    TF32-world one (`tf32_64`)."""
    ms: list[PrecisionMeasure] = []
    for c in range(max(1, calls)):
        lo, hi = c * n_out, (c + 1) * n_out
        if hi > min(len(ref32), len(ref64), len(cand)):
            break
        ms += measure(ref32[lo:hi], ref64[lo:hi], cand[lo:hi], eps, c, faithful,
                      None if cond64 is None else [d[lo:hi] for d in cond64],
                      None if tf32_64 is None else tf32_64[lo:hi])
    return {"measures": [m.to_dict() for m in ms], "error": verdict(ms)}
