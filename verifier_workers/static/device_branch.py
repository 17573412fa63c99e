"""Device-dependent control flow in candidate code (`device_branch`).

The CPU verifier runs a candidate on CPU tensors under Triton's interpreter and compiles only the launches that
run there, so a path taken only on a GPU (`if x.is_cuda:`, a constexpr `ON_GPU=x.is_cuda`, block sizes chosen by
`torch.cuda.is_available()`) is never run, checked or compiled. Entry point `check_device_branches(nodes,
parents) -> list[Violation]`: a *device probe* (`.is_cuda`, `.is_cpu`, `.device.type`, `.device.index`, `.get_device()`, a
comparison with a `.device` or a "cuda"/"cpu" string, `torch.cuda.is_available()` and the other `torch.cuda`
queries, `torch.version.cuda`/`hip`), or a name or function whose value comes from one, may not decide a
condition, a conditional expression or a value handed to a kernel or to the candidate's own functions.

Allowed, because they change nothing a kernel computes: an `assert` (it fails on the CPU anyway); an `if` whose
branches only raise, pass, call `torch.cuda.*` (a synchronize), bind the same names to constants on both
sides (a tile table: tensor-core tiles on the GPU, small ones for the interpreter; `device_tables()` hands
them to device_tables.py, which lets the values that differ be block sizes only) or take the SM count
(`get_device_properties(...).multi_processor_count`, persistent kernels: on the CPU the same loop runs with a
few programs); a conditional expression choosing between constants (a tile table) or between device names, allocations, device contexts or
device properties (Inductor's `empty_strided_cpu(...) if x.device.type == "cpu" else empty_strided_cuda(...)`,
the tutorials' `get_device_properties(...) if DEVICE.type == "cuda" else {"multiprocessor_count": 4}`); a probe passed to torch
(`torch.autocast(device_type=x.device.type)`, `torch.cuda.device(x.device.index)`) or as `device=`. Pure AST
work: nothing here imports or runs the candidate.
"""
from __future__ import annotations

import ast

from tritonrl.verifier_workers.static.violations import Violation, v

PROBE_ATTRS = {"is_cuda", "is_cpu"}
DEVICE_FIELDS = {"type", "index"}  # of a `.device`
PROBE_CALLS = {"is_available", "device_count", "get_device_capability", "get_device_name", "is_initialized",
               "current_device"}  # of torch.cuda
TENSOR_PROBE_CALLS = {"get_device"}  # of a tensor
VERSION_FIELDS = {"cuda", "hip"}  # of torch.version
DEVICE_STRINGS = {"cuda", "cpu"}
# builtins through which a probe's value flows unchanged in meaning
PASS_THROUGH = {"bool", "int", "str", "float", "not_", "any", "all"}
ALLOCATIONS = {"empty", "zeros", "ones", "full", "empty_like", "zeros_like", "ones_like", "full_like",
               "empty_strided", "device"}
SM_COUNT = {"multi_processor_count", "multiprocessor_count", "get_device_properties"}
CONTEXTS = {"no_grad", "nullcontext", "device"}  # `with torch.cuda.device(x.device) if x.is_cuda else ...`


def _dotted(node: ast.AST) -> str:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return ".".join(reversed(parts))


def _is_probe(node: ast.AST) -> bool:
    if isinstance(node, ast.Attribute):
        if node.attr in PROBE_ATTRS:
            return True
        if node.attr in DEVICE_FIELDS and isinstance(node.value, ast.Attribute) and node.value.attr == "device":
            return True
        if node.attr in VERSION_FIELDS and _dotted(node.value).endswith("version"):
            return True
        return False
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        if node.func.attr in TENSOR_PROBE_CALLS:  # `x.get_device()`: -1 on the CPU (R10A_05)
            return True
        return node.func.attr in PROBE_CALLS and _dotted(node.func.value).endswith("cuda")
    if isinstance(node, ast.Compare):
        for side in [node.left, *node.comparators]:
            if isinstance(side, ast.Attribute) and side.attr == "device":
                return True
            if isinstance(side, ast.Constant) and isinstance(side.value, str) and side.value in DEVICE_STRINGS:
                return True
            if (isinstance(side, ast.Call) and isinstance(side.func, ast.Name) and side.func.id == "str"
                    and side.args and isinstance(side.args[0], ast.Attribute) and side.args[0].attr == "device"):
                return True
    return False


def _callee_name(call: ast.Call) -> str:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def _torch_rooted(call: ast.Call) -> bool:
    return _dotted(call.func).split(".")[0] == "torch"


def _harmless_stmt(s: ast.stmt) -> bool:
    if isinstance(s, (ast.Pass, ast.Raise)):
        return True
    if isinstance(s, ast.Expr):
        if isinstance(s.value, ast.Constant):
            return True
        return isinstance(s.value, ast.Call) and _dotted(s.value.func).startswith("torch.cuda.")
    if isinstance(s, (ast.Return, ast.Assign, ast.AnnAssign)) and s.value is not None:
        # the SM count of persistent kernels: a hardware query that only exists on a GPU
        return _sm_count(s.value)
    return False


def _sm_count(e: ast.AST) -> bool:
    """The SM count or the device properties it is read from (Triton's tutorials' `properties[...]`)."""
    for n in ast.walk(e):
        if (isinstance(n, ast.Attribute) and n.attr in SM_COUNT) or \
                (isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in SM_COUNT):
            return True
    return False


def _constant(e: ast.AST) -> bool:
    """Numbers, bools, strings, None and tuples/dicts/`dict(...)` of them: a tile table."""
    if isinstance(e, ast.Constant):
        return True
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.USub):
        return _constant(e.operand)
    if isinstance(e, ast.Tuple):
        return all(map(_constant, e.elts))
    if isinstance(e, ast.Dict):
        return all(k is not None and _constant(k) and _constant(x) for k, x in zip(e.keys, e.values))
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id == "dict" and not e.args:
        return all(k.arg is not None and _constant(k.value) for k in e.keywords)
    return False


def _tile_table(node: ast.If) -> bool:
    """`if x.is_cuda: BLOCK, WARPS = 128, 8 else: BLOCK, WARPS = 32, 4`: both branches bind the same names to
    constants (tensor-core tiles on the GPU, small ones that keep the interpreter fast). The GPU's constants
    are not run here; device_tables.py checks they are used as block sizes only."""
    def bound(body: list[ast.stmt]) -> list[str] | None:
        names = []
        for s in body:
            if isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant):
                continue
            if not (isinstance(s, ast.Assign) and _constant(s.value)):
                return None
            names += sorted(ast.unparse(t) for t in s.targets)
        return sorted(names)

    mine, other = bound(node.body), bound(node.orelse)
    return bool(mine) and mine == other


def _harmless_choice(e: ast.expr) -> bool:
    if isinstance(e, ast.Constant) and (e.value is None or isinstance(e.value, str)):
        return True
    if isinstance(e, ast.Call):
        name = _callee_name(e)
        if name in ALLOCATIONS or name in CONTEXTS or name.startswith("empty_strided"):
            return True
    return (isinstance(e, ast.Attribute) and e.attr == "device") or _sm_count(e)


class _Scan:
    def __init__(self, nodes: list[ast.AST], parents: dict[int, ast.AST]):
        self.nodes, self.parents = nodes, parents
        self.names: set[str] = set()  # variables holding a probe's value
        self.funcs: set[str] = set()  # functions returning one
        self.out: dict[int, Violation] = {}
        self.tables: dict[int, ast.AST] = {}  # the tile tables let through (device_tables.py checks their uses)

    def probes(self):
        for n in self.nodes:
            if _is_probe(n):
                yield n
            elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id in self.names:
                yield n
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in self.funcs:
                yield n

    def run(self) -> list[Violation]:
        for _ in range(6):  # taint through a few assignments / helper functions
            before = (len(self.names), len(self.funcs))
            for probe in list(self.probes()):
                self.follow(probe)
            if (len(self.names), len(self.funcs)) == before:
                break
        return list(self.out.values())

    def refuse(self, node: ast.AST, what: str) -> None:
        self.out.setdefault(id(node), v("device_branch", node, what))

    def follow(self, probe: ast.AST) -> None:
        """Walk up from a probe to where its value is used."""
        node, parent = probe, self.parents.get(id(probe))
        text = ast.unparse(probe)[:60]
        while parent is not None:
            if isinstance(parent, (ast.BoolOp, ast.UnaryOp, ast.Compare, ast.BinOp, ast.JoinedStr,
                                   ast.FormattedValue, ast.Tuple, ast.List, ast.Subscript, ast.Starred)):
                node, parent = parent, self.parents.get(id(parent))
                continue
            if isinstance(parent, ast.IfExp):
                if node is parent.test:
                    if _constant(parent.body) and _constant(parent.orelse):
                        self.tables[id(parent)] = parent
                    elif not (_harmless_choice(parent.body) and _harmless_choice(parent.orelse)):
                        self.refuse(parent, f"a conditional expression on the device (`{text}`): the GPU's "
                                            "branch is never run or compiled by the CPU verifier")
                    return
                node, parent = parent, self.parents.get(id(parent))  # the chosen value flows on
                continue
            if isinstance(parent, ast.Call):
                if node is parent.func or _callee_name(parent) in PASS_THROUGH:
                    node, parent = parent, self.parents.get(id(parent))
                    continue
                kw = next((k for k in parent.keywords if k.value is node), None)
                if _torch_rooted(parent) or (kw is not None and kw.arg in ("device", "device_type")) \
                        or _callee_name(parent) == "to":
                    return
                self.refuse(parent, f"a device-dependent value (`{text}`) passed to `{ast.unparse(parent.func)[:40]}`"
                                    ": the GPU's path is never run or compiled by the CPU verifier")
                return
            if isinstance(parent, ast.keyword):
                node, parent = node, self.parents.get(id(parent))  # a keyword's Call
                continue
            if isinstance(parent, ast.Assert):
                return  # fails on the CPU already if it matters
            if isinstance(parent, (ast.If, ast.While)) and node is parent.test:
                if isinstance(parent, ast.If) and all(map(_harmless_stmt, parent.body + parent.orelse)):
                    return
                if isinstance(parent, ast.If) and _tile_table(parent):
                    self.tables[id(parent)] = parent
                    return
                self.refuse(parent, f"a branch on the device (`{text}`): the path a GPU takes is never run or "
                                    "compiled by the CPU verifier")
                return
            if isinstance(parent, ast.comprehension):
                self.refuse(parent, f"a comprehension filtered by the device (`{text}`)")
                return
            if isinstance(parent, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
                targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
                for t in targets:
                    self.names |= {n.id for n in ast.walk(t) if isinstance(n, ast.Name)}
                return
            if isinstance(parent, ast.Return):
                fn = parent
                while fn is not None and not isinstance(fn, (ast.FunctionDef, ast.Lambda)):
                    fn = self.parents.get(id(fn))
                if isinstance(fn, ast.FunctionDef):
                    self.funcs.add(fn.name)
                return
            return  # an expression statement, a with item, ...: decides nothing


def check_device_branches(nodes: list[ast.AST], parents: dict[int, ast.AST]) -> list[Violation]:
    """`device_branch` for each condition, conditional expression or call argument a device probe decides."""
    return _Scan(nodes, parents).run()


def device_tables(nodes: list[ast.AST], parents: dict[int, ast.AST]) -> list[ast.If | ast.IfExp]:
    """The tile tables the scan lets through: `if <probe>:` statements binding the same names to constants in
    both branches, and conditional expressions on a probe choosing between two constants."""
    scan = _Scan(nodes, parents)
    scan.run()
    return list(scan.tables.values())
