"""Timing precision on one GPU: a Triton ReLU against torch.relu (equal work), at several sizes.

For each method (single shot, calibrated, KernelBench's), speedup = t_torch / t_triton is measured
--reps times; the table shows the CV of those speedups, their median (equal work should read 1.00) and
the wall-clock ms one measurement (both sides) costs. Run: python bench/bench_timing.py
"""
from __future__ import annotations

import argparse
import statistics
import time

import torch
import triton
import triton.language as tl

from tritonrl.verifier_workers.sandbox.worker import timing


@triton.jit
def relu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=mask), 0.0), mask=mask)


def triton_relu(x):
    out = torch.empty_like(x)
    relu_kernel[(triton.cdiv(x.numel(), 1024),)](x, out, x.numel(), BLOCK=1024)
    return out


DIAG: list[dict] = []  # the calibrated timer's own figures, per measurement (--verbose)


def measure(method: str, fn, n: int, trials: int, warmup: int, flush: int, inputs: str) -> tuple[float, float]:
    xs = [torch.randn(n, device="cuda") for _ in range(4)]

    def prepare(i):
        # "fresh" is what the verifier does (new random inputs per trial). "pool" cycles 4 pre-made tensors:
        # a kernel's time depends on where its buffers sit (±7% at 5 us on an H100), and with a pool of 4
        # the input and output placements pair up by parity differently from one measurement to the next.
        return torch.randn(n, device="cuda") if inputs == "fresh" else xs[i % 4]

    def after(i, out):
        pass

    t0 = time.perf_counter()
    if method == "single_shot":
        res = timing.single_shot(prepare, fn, after)
    elif method == "kernelbench":
        res = timing.kernelbench(prepare, fn, after, 3, 100, 256 << 20)
    else:
        res = timing.calibrated(prepare, fn, after, warmup, trials, flush)
    cost = (time.perf_counter() - t0) * 1e3
    if method == "calibrated":
        DIAG.append({k: res[k] for k in ("attempts", "host_ms_per_trial", "gpu_ms_per_trial", "sleep_ms", "batch_ms",
                                    "warm_wall_ms", "wall_ms")} | {"first_min_lead_ms": res["attempt_log"][0]["min_lead_ms"]})
    t = statistics.fmean(res["times_ms"]) if method != "calibrated" else timing.trimmed_mean(res["times_ms"], 0.1)
    return t, cost


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=10)
    ap.add_argument("--trials", type=int, default=50)
    ap.add_argument("--warmup", type=int, default=10)
    ap.add_argument("--verbose", action="store_true", help="also print the calibrated timer's figures")
    ap.add_argument("--inputs", choices=("fresh", "pool"), default="fresh",
                    help="fresh random inputs per trial (as the verifier does) or a pool of 4 pre-made tensors")
    ap.add_argument("--flush-mb", type=int, default=-1, help="calibrated's L2 flush; -1: twice the L2 (the default)")
    args = ap.parse_args()
    # a second of GPU work first, so the first rows are not measured while the clocks ramp up
    x = torch.randn(1 << 26, device="cuda")
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < 1.0:
        x.mul_(1.0)
        torch.cuda.synchronize()
    del x
    sizes = {"~5us": 1 << 18, "~10us": 1 << 21, "~100us": 20_000_000, "~1ms": 200_000_000}
    print(f"{'size':8s} {'method':12s} {'t_torch_ms':>11s} {'t_triton_ms':>11s} {'median_sp':>9s} {'cv_sp%':>7s} "
          f"{'ms/meas':>8s}")
    for label, n in sizes.items():
        for method in ("single_shot", "calibrated", "kernelbench"):
            sps, costs, tr, tt = [], [], [], []
            for _ in range(args.reps):
                flush = args.flush_mb << 20 if args.flush_mb >= 0 else -1
                a, ca = measure(method, torch.relu, n, args.trials, args.warmup, flush, args.inputs)
                b, cb = measure(method, triton_relu, n, args.trials, args.warmup, flush, args.inputs)
                sps.append(a / b)
                costs.append(ca + cb)
                tr.append(a)
                tt.append(b)
            print(f"{label:8s} {method:12s} {statistics.median(tr):11.4f} {statistics.median(tt):11.4f} "
                  f"{statistics.median(sps):9.3f} {100 * timing.cv(sps):7.2f} {statistics.median(costs):8.1f}")
            if args.verbose and method == "calibrated":
                print("         " + "  ".join(f"{k}={statistics.median(d[k] for d in DIAG):.3f}" for k in DIAG[0]))
            DIAG.clear()


if __name__ == "__main__":
    main()
