"""Tensors a candidate places on the CPU by name (static rule `host_device`).

On a GPU a Triton kernel cannot take a CPU tensor ("cannot be accessed from Triton (cpu tensor?)"). The CPU
verifier runs every kernel on CPU tensors under the interpreter, so there the task's device *is* the CPU and a
buffer made with a hard-coded `device="cpu"` cannot be told at run time from one made with `device=x.device`
(red-team round 7, R7A_09: a staging buffer on "cpu", launched on, then copied to the input's device). So the
candidate may not name the CPU device at all, except on the CPU side of a device choice, which a GPU never takes.

Contract: `check_host_device(nodes, parents) -> list[Violation]`, one `host_device` violation per mention of:
  * the string "cpu" (or "cpu:N"), whatever it is handed to (`device=`, `torch.device(...)`, `.to(...)`, a dict
    key of a per-device table);
  * `.cpu` (the method), `pin_memory` (pinned host memory: a method or a keyword), and Inductor's
    `empty_strided_cpu` / `_empty_strided_cpu`.
Allowed: "cpu" compared with something (`x.device.type == "cpu"`: a device probe, which device_branch.py
judges), and any mention on the CPU side of a choice whose condition tells the device: the body of
`if x.is_cpu:` / `... if x.device.type == "cpu" else ...` / `if not torch.cuda.is_available():`, the else-branch
of `if x.is_cuda:` / `"cuda" if torch.cuda.is_available() else "cpu"` (the tutorials' device line and
Inductor's `empty_strided_cpu(...) if x.device.type == "cpu" else empty_strided_cuda(...)`).
Not covered: a tensor left on the default device (`torch.empty(n)` with no `device=`), a CPU device spelled by
computation (`"c" + "pu"`); see docs/verifier-allowlist.md. Pure AST work: nothing here runs the candidate.
"""
from __future__ import annotations

import ast
import re

from tritonrl.verifier_workers.static.violations import Violation, v

_CPU = re.compile(r"cpu(:\d+)?")
HOST_NAMES = {"cpu", "pin_memory", "empty_strided_cpu", "_empty_strided_cpu"}
_GPU_PROBES = {"is_cuda"}
_CPU_PROBES = {"is_cpu"}


def _device_string(e: ast.AST) -> str | None:
    if isinstance(e, ast.Constant) and isinstance(e.value, str) and e.value.strip() in ("cuda", "cpu"):
        return e.value.strip()
    return None


def on_gpu(test: ast.AST) -> bool | None:
    """True where `test` holds exactly on a GPU device, False where exactly on the CPU, None if it does not
    tell (or is not about the device)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = on_gpu(test.operand)
        return None if inner is None else not inner
    if isinstance(test, ast.Attribute):
        return True if test.attr in _GPU_PROBES else False if test.attr in _CPU_PROBES else None
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Attribute) and test.func.attr == "is_available" \
            and ast.unparse(test.func.value).endswith("cuda"):
        return True
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.Eq, ast.NotEq)):
        named = _device_string(test.left) or _device_string(test.comparators[0])
        if named is None:
            return None
        return (named == "cuda") == isinstance(test.ops[0], ast.Eq)
    if isinstance(test, ast.BoolOp):
        sides = {on_gpu(x) for x in test.values}
        return sides.pop() if len(sides) == 1 else None
    return None


def _cpu_side(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """Whether `node` lies on the CPU side of a device choice (an `if` or a conditional expression)."""
    child, parent = node, parents.get(id(node))
    while parent is not None:
        if isinstance(parent, (ast.If, ast.IfExp)) and child is not parent.test:
            gpu = on_gpu(parent.test)
            in_body = child is parent.body or (isinstance(parent.body, list) and child in parent.body)
            if gpu is not None and in_body != gpu:
                return True
        child, parent = parent, parents.get(id(parent))
    return False


def _bound_as_itself(n: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """Inductor's header `empty_strided_cpu = torch._C._dynamo.guards._empty_strided_cpu` (or an import of it
    under such a name) binds a name whose every use is checked in turn."""
    parent = parents.get(id(n))
    if isinstance(n, ast.alias):
        return (n.asname or n.name) in HOST_NAMES
    return isinstance(parent, ast.Assign) and parent.value is n and all(
        isinstance(t, ast.Name) and t.id in HOST_NAMES for t in parent.targets)


def _mention(n: ast.AST) -> str | None:
    if isinstance(n, ast.Constant) and isinstance(n.value, str) and _CPU.fullmatch(n.value.strip()):
        return repr(n.value)
    if isinstance(n, ast.Attribute) and n.attr in HOST_NAMES:
        return f".{n.attr}"
    if isinstance(n, ast.alias) and n.name.split(".")[-1] in HOST_NAMES:
        return n.name
    if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id in HOST_NAMES and n.id.endswith("_cpu"):
        return n.id  # a variable called `cpu` is only a name
    if isinstance(n, ast.keyword) and n.arg == "pin_memory" and not (
            isinstance(n.value, ast.Constant) and not n.value.value):
        return "pin_memory="
    return None


def check_host_device(nodes: list[ast.AST], parents: dict[int, ast.AST]) -> list[Violation]:
    """`host_device` for each mention of the CPU device outside the CPU side of a device choice."""
    out = []
    for n in nodes:
        what = _mention(n)
        if what is None:
            continue
        if isinstance(parents.get(id(n)), ast.Compare) and isinstance(n, ast.Constant):
            continue  # a device probe (`x.device.type == "cpu"`): device_branch.py judges its use
        if _cpu_side(n, parents) or _bound_as_itself(n, parents):
            continue
        out.append(v("host_device", n, f"`{what}` places a tensor on the CPU: a Triton kernel on a GPU cannot "
                                       "access it (the CPU verifier cannot tell it from the task's device)"))
    return out
