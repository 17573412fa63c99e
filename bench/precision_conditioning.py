"""How the conditioning allowance of the measured-precision check (precision.K_COND, COND_DRAWS) separates an
honest reduction whose terms cancel from a downgrade, simulated on the host (no verifier, no sandbox).

The honest kernel is R8B_10's twin as the interpreter runs it: a total of 12 x 250 normals as 24 block sums of
128 (fp32) added in turn, as its atomics do. For each of `--trials` input draws: its error against float64,
over `cond` (the RMS spread of the float64 sum when every input moves by up to precision.JITTER of itself,
over `--draws` jitter draws). Printed: the quantiles of err/cond per number of draws, and the same ratio for
two downgrades (fp16 and bf16 block sums; a GEMM on operands of 16 mantissa bits, R7B_04). A kernel is refused
when its ratio is above K_COND (and above the other two allowances).

    PYTHONPATH=. python bench/precision_conditioning.py --trials 1000
"""
from __future__ import annotations

import argparse
import math

import torch

from tritonrl.verifier_workers.sandbox import precision


def block_atomics(x: torch.Tensor, dtype: torch.dtype = torch.float32, block: int = 128) -> torch.Tensor:
    flat = x.reshape(-1)
    acc = torch.zeros((), dtype=torch.float32)
    for i in range(0, flat.numel(), block):
        acc = acc + flat[i:i + block].to(dtype).sum().float()
    return acc


def jittered64(x: torch.Tensor, seed: int) -> torch.Tensor:
    u = torch.rand(x.shape, generator=torch.Generator().manual_seed(seed), dtype=torch.float64)
    return x.double() * (1 + precision.JITTER * (2 * u - 1))


def spread(x: torch.Tensor, f, seed: int, draws: int) -> float:
    base = f(x.double())
    return math.sqrt(sum(float((f(jittered64(x, seed * 97 + k)) - base).pow(2).mean()) for k in range(draws)) / draws)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=1000)
    args = ap.parse_args()
    total = torch.sum
    print(f"K_COND = {precision.K_COND:g}, JITTER = 2^{math.log2(precision.JITTER):g}")
    print(f"{'draws':>5} | {'err/cond p50':>12} | {'p99':>7} | {'p99.9':>7} | {'max':>7} | honest above K_COND")
    for draws in (1, 2, 4, 8):
        r = []
        for s in range(args.trials):
            x = torch.randn(12, 250, generator=torch.Generator().manual_seed(s))
            err = abs(float(block_atomics(x)) - float(x.double().sum()))
            r.append(err / max(spread(x, total, s, draws), 1e-300))
        r.sort()
        q = lambda p: r[min(len(r) - 1, int(p * len(r)))]  # noqa: E731
        above = sum(v > precision.K_COND for v in r)
        print(f"{draws:>5} | {q(0.5):>12.3g} | {q(0.99):>7.3g} | {q(0.999):>7.3g} | {r[-1]:>7.3g} | {above}/{len(r)}")
    x = torch.randn(12, 250, generator=torch.Generator().manual_seed(0))
    cond = spread(x, total, 0, precision.COND_DRAWS)
    for dt in (torch.float16, torch.bfloat16):
        err = abs(float(block_atomics(x, dt)) - float(x.double().sum()))
        print(f"downgrade: {str(dt):15} block sums, err/cond = {err / cond:.4g}")
    g = torch.Generator().manual_seed(8)
    a, b = torch.randn(256, 1024, generator=g), torch.randn(1024, 256, generator=g)

    def r16(t):  # rounded to 16 mantissa bits (Veltkamp split), as R7B_04 does
        c = t * float(2 ** 8 + 1)
        return c - (c - t)
    err = float((r16(a) @ r16(b) - a.double() @ b.double()).pow(2).mean().sqrt())
    cond = spread(a, lambda t: t @ b.double(), 1, precision.COND_DRAWS)
    print(f"downgrade: GEMM on 16-bit operands (R7B_04), err/cond = {err / cond:.4g}")


if __name__ == "__main__":
    main()
