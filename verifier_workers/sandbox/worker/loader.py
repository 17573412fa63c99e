"""The sources loaded into a sandbox worker process (the task's reference, a candidate): the `load` and
`reset` ops, and the state they keep (STATE).

A source is imported from a real file (Triton needs inspect.getsource): candidate code runs here first, at
import, under the compute watch and with launches counted, both of which are constructor work
(`import_ops`, merged into the constructor's by build.make_model).
"""
from __future__ import annotations

import gc
import importlib
import importlib.util
import os
import sys
from typing import Any

import torch

from tritonrl.verifier_workers.sandbox.worker import device_compare
from tritonrl.verifier_workers.sandbox.worker.launches import LAUNCHES
from tritonrl.verifier_workers.sandbox.worker.watch import ComputeWatch

# outs: the last candidate run's outputs, kept alive so that a later run's may not share their storage
STATE: dict[str, Any] = {"modules": {}, "files": [], "outs": [], "import_ops": {}}
OP_TOTAL = "__total__"  # in init_ops: how many data ops construction (import included) ran
LOW_PRECISION = "__low_precision__"  # in init_ops: fp16/bf16/fp8 tensors construction made


def loaded_module(key: str):
    """A module `op_load` loaded under `key`."""
    mod = STATE["modules"].get(key)
    if mod is None:
        raise KeyError(f"module {key} not loaded")
    return mod


def op_load(args: dict, _tensors: dict) -> tuple[dict, dict]:
    """Import a source as a real file (Triton needs inspect.getsource). Candidate code runs here."""
    key = args["key"]
    if key in STATE["modules"]:
        return {"cached": True}, {}
    name = f"trl_{key}"
    path = os.path.join(os.getcwd(), f"{name}.py")
    with open(path, "w") as f:
        f.write(args["src"])
    STATE["files"].append(path)
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    mode = ComputeWatch()  # compute at import time (a table of the task's function...) is constructor work
    LAUNCHES.begin(None)  # and so is a Triton kernel launched at import (a table stored by scalar launches)
    try:
        with mode:
            spec.loader.exec_module(mod)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    finally:
        launched = LAUNCHES.end()["count"]
    ops = {**mode.ops, **({"triton_launch": launched} if launched else {})}
    STATE["import_ops"][name] = {**{f"import:{op}": n for op, n in ops.items()}, OP_TOTAL: mode.total,
                                 LOW_PRECISION: mode.low_precision}
    need = args.get("require") or []
    missing = [n for n in need if not hasattr(mod, n)]
    if missing:
        raise AttributeError(f"module defines no {', '.join(missing)}")
    if "get_inputs" in need and "Model" not in need and "Model" in vars(mod):
        del mod.Model  # the task's inputs only: candidate code in this process cannot run the reference
    STATE["modules"][key] = mod
    return {"cached": False}, {}


def op_reset(_args: dict, _tensors: dict) -> tuple[dict, dict]:
    """Forget every loaded module (a candidate may have tampered with a reference module's globals)."""
    for key in list(STATE["modules"]):
        sys.modules.pop(f"trl_{key}", None)
    STATE["modules"].clear()
    STATE["import_ops"].clear()
    for path in STATE["files"]:
        try:
            os.remove(path)
        except OSError:
            pass
    STATE["files"].clear()
    STATE["outs"] = []
    device_compare.forget()
    gc.collect()
    if torch.cuda.is_available():
        torch.cuda.empty_cache()
    return {}, {}
