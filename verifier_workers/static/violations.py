"""The violation record and the catalogue of stable violation codes the static checks report.
`Violation(code, message, line)` is what `check_source` returns; `v(code, node, what)` builds one for an AST
node. The codes are a contract (see VIOLATION_CODES); docs/verifier-violations.md mirrors them."""
from __future__ import annotations

import ast
from dataclasses import dataclass


@dataclass(frozen=True)
class Violation:
    code: str
    message: str  # one line, names the construct and its line
    line: int | None


# Stable codes: the verdict, the reward and MLflow dashboards key on these strings. Add, never rename.
VIOLATION_CODES: dict[str, str] = {
    "syntax_error": "the candidate does not parse as Python",
    "analysis_error": "the candidate is too large or deeply nested to analyse (or the checker failed on it)",
    "no_model_new": "no top-level `class ModelNew`",
    "no_triton_kernel": "no function decorated with @triton.jit",
    "kernel_not_launched": "no @triton.jit kernel is launched on every path through ModelNew.forward",
    "torch_compute": "PyTorch does the work on the forward path (nn modules, F.*, torch ops, tensor math, "
                     "torch.compile/jit/ops, CUDA graphs)",
    "try_except": "try/except/finally, contextlib.suppress or an exception-swallowing __exit__",
    "threads": "threads, processes, async code or concurrent.futures",
    "cuda_stream": "explicit CUDA streams or events",
    "monkeypatch": "writes attributes of modules/classes the candidate does not own, __class__, module "
                   "hooks, overrides nn.Module.__call__, setattr on anything but self, class decorators",
    "dynamic_code": "eval/exec/compile/__import__/importlib/ctypes/pickle/cpp_extension, or "
                    "getattr/setattr/delattr with a computed name or used as a value",
    "io_access": "files, processes, network, environment or signals (open, os, sys, subprocess, torch.load...)",
    "forbidden_import": "an import outside torch, torch.nn(.functional), triton(.language), math, typing, "
                        "__future__",
    "reflection": "dunder attribute access (__dict__, __class__, __globals__...), gc, inspect, sys.modules, "
                  "metaclasses, class patterns that read attributes, finalizers (__del__)",
    "private_api": "torch._*, triton internals (runtime, compiler, knobs, backends, _C) or _-prefixed "
                   "attributes of torch/triton objects",
    "tensor_subclass": "torch.Tensor subclasses, __torch_function__/__torch_dispatch__, dispatch modes, lazy "
                       "wrapper classes",
    "precision_downgrade": "lower float precision than the reference uses (.half(), bf16/fp16/fp8 casts or "
                           "allocations, autocast, reduced matmul precision; or, measured, an error far beyond fp32's)",
    "reference_reuse": "ModelNew subclasses or uses the reference Model, or copies its forward",
    "output_cache": "state kept across calls: data_ptr(), id()/hash(), global or module containers or self "
                    "attributes written on the forward path, lru_cache, mutable defaults",
    "not_allowlisted": "a name, attribute or module outside the allowlist of candidate Python "
                       "(docs/verifier-allowlist.md): an attribute not in its module's list, a module used as a "
                       "value, a global the candidate does not define, non-Triton code in a @triton.jit body, Triton "
                       "operations outside one (static/host_triton.py)",
    "device_branch": "a condition, conditional expression or kernel argument decided by the device (`x.is_cuda`, "
                     "`x.device.type`, `torch.cuda.is_available()`...): the GPU's path is never run or compiled by "
                     "the CPU verifier",
    "host_table": "a table of a math function computed in host Python (`math.exp` over a range, in a loop or "
                  "comprehension) for a kernel to look up or interpolate",
    "host_device": "a tensor placed on the CPU by name (\"cpu\", `.cpu()`, `pin_memory`, `empty_strided_cpu`) "
                   "outside the CPU side of a device choice: a GPU kernel cannot access it, and the CPU verifier "
                   "cannot tell it from the task's device",
    "unknown_name": "a name or attribute that does not exist at all (`tl.relu`, an undefined global, "
                    "`x.empty_like()`): it would fail with NameError/AttributeError/CompilationError anyway; an "
                    "honest mistake, not a cheat (docs/verifier-allowlist.md)",
}


def v(code: str, node: ast.AST | None, what: str) -> Violation:
    line = getattr(node, "lineno", None)
    msg = f"line {line}: {what}" if line else what
    return Violation(code, msg[:300].replace("\n", " "), line)
