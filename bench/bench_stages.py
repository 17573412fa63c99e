"""Where the verifier spends its time: per-stage seconds for built-in gold kernels, cold then warm.
Run: python bench/bench_stages.py [--device auto|cpu|cuda] [--tasks relu,softmax,...] [--compare device,host]
(--compare: where outputs are compared on a GPU; device = in the reference worker, host = copied back.)
"""
from __future__ import annotations

import argparse
import time

from tritonrl.config import ExtensionsConfig, VerifierConfig
from tritonrl.tasks.suite import get_builtin, load_builtin
from tritonrl.verifier_workers.funnel.verifier import Verifier
from tritonrl.verifier_workers.verdict import STAGES


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="auto")
    ap.add_argument("--tasks", default="relu,softmax,layernorm,matmul,gemm_bias_relu")
    ap.add_argument("--compare", default="device", help="comma list of device,host")
    args = ap.parse_args()
    tasks = [get_builtin(n) for n in args.tasks.split(",")] if args.tasks else load_builtin()
    print(f"{'compare':7s} {'task':22s} {'round':5s} {'total_s':>7s} " + " ".join(f"{s + '_s':>9s}" for s in STAGES)
          + f" {'correct':>7s} {'speedup':>7s}")
    for where in args.compare.split(","):
        verifier = Verifier(VerifierConfig(device_compare=where == "device"), ExtensionsConfig(), device=args.device)
        for task in tasks:
            for rnd in ("cold", "warm"):
                t0 = time.perf_counter()
                v = verifier.verify(task, task.gold_src)
                total = time.perf_counter() - t0
                secs = " ".join(f"{(v.stages.get(s) or {}).get('seconds') or 0.0:9.3f}" for s in STAGES)
                sp = f"{v.speedup:7.3f}" if v.speedup is not None else "      -"
                print(f"{where:7s} {task.name:22s} {rnd:5s} {total:7.2f} {secs} {str(v.correct):>7s} {sp}",
                      flush=True)
                if v.error:
                    print(f"  error: {v.error}")
        verifier.close()


if __name__ == "__main__":
    main()
