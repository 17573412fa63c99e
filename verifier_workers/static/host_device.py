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
  * a tensor left on the default device, which is always the CPU: a torch factory (`torch.empty`, `zeros`,
    `full`, `arange`, `tensor`, ...) called with no `device=` (or `device=None`) in a function of host code
    (forward, a launcher, a helper), unless its value goes straight to the host (`.item()`, `.tolist()`,
    `int(...)`) or to a device (`.to(...)`, `.cuda()`). Constructors, `get_inputs` and module level are
    exempt: parameters and buffers follow `model.to(device)` (round 8, R8B_07: an output made by
    `torch.empty(x.shape, dtype=x.dtype)`). `*_like` and `x.new_*` take their tensor's device. A factory bound
    to another name (`from torch import empty`, `E = torch.empty`: R10A_10) counts as itself, and in a
    constructor one assigned straight to `self.<name>` does too: a plain tensor attribute, which
    `model.to(device)` does not move (R10A_09; a parameter or a registered buffer is moved).
Not covered: a CPU device spelled by computation (`"c" + "pu"`); see docs/verifier-allowlist.md.
Pure AST work: nothing here runs the candidate.
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


# torch functions that make a new tensor on the default device unless given `device=`
FACTORIES = {"empty", "zeros", "ones", "full", "rand", "randn", "randint", "randperm", "arange", "range",
             "linspace", "logspace", "eye", "tensor", "as_tensor", "empty_strided", "normal", "tril_indices",
             "triu_indices", "scalar_tensor"}
# functions whose factories are moved or never reach a kernel: constructors (model.to(device) moves parameters
# and buffers) and the task's input builders
_EXEMPT_FUNCS = {"__init__", "get_inputs", "get_init_inputs"}
# uses that take the value to the host or to a device
_HOST_OR_MOVED = {"item", "tolist", "to", "cuda"}


def _enclosing_function(n: ast.AST, parents: dict[int, ast.AST]) -> ast.AST | None:
    p = parents.get(id(n))
    while p is not None and not isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        p = parents.get(id(p))
    return p


def factory_names(nodes: list[ast.AST]) -> dict[str, str]:
    """Names bound to torch factories: `from torch import empty [as E]`, `E = torch.empty` -> {"E": "empty"}."""
    out = {}
    for n in nodes:
        if isinstance(n, ast.ImportFrom) and n.module == "torch":
            out.update({a.asname or a.name: a.name for a in n.names if a.name in FACTORIES})
        elif isinstance(n, ast.Assign) and _torch_factory(n.value):
            out.update({t.id: n.value.attr for t in n.targets if isinstance(t, ast.Name)})
    return out


def _torch_factory(f: ast.AST) -> bool:
    return isinstance(f, ast.Attribute) and f.attr in FACTORIES and isinstance(f.value, ast.Name) \
        and f.value.id == "torch"


def _plain_attribute(n: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """`self.x = <n>`: a tensor attribute that `model.to(device)` leaves where it is."""
    parent = parents.get(id(n))
    return isinstance(parent, ast.Assign) and parent.value is n and all(
        isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
        for t in parent.targets)


def _default_device_factory(n: ast.AST, parents: dict[int, ast.AST], names: dict[str, str]) -> str | None:
    """`torch.F(...)` with no device in a host function that is not exempt (see the module docstring)."""
    if not isinstance(n, ast.Call):
        return None
    if _torch_factory(n.func):
        what = f"torch.{n.func.attr}"
    elif isinstance(n.func, ast.Name) and n.func.id in names:
        what = f"{n.func.id} (torch.{names[n.func.id]})"
    else:
        return None
    for k in n.keywords:
        if k.arg is None or (k.arg == "device" and not (isinstance(k.value, ast.Constant) and k.value.value is None)):
            return None  # **kwargs may carry it; a device named (a CPU one is judged above)
    fn = _enclosing_function(n, parents)
    if fn is None or (getattr(fn, "name", None) in _EXEMPT_FUNCS
                      and not (fn.name == "__init__" and _plain_attribute(n, parents))):
        return None
    parent = parents.get(id(n))
    if isinstance(parent, ast.Attribute) and parent.attr in _HOST_OR_MOVED:
        return None
    if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id in ("int", "float", "bool"):
        return None
    return f"{what}(...) with no device="


def check_host_device(nodes: list[ast.AST], parents: dict[int, ast.AST]) -> list[Violation]:
    """`host_device` for each mention of the CPU device outside the CPU side of a device choice."""
    out, names = [], factory_names(nodes)
    for n in nodes:
        what = _mention(n)
        if what is None:
            what = _default_device_factory(n, parents, names)
            if what is not None and not _cpu_side(n, parents):
                out.append(v("host_device", n, f"`{what}` leaves a tensor on the default device, the CPU: a "
                                               "Triton kernel on a GPU cannot access it (name the task's device: "
                                               "`device=x.device`, or `torch.empty_like(x)`)"))
            continue
        if isinstance(parents.get(id(n)), ast.Compare) and isinstance(n, ast.Constant):
            continue  # a device probe (`x.device.type == "cpu"`): device_branch.py judges its use
        if _cpu_side(n, parents) or _bound_as_itself(n, parents):
            continue
        out.append(v("host_device", n, f"`{what}` places a tensor on the CPU: a Triton kernel on a GPU cannot "
                                       "access it (the CPU verifier cannot tell it from the task's device)"))
    return out
