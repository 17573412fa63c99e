"""Check built-in gold solutions against their references under the Triton interpreter (CPU).

Run as a subprocess by tests/test_tasks.py: TRITON_INTERPRET must be set before triton is imported.
Usage: python tests/gold_check.py NAME [NAME ...]; prints one JSON line per (task, variant).
The gold code is our own trusted code, so running it in this process is fine (candidates never are).
"""
import os

os.environ["TRITON_INTERPRET"] = "1"

import importlib.util  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

import torch  # noqa: E402

from tritonrl.tasks.kernelbench import apply_sizes, free_size_constants, size_constants  # noqa: E402
from tritonrl.tasks.suite import get_builtin  # noqa: E402

TOL = {torch.float32: 1e-2, torch.float16: 2e-2}  # atol = rtol, as ToleranceConfig's defaults


def load_module(src: str, path: str):
    with open(path, "w") as f:
        f.write(src)
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def variants(src: str):
    consts = size_constants(src)
    free = free_size_constants(src)
    yield "base", torch.float32, {}
    yield "base", torch.float16, {}
    if free:
        yield f"double:{free[0]}", torch.float32, {free[0]: 2 * consts[free[0]]}
    yield "tiny", torch.float32, {n: v // 8 + 1 for n, v in consts.items()}  # odd, non-power-of-2 shapes


def check(name: str, tmp: str) -> list[dict]:
    task = get_builtin(name)
    gold = load_module(task.gold_src, os.path.join(tmp, f"gold_{name}.py"))
    out = []
    for i, (variant, dtype, overrides) in enumerate(variants(task.reference_src)):
        ref = load_module(apply_sizes(task.reference_src, overrides), os.path.join(tmp, f"ref_{name}_{i}.py"))
        torch.manual_seed(0)
        model = ref.Model(*ref.get_init_inputs()).to(dtype)
        torch.manual_seed(0)
        model_new = gold.ModelNew(*ref.get_init_inputs()).to(dtype)
        torch.manual_seed(1)
        inputs = [x.to(dtype) if torch.is_tensor(x) and x.is_floating_point() else x for x in ref.get_inputs()]
        t0 = time.perf_counter()
        with torch.no_grad():
            expected = model(*inputs)
            got = model_new(*inputs)
        secs = time.perf_counter() - t0
        tol = TOL[dtype]
        same_shape = tuple(got.shape) == tuple(expected.shape) and got.dtype == expected.dtype
        err = (got.float() - expected.float()).abs().max().item() if same_shape else float("inf")
        ok = same_shape and torch.allclose(got.float(), expected.float(), atol=tol, rtol=tol)
        out.append({"task": name, "variant": variant, "dtype": str(dtype).removeprefix("torch."),
                    "shape": list(expected.shape), "max_err": err, "ok": bool(ok), "seconds": round(secs, 3)})
    return out


def main(names: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        sys.path.insert(0, tmp)
        for name in names:
            try:
                rows = check(name, tmp)
            except Exception as e:  # report, don't stop: one broken gold must not hide the others
                rows = [{"task": name, "variant": "error", "ok": False, "error": f"{type(e).__name__}: {e}"}]
            for r in rows:
                print(json.dumps(r), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
