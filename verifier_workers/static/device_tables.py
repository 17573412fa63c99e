"""Device tile tables whose values reach more than block sizes (`device_branch`; red-team round 5, R5B_10).

device_branch.py lets a tile table through (`if x.is_cuda: BLOCK, WARPS = 128, 8` / `else: ... = 32, 4`, or
`cfg = dict(...) if torch.cuda.is_available() else dict(...)`): tensor-core tiles on a GPU, small ones for the
interpreter. The CPU verifier runs only the CPU's constants, so this is sound only while every value that
differs between the branches is a tiling choice, which changes how the work is cut, not what is computed.
`check_device_tables(tables, parents, kernels) -> list[Violation]` refuses a differing value used otherwise.

Host side, a differing value may be: a launch's keyword or positional argument (then checked in the kernel),
part of a `**cfg` spread, a device name (`torch.device(...)`, `device=`), `num_warps`/`num_stages`/`num_ctas`/`maxnreg`, part of the grid (the launch's
subscript, or a name or grid lambda used there), or bound to another name whose uses follow the same rules.
Kernel side, the parameter it reaches may be only a tile extent: a `tl.arange` bound, a shape (`tl.zeros((BM,
BN))`, reshape/broadcast shapes), a `range` bound or step, a block pointer's argument, or a term of integer
scalar arithmetic with program ids, loop counters and parameters (`pid * BLOCK`, `tl.cdiv(N, BLOCK)`) that
ends as an offset added to a block or a pointer, a range bound, or a name following the same rules. Not a
stride (`tl.arange(0, B) * STEP`), a factor of data (`tl.sum(acc) * STEP`), a condition (`if STEP == 2:`), a
stored value or a helper's argument. Pure AST work.
"""
from __future__ import annotations

import ast

from tritonrl.verifier_workers.static.violations import Violation, v

LAUNCH_OPTIONS = {"num_warps", "num_stages", "num_ctas", "maxnreg"}
HOST_SCALAR = {"cdiv", "next_power_of_2", "max", "min", "int"}  # host arithmetic on a tile size (grids)
EXTENT_CALLS = {"arange", "range", "static_range", "make_block_ptr", "advance", "make_tensor_descriptor",
                "multiple_of", "max_contiguous"}
SHAPE_FIRST = {"zeros", "full", "empty"}  # args[0] is a shape
SHAPE_REST = {"reshape", "view", "broadcast_to"}  # args[1:] are a shape
KERNEL_SCALAR = {"cdiv", "min", "max", "minimum", "maximum", "program_id", "num_programs"}
DEVICE_KEYWORDS = {"device", "device_type"}
SHAPE_KEYWORDS = {"shape", "block_shape", "offsets", "pointer", "base"}


def check_device_tables(tables: list[ast.AST], parents: dict[int, ast.AST],
                        kernels: list[ast.FunctionDef]) -> list[Violation]:
    """`device_branch` for each tile table one of whose differing values is used as more than a block size."""
    out = []
    for table in tables:
        why = _Uses(table, parents, {k.name: k for k in kernels}).why_not()
        if why:
            out.append(v("device_branch", table, f"a device tile table's value {why}: the GPU's value is never run "
                                                  "or compiled by the CPU verifier, and only block sizes may differ"))
    return out


def _differing(a: ast.AST, b: ast.AST) -> set[str] | None:
    """The keys of two dict constants whose values differ (None: not both dicts)."""
    da, db = _entries(a), _entries(b)
    if da is None or db is None:
        return None
    return {key for key in set(da) | set(db) if da.get(key) != db.get(key)}


def _entries(e: ast.AST) -> dict[str, str] | None:
    if isinstance(e, ast.Dict):
        return {str(getattr(k, "value", "")): ast.dump(x) for k, x in zip(e.keys, e.values)}
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id == "dict" and not e.args:
        return {str(k.arg): ast.dump(k.value) for k in e.keywords}
    return None


def _callee(call: ast.Call) -> str:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


class _Uses:
    def __init__(self, table: ast.AST, parents: dict[int, ast.AST], kernels: dict[str, ast.FunctionDef]):
        self.table, self.parents, self.kernels = table, parents, kernels
        self.scope = parents.get(id(table))
        while self.scope is not None and not isinstance(self.scope, (ast.FunctionDef, ast.Module)):
            self.scope = parents.get(id(self.scope))
        self.seen: set[tuple] = set()

    def why_not(self) -> str | None:
        """Why a differing value is used as more than a block size, or None."""
        t = self.table
        if isinstance(t, ast.IfExp):
            keys = _differing(t.body, t.orelse)
            if keys is None and ast.dump(t.body) == ast.dump(t.orelse):
                return None
            return self.host(t, keys)
        values: dict[str, list[ast.AST]] = {}
        for branch in (t.body, t.orelse):
            for s in branch:
                for target in (s.targets if isinstance(s, ast.Assign) else []):
                    pairs = zip(target.elts, s.value.elts) if isinstance(target, ast.Tuple) and \
                        isinstance(s.value, ast.Tuple) and len(target.elts) == len(s.value.elts) else [(target, s.value)]
                    for name, value in pairs:
                        values.setdefault(ast.unparse(name), []).append(value)
        for name, vals in values.items():
            a, b = vals[0], vals[-1]
            if ast.dump(a) == ast.dump(b):
                continue
            why = self.name_uses(name, _differing(a, b))
            if why:
                return why
        return None

    def name_uses(self, name: str, keys: set[str] | None) -> str | None:
        if (name, frozenset(keys or ())) in self.seen or self.scope is None:
            return None
        self.seen.add((name, frozenset(keys or ())))
        table_nodes = {id(n) for n in ast.walk(self.table)}
        in_kernel = {id(n): k for k in self.kernels.values() for n in ast.walk(k)}
        for n in ast.walk(self.scope):
            if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load) and id(n) not in table_nodes:
                k = in_kernel.get(id(n))  # a module-level table read as a global inside a kernel
                why = self.kernel_use(k, n, _non_scalars(k)) if k is not None else self.host(n, keys)
                if why:
                    return why
        return None

    def launch(self, call: ast.AST) -> ast.FunctionDef | None:
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Subscript):
            f = call.func.value
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            return self.kernels.get(name)
        return None

    # ---- host: where the value goes ---------------------------------------------------------------------
    def host(self, node: ast.AST, keys: set[str] | None) -> str | None:
        text = ast.unparse(node)[:40]
        while True:
            p = self.parents.get(id(node))
            if keys is not None:  # a dict of tile sizes: its entries, a `**cfg` spread, another name for it
                if isinstance(p, ast.Subscript) and p.value is node and isinstance(p.slice, ast.Constant):
                    return self.host(p, None) if str(p.slice.value) in keys else None
                if isinstance(p, ast.keyword) and p.arg is None and (k := self.launch(self.parents.get(id(p)))):
                    return next((w for key in sorted(keys) if (w := self.param(k, key))), None)
                if isinstance(p, ast.Assign) and len(p.targets) == 1 and isinstance(p.targets[0], ast.Name):
                    return self.name_uses(p.targets[0].id, keys)
                return f"`{text}` is used in `{ast.unparse(p)[:60] if p else '?'}`"
            if isinstance(p, ast.keyword) and p.arg in DEVICE_KEYWORDS:
                return None  # a device name (`device="cuda" if ... else "cpu"`)
            if isinstance(p, ast.keyword):
                call = self.parents.get(id(p))
                k = self.launch(call)
                if k is None:
                    return f"`{text}` is passed to `{ast.unparse(call.func)[:40]}`"
                return None if p.arg in LAUNCH_OPTIONS else self.param(k, p.arg)
            if isinstance(p, ast.Call):
                k = self.launch(p)
                if k is not None and node in p.args:
                    names = [a.arg for a in k.args.posonlyargs + k.args.args]
                    i = p.args.index(node)
                    return self.param(k, names[i]) if i < len(names) else None
                if node is not p.func and _callee(p) == "device":
                    return None  # `torch.device("cuda" if ... else "cpu")`
                if node is not p.func and _callee(p) in HOST_SCALAR:
                    node = p
                    continue
                return f"`{text}` is passed to `{ast.unparse(p.func)[:40]}`"
            if isinstance(p, ast.Subscript) and node is p.slice and self.launch(self.parents.get(id(p))):
                return None  # the grid
            if isinstance(p, (ast.BinOp, ast.Tuple, ast.List, ast.Lambda)) or \
                    (isinstance(p, ast.IfExp) and node is not p.test):
                node = p
                continue
            if isinstance(p, ast.Assign) and len(p.targets) == 1 and isinstance(p.targets[0], ast.Name):
                return self.name_uses(p.targets[0].id, None)
            return f"`{text}` is used in `{ast.unparse(p)[:60] if p else '?'}`"

    # ---- kernel: what the parameter does ----------------------------------------------------------------
    def param(self, k: ast.FunctionDef, name: str | None) -> str | None:
        if name is None or name in LAUNCH_OPTIONS or (k.name, name) in self.seen:
            return None
        self.seen.add((k.name, name))
        others = _non_scalars(k)
        for n in ast.walk(k):
            if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load):
                why = self.kernel_use(k, n, others)
                if why:
                    return f"reaches `{k.name}`'s `{name}`, {why}"
        return None

    def kernel_use(self, k: ast.FunctionDef, node: ast.AST, others: set[str]) -> str | None:
        start = node
        while True:
            p = self.parents.get(id(node))
            if isinstance(p, ast.BinOp):
                other = p.right if node is p.left else p.left
                if isinstance(p.op, (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod)) and _scalar(other, others):
                    node = p
                    continue
                if isinstance(p.op, (ast.Add, ast.Sub)):
                    return None  # an offset into a block (`pid * BLOCK + tl.arange(0, BLOCK)`)
            elif isinstance(p, (ast.Tuple, ast.List)):
                node = p
                continue
            elif isinstance(p, ast.keyword) and p.arg in SHAPE_KEYWORDS:
                return None
            elif isinstance(p, ast.Call) and node in p.args:
                name, i = _callee(p), p.args.index(node)
                if name in EXTENT_CALLS or (name in SHAPE_FIRST and i == 0) or (name in SHAPE_REST and i > 0) \
                        or ((name in ("load", "store") or name.startswith("atomic_")) and i == 0):
                    return None
                if name in KERNEL_SCALAR and all(_scalar(a, others) for a in p.args if a is not node):
                    node = p
                    continue
            elif isinstance(p, ast.AugAssign) and node is p.value and isinstance(p.op, (ast.Add, ast.Sub)):
                return None  # `ptrs += BLOCK_K * stride`
            elif isinstance(p, ast.Assign) and len(p.targets) == 1 and isinstance(p.targets[0], ast.Name):
                return self.param(k, p.targets[0].id)  # a name derived from it: the same rules
            where = ast.unparse(p)[:60] if p is not None else "?"
            return f"used as `{ast.unparse(start)[:30]}` in `{where}` (line {getattr(p, 'lineno', '?')})"


def _non_scalars(k: ast.FunctionDef) -> set[str]:
    """Locals not holding integer scalars (program ids, loop counters, parameters, their arithmetic), to a
    fixed point; parameters and module-level names are scalars."""
    binds: dict[str, list[ast.AST]] = {}
    for n in ast.walk(k):
        if isinstance(n, ast.Assign):
            for t in n.targets:
                for name in ast.walk(t):
                    if isinstance(name, ast.Name):
                        binds.setdefault(name.id, []).append(n.value if isinstance(t, ast.Name) else t)
        elif isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name):
            binds.setdefault(n.target.id, []).append(n.value)
        elif isinstance(n, ast.For) and isinstance(n.target, ast.Name):
            binds.setdefault(n.target.id, []).append(ast.Constant(0) if isinstance(n.iter, ast.Call) and
                                                     _callee(n.iter) in ("range", "static_range") else n.iter)
    others: set[str] = set()
    for _ in range(8):
        new = {name for name, vals in binds.items() if not all(_scalar(x, others) for x in vals)}
        if new == others:
            break
        others = new
    return others


def _scalar(e: ast.AST, others: set[str]) -> bool:
    if isinstance(e, ast.Constant):
        return isinstance(e.value, int)
    if isinstance(e, ast.Name):
        return e.id not in others
    if isinstance(e, ast.BinOp):
        return not isinstance(e.op, (ast.Div, ast.Pow)) and _scalar(e.left, others) and _scalar(e.right, others)
    if isinstance(e, ast.UnaryOp):
        return _scalar(e.operand, others)
    if isinstance(e, ast.Call):
        return _callee(e) in KERNEL_SCALAR and all(_scalar(a, others) for a in e.args)
    return False
