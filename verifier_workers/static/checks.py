"""Stage 1 of the verifier funnel: static checks on a candidate's AST, before anything runs.

`check_source(code, reference_src=None) -> list[Violation]` never raises. This module is the entry point:
it parses the candidate, runs the file-wide rules (rules.py), collects module structure (Facts:
ModelNew, the @triton.jit kernels, module-level values), checks reuse of the reference Model, and hands
the forward path to forward.py (kernel launch on every path, no PyTorch compute, no state across
calls), which builds on the kind inference of kinds.py; the violation codes are in violations.py. The
dynamic checks in the sandbox (launch hooks, torch-compute watch) back these rules up.
"""
from __future__ import annotations

import ast
import copy

from tritonrl.verifier_workers.static.allowlist_rules import check_allowlist
from tritonrl.verifier_workers.static.device_branch import check_device_branches, device_tables
from tritonrl.verifier_workers.static.device_tables import check_device_tables
from tritonrl.verifier_workers.static.host_device import check_host_device
from tritonrl.verifier_workers.static.host_tables import check_host_float_tables, check_host_recurrences, check_host_tables
from tritonrl.verifier_workers.static.forward import Forward
from tritonrl.verifier_workers.static.int_precision import int_precision
from tritonrl.verifier_workers.static.kinds import T
from tritonrl.verifier_workers.static.qualnames import Names, low_precision_name
from tritonrl.verifier_workers.static.ref_precision import reference_precisions
from tritonrl.verifier_workers.static.rules import check_everywhere
from tritonrl.verifier_workers.static.violations import VIOLATION_CODES, Violation, v

__all__ = ["Violation", "VIOLATION_CODES", "check_source"]

MAX_DEPTH = 150  # AST nesting; honest kernels stay far below, and deeper input could exhaust the C stack
MAX_VIOLATIONS = 50
MAX_SOURCE_CHARS = 1_000_000


class AttributeSpelling(ast.NodeTransformer):
    """`getattr(x, "name")` and `getattr(x, "name", default)` are `x.name` for every rule: a literal name read
    through getattr is the same read, so it meets the same allowlists (module attributes, private and escape
    names). Red-team round 5 reached `sys.modules` through `getattr(collections, "_sys")` and
    `getattr(warnings.catch_warnings(), "_module")`, which only the attribute spelling was checked for."""

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "getattr" and len(node.args) in (2, 3) \
                and not node.keywords and isinstance(node.args[1], ast.Constant) \
                and isinstance(node.args[1].value, str) and node.args[1].value.isidentifier():
            attr = ast.Attribute(value=node.args[0], attr=node.args[1].value, ctx=ast.Load())
            return ast.copy_location(attr, node)
        return node


def check_source(code: str, reference_src: str | None = None) -> list[Violation]:
    try:
        return _check(code, reference_src)
    except RecursionError:
        return [Violation("analysis_error", "candidate too deeply nested to analyse", None)]
    except Exception as e:  # a checker bug must not take the verifier down; the candidate is not passed
        return [Violation("analysis_error", f"static checker failed: {type(e).__name__}: {e}"[:200], None)]


def _check(code: str, reference_src: str | None) -> list[Violation]:
    if isinstance(code, bytes):
        code = code.decode("utf-8", errors="replace")
    if len(code) > MAX_SOURCE_CHARS:  # far beyond any generation length; keeps the cheap stage cheap
        return [Violation("analysis_error", f"candidate has {len(code)} characters (limit {MAX_SOURCE_CHARS})",
                          None)]
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, MemoryError, RecursionError, OverflowError) as e:
        line = getattr(e, "lineno", None)
        return [Violation("syntax_error", f"line {line}: {type(e).__name__}: {getattr(e, 'msg', e)}"[:200], line)]
    tree = ast.fix_missing_locations(AttributeSpelling().visit(tree))
    parents: dict[int, ast.AST] = {}
    nodes: list[ast.AST] = []  # every node once; the other passes reuse this instead of re-walking
    stack = [(tree, 0)]
    while stack:  # iterative: a deep tree must not blow the Python stack here
        node, depth = stack.pop()
        nodes.append(node)
        if depth > MAX_DEPTH:
            return [Violation("analysis_error", f"line {getattr(node, 'lineno', '?')}: nesting deeper than "
                                                f"{MAX_DEPTH} levels", getattr(node, "lineno", None))]
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
            stack.append((child, depth + 1))
    names = Names(nodes)
    facts = Facts(tree, names, nodes)
    # a `__main__` block (a self-test, a benchmark) never runs under the verifier: the file-wide rules skip it
    out = check_everywhere([n for n in nodes if id(n) not in facts.main_nodes], names, parents)
    out += _name_rebound(nodes)
    out += check_allowlist(facts, parents)
    out += _torch_in_kernels(facts)
    out += _host_constexprs(facts)
    out += _module_tensors(tree, facts)
    out += _hidden_defs(code, facts)
    out += _low_precision_in_kernels(facts, reference_src)
    out += check_device_branches([n for n in nodes if id(n) not in facts.main_nodes], parents)
    # a tile table's differing values may be block sizes only (device_tables.py)
    out += check_device_tables(device_tables([n for n in nodes if id(n) not in facts.main_nodes], parents), parents,
                               facts.all_kernels)
    out += check_host_device([n for n in nodes if id(n) not in facts.main_nodes], parents)
    kernel_nodes = {id(n) for k in facts.all_kernels for n in ast.walk(k)}
    out += check_host_tables(tree, kernel_nodes | facts.main_nodes)
    out += check_host_float_tables(tree, kernel_nodes | facts.main_nodes)
    out += check_host_recurrences(tree, kernel_nodes | facts.main_nodes)
    if not facts.all_kernels:
        out.append(Violation("no_triton_kernel", "no function decorated with @triton.jit", None))
    if "ModelNew" not in facts.classes:
        out.append(Violation("no_model_new", "no top-level `class ModelNew`", None))
    else:
        out += _reference_reuse(facts, reference_src)
        out += Forward(facts, reference_src).run()
    seen, result = set(), []
    for item in sorted(out, key=lambda x: (x.line or 0, x.code)):
        if (item.code, item.line) not in seen:
            seen.add((item.code, item.line))
            result.append(item)
    return result[:MAX_VIOLATIONS]


_TORCH_DTYPES = {"float16", "float32", "float64", "bfloat16", "half", "float", "double", "int8", "int16", "int32",
                 "int64", "uint8", "bool", "long", "int"}


def _torch_in_kernels(facts: "Facts") -> list[Violation]:
    """PyTorch inside a @triton.jit body. A compiled kernel cannot run it, but the Triton interpreter (the
    verifier on a CPU) runs kernel bodies as Python, so `out.copy_(torch.sigmoid(x))` there would pass."""
    out = []
    for k in facts.all_kernels:
        # a kernel's own parameters are launch arguments (tensors, numbers: a module cannot be recorded and
        # fails the compile stage), whatever module-level name they share, e.g. `F` for a feature count
        stored = {n.id for n in ast.walk(k) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        params = {a.arg for a in k.args.posonlyargs + k.args.args + k.args.kwonlyargs} - stored
        for stmt in k.body:
            for n in ast.walk(stmt):
                if isinstance(n, (ast.Name, ast.Attribute)) and isinstance(n.ctx, ast.Load):
                    root = n
                    while isinstance(root, ast.Attribute):
                        root = root.value
                    q = facts.names.qual(n) if not (isinstance(root, ast.Name) and root.id in params) else ""
                    q = q or ""
                    top, _, rest = q.partition(".")
                    if top in ("torch", "numpy") and rest not in _TORCH_DTYPES and q not in ("torch", "numpy"):
                        out.append(v("torch_compute", n, f"`{q}` inside @triton.jit `{k.name}`"))
                elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr.endswith("_") \
                        and not n.func.attr.startswith("_"):
                    out.append(v("torch_compute", n, f"in-place tensor method `.{n.func.attr}()` inside @triton.jit "
                                                     f"`{k.name}`"))
                elif isinstance(n, ast.Subscript) and isinstance(n.ctx, (ast.Store, ast.Del)):
                    # not Triton (stores go through tl.store): only the interpreter runs it, on host objects
                    out.append(v("torch_compute", n, f"item assignment inside @triton.jit `{k.name}`"))
    return out


# torch calls at module level that make no tensor: dtypes, devices, sizes, type info
_NOT_TENSOR_MAKERS = ("torch.nn.", "torch.device", "torch.dtype", "torch.Size", "torch.finfo", "torch.iinfo",
                      "torch.cuda.", "torch.backends.", "torch.get_default_dtype", "torch.float", "torch.int")


def _module_tensors(tree: ast.Module, facts: "Facts") -> list[Violation]:
    """A tensor made at module level (outside a `__main__` block): memory shared by every call and every
    instance, where a kernel's stores keep a result across calls that no Python write shows (a memo of the
    outputs keyed by a few input values). A model keeps its tensors on `self`; scratch is made in forward."""
    out = []
    for stmt in tree.body:
        if id(stmt) in facts.main_nodes or isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                                                                ast.Import, ast.ImportFrom)):
            continue
        for n in ast.walk(stmt):
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                break
            if isinstance(n, ast.Call):
                q = facts.names.qual(n.func) or ""
                if q.startswith("torch.") and not q.startswith(_NOT_TENSOR_MAKERS):
                    out.append(v("output_cache", n, f"`{q}` at module level: a tensor shared by every call "
                                                    "(make it in __init__ or forward)"))
                    break
    return out


def _hidden_defs(code: str, facts: "Facts") -> list[Violation]:
    """A line starting with `def` inside a @triton.jit function's source other than its own def line (in a
    docstring or string): Triton's interpreter re-parses a kernel from the last such line, so it would run
    that hidden body on the host while every check (and a GPU compile) reads the real one."""
    out, lines = [], code.splitlines()
    for k in facts.all_kernels:
        body = lines[k.lineno - 1:(k.end_lineno or k.lineno)]
        defs = [i for i, line in enumerate(body, k.lineno) if line.lstrip().startswith(("def ", "async def "))]
        if len(defs) > 1:
            out.append(Violation("not_allowlisted", f"line {defs[-1]}: a `def` line inside @triton.jit `{k.name}`'s "
                                                    "source (the interpreter would run it)", defs[-1]))
    return out


def _host_constexprs(facts: "Facts") -> list[Violation]:
    """`tl.constexpr(some_python_function)`: a kernel can call it, and the interpreter (the verifier on a
    CPU) then runs host Python, with PyTorch, inside the launch; compiled, such a branch is dead code."""
    out = []
    for n in facts.nodes:
        if isinstance(n, ast.Call) and n.args and facts.names.qual(n.func) == "triton.language.constexpr":
            a = n.args[0]
            named = isinstance(a, ast.Name) and (a.id in facts.classes or (a.id in facts.funcs
                                                                            and a.id not in facts.kernels))
            if isinstance(a, ast.Lambda) or named:
                out.append(v("torch_compute", n, "a Python function or class wrapped in tl.constexpr (a kernel "
                                                 "could call host code)"))
    return out


def _low_precision_in_kernels(facts: "Facts", reference_src: str | None) -> list[Violation]:
    """A kernel that casts to fp16/bf16/fp8 (`.to(tl.float16)`, `tl.cast`, `out_dtype=`) in a task whose
    reference never uses that precision: the tensor-core speedup is bought with precision (published hack #6).
    Comparisons (`if x.dtype == tl.float16`) and the pointer's own dtype (`.element_ty`) are fine."""
    ref = reference_src or ""
    ref_lows = reference_precisions(ref)
    out = []
    if not ref_lows:  # a dtype built from a string (`tl.dtype("fp" + "16")`) hides which precision it is
        out += [v("precision_downgrade", n, "builds a Triton dtype with tl.dtype(...)") for n in facts.nodes
                if isinstance(n, ast.Call) and facts.names.qual(n.func) == "triton.language.dtype"]
    def low_of(e: ast.AST, calls: bool = False) -> str | None:
        if isinstance(e, (ast.Tuple, ast.List, ast.Set)):  # `CDT=(tl.float16,)` hands the dtype in all the same
            return next((low for x in e.elts if (low := low_of(x, calls))), None)
        if isinstance(e, ast.Dict):
            return next((low for x in e.values if x is not None and (low := low_of(x, calls))), None)
        if calls and isinstance(e, ast.Call):  # `CDT=tl.constexpr(tl.float16)`, `tl.pointer_type(tl.float16)`
            return next((low for x in list(e.args) + [kw.value for kw in e.keywords] if (low := low_of(x, calls))),
                        None)
        return low_precision_name(facts.names.qual(e)) if isinstance(e, (ast.Name, ast.Attribute)) else None

    # the dtype handed in rather than written in the kernel: a launch argument (`CDT=tl.float16`), a parameter
    # default, or a module-level value a kernel reads (`CDT = {"fast": tl.float16}["fast"]`)
    def module_lows(name: str, seen: set) -> set:  # through module-level names the value is built from
        seen.add(name)
        found = set()
        for e in (e for val in facts.values.get(name, []) for e in ast.walk(val)):
            found.add(low_of(e))
            if isinstance(e, ast.Name) and e.id in facts.values and e.id not in seen:
                found |= module_lows(e.id, seen)
        return found - {None}

    guarded = {id(b) for n in facts.nodes if isinstance(n, (ast.If, ast.IfExp)) and any(low_of(e) for e in ast.walk(n.test))
               for part in ([n.body] if isinstance(n, ast.IfExp) else n.body) for b in ast.walk(part)}
    for n in facts.nodes:  # (launches under `if x.dtype == torch.float16:` serve the other-precision variant)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Subscript) and id(n) not in guarded:
            for arg in list(n.args) + [kw.value for kw in n.keywords]:
                low = low_of(arg, calls=True)
                if low and low not in ref_lows:
                    out.append(v("precision_downgrade", arg, f"a launch passes {low}; the reference does not use it"))
    for k in facts.all_kernels:
        params = {a.arg for a in k.args.args + k.args.kwonlyargs}
        for d in k.args.defaults + [d for d in k.args.kw_defaults if d is not None]:
            low = low_of(d, calls=True)
            if low and low not in ref_lows:
                out.append(v("precision_downgrade", d, f"kernel `{k.name}` defaults a parameter to {low}"))
        read = {n.id for n in ast.walk(k) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)} - params
        for name in sorted(read & set(facts.values)):
            lows = module_lows(name, set()) - ref_lows
            if lows:
                out.append(v("precision_downgrade", k, f"kernel `{k.name}` reads `{name}`, a module-level "
                                                       f"{sorted(lows)[0]} dtype; the reference does not use it"))
    for k in facts.all_kernels:
        # any low-precision dtype a kernel names, however it is used (`a.to(tl.float16 if FAST else tl.float32)`,
        # `dt = tl.bfloat16`), except in a comparison (`if x.dtype == tl.float16:` dispatches on the input)
        compared = {id(x) for c in ast.walk(k) if isinstance(c, ast.Compare)
                    and all(isinstance(o, (ast.Eq, ast.NotEq, ast.Is, ast.IsNot, ast.In, ast.NotIn)) for o in c.ops)
                    for side in [c.left, *c.comparators] for x in _dtype_operand(side)}
        for n in (x for stmt in k.body for x in ast.walk(stmt)):
            low = low_of(n) if id(n) not in compared else None
            if low and low not in ref_lows:
                out.append(v("precision_downgrade", n, f"kernel `{k.name}` uses {low}; the reference does not"))
            elif isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value.lower() in LOW_DTYPE_STRINGS \
                    and id(n) not in compared and not ref_lows:
                out.append(v("precision_downgrade", n, f"kernel `{k.name}` names dtype '{n.value}' in a string"))
    # fp16 emulated on fp32 bits, floats quantised or computed in fixed point (int_precision.py)
    out += int_precision(facts.all_kernels, facts.names.qual, ref)
    for n in facts.nodes:  # a dtype name handed to a kernel as a string constexpr (`DT="fp16"`)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Subscript) and not ref_lows:
            out += [v("precision_downgrade", a, f"a launch passes dtype '{a.value}' as a string")
                    for a in list(n.args) + [kw.value for kw in n.keywords]
                    if isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value.lower() in LOW_DTYPE_STRINGS]
    return out


def _dtype_operand(side: ast.AST) -> list[ast.AST]:
    """The nodes of a comparison operand that may name a dtype being compared: the operand itself, or the
    elements of a literal tuple/list/set (`x.dtype in (tl.float16, tl.bfloat16)`). Not a call's arguments:
    `if helper(p, tl.float16) is None:` computes in fp16 inside the comparison."""
    if isinstance(side, (ast.Tuple, ast.List, ast.Set)):
        return [side, *side.elts]
    return [side] if isinstance(side, (ast.Name, ast.Attribute, ast.Constant)) else []


# Triton's and numpy's names of reduced float dtypes (`tl.dtype("fp16")`, `str_to_ty`, a string constexpr)
LOW_DTYPE_STRINGS = {"fp16", "bf16", "f16", "float16", "bfloat16", "half", "fp8", "fp8e4nv", "fp8e5", "fp8e4b15",
                     "fp8e4b8", "fp8e5b16", "float8_e4m3fn", "float8_e5m2", "e4m3", "e5m2"}


def _is_main_guard(node: ast.AST) -> bool:
    """Exactly `if __name__ == "__main__":` (either order). The verifier imports the candidate under another
    name, so the block never runs; `__name__` cannot be reassigned (`_name_rebound`)."""
    t = getattr(node, "test", None)
    if not (isinstance(node, ast.If) and isinstance(t, ast.Compare) and len(t.ops) == 1
            and isinstance(t.ops[0], ast.Eq)):
        return False
    sides = [t.left, t.comparators[0]]
    return any(isinstance(a, ast.Name) and a.id == "__name__" for a in sides) and any(
        isinstance(b, ast.Constant) and b.value == "__main__" for b in sides)


def _name_rebound(nodes: list[ast.AST]) -> list[Violation]:
    out = []
    for n in nodes:
        if isinstance(n, ast.Name) and n.id == "__name__" and isinstance(n.ctx, (ast.Store, ast.Del)) or (
                isinstance(n, ast.Global) and "__name__" in n.names):
            out.append(v("monkeypatch", n, "rebinds `__name__` (would run the __main__ block)"))
    return out


class ClassInfo:
    def __init__(self, node: ast.ClassDef):
        self.node = node
        self.methods = {f.name: f for f in node.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))}
        self.bases = [b.id for b in node.bases if isinstance(b, ast.Name)]
        self.attrs: dict[str, list[tuple[ast.AST, ast.AST | None]]] = {}  # name -> (value, method)
        for stmt in node.body:
            if isinstance(stmt, ast.Assign):
                for t in stmt.targets:
                    if isinstance(t, ast.Name):
                        self.attrs.setdefault(t.id, []).append((stmt.value, None))
        for fn in self.methods.values():
            if not fn.args.args:
                continue
            me = fn.args.args[0].arg
            for n in ast.walk(fn):
                if isinstance(n, (ast.Assign, ast.AnnAssign)) and n.value is not None:
                    for t in (n.targets if isinstance(n, ast.Assign) else [n.target]):
                        pairs = zip(t.elts, n.value.elts) if isinstance(t, ast.Tuple) and isinstance(
                            n.value, ast.Tuple) and len(t.elts) == len(n.value.elts) else [(t, n.value)]
                        for tt, vv in pairs:
                            if isinstance(tt, ast.Attribute) and isinstance(tt.value, ast.Name) and tt.value.id == me:
                                self.attrs.setdefault(tt.attr, []).append((vv, fn))
                elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and len(n.args) >= 2 \
                        and isinstance(n.args[0], ast.Constant) and isinstance(n.args[0].value, str):
                    if n.func.attr in ("register_buffer", "register_parameter"):
                        self.attrs.setdefault(n.args[0].value, []).append((ast.Constant(value=T), None))
                if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "setattr" \
                        and len(n.args) == 3 and isinstance(n.args[1], ast.Constant):
                    self.attrs.setdefault(str(n.args[1].value), []).append((n.args[2], fn))


class Facts:
    """Module-level structure: functions, jit kernels, classes, module-level values, __main__ blocks."""

    def __init__(self, tree: ast.Module, names: Names, nodes: list[ast.AST]):
        self.names, self.nodes = names, nodes
        self.funcs: dict[str, ast.FunctionDef] = {}
        self.kernels: set[str] = set()
        self.classes: dict[str, ClassInfo] = {}
        self.values: dict[str, list[ast.expr]] = {}
        self.main_nodes: set[int] = set()
        # functions made kernels by calling the decorator: `kernel = triton.jit(fn)`, `triton.jit(**o)(fn)`
        self.jit_wrapped = {c.id for c in (self.jit_call(x) for x in nodes if isinstance(x, ast.Call))
                            if isinstance(c, ast.Name)}
        self.all_kernels = [n for n in nodes if isinstance(n, ast.FunctionDef) and self.is_jit(n)]
        todo = list(reversed(tree.body))
        while todo:
            stmt = todo.pop()
            if _is_main_guard(stmt):
                self.main_nodes.update(id(n) for n in ast.walk(stmt))
            elif isinstance(stmt, (ast.If, ast.Try, ast.With)):
                todo += reversed(stmt.body + getattr(stmt, "orelse", []) + getattr(stmt, "finalbody", []))
            elif isinstance(stmt, ast.FunctionDef):
                if self.is_jit(stmt):
                    self.kernels.add(stmt.name)
                else:
                    self.funcs[stmt.name] = stmt
            elif isinstance(stmt, ast.ClassDef):
                self.classes[stmt.name] = ClassInfo(stmt)
            elif isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
                for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]):
                    if isinstance(t, ast.Name):
                        self.values.setdefault(t.id, []).append(stmt.value)

    def jit_call(self, c: ast.Call) -> ast.expr | None:
        """The function in `triton.jit(fn)` or `triton.jit(...)(fn)`, else None."""
        f = c.func.func if isinstance(c.func, ast.Call) else c.func
        q = self.names.qual(f) or ""
        if q.startswith("triton") and q.endswith(".jit") and len(c.args) == 1 and not c.keywords:
            return c.args[0]
        if q.startswith("triton") and q.endswith(".jit") and not c.args:  # `triton.jit(fn=body, debug=...)`
            return next((kw.value for kw in c.keywords if kw.arg == "fn"), None)
        return None

    def is_jit(self, fn: ast.FunctionDef) -> bool:
        if fn.name in getattr(self, "jit_wrapped", ()):
            return True
        for d in fn.decorator_list:
            q = self.names.qual(d.func if isinstance(d, ast.Call) else d) or ""
            if q.startswith("triton") and q.endswith(".jit"):
                return True
        return False

    def mro(self, cls: str) -> list[ClassInfo]:
        out, todo = [], [cls]
        while todo and len(out) < 20:
            name = todo.pop(0)
            if name in self.classes and self.classes[name] not in out:
                out.append(self.classes[name])
                todo += self.classes[name].bases
        return out

    def method(self, cls: str, name: str) -> ast.FunctionDef | None:
        for info in self.mro(cls):
            if name in info.methods:
                return info.methods[name]
        return None


def _reference_reuse(facts: Facts, reference_src: str | None) -> list[Violation]:
    out = []
    if any(info.node.name == "Model" or "Model" in info.bases for info in facts.mro("ModelNew")):
        out.append(v("reference_reuse", facts.classes["ModelNew"].node, "ModelNew subclasses the reference Model"))
    model_nodes = {id(n) for n in ast.walk(facts.classes["Model"].node)} if "Model" in facts.classes else set()
    for info in facts.classes.values():
        for n in ast.walk(info.node):
            if isinstance(n, ast.Name) and n.id == "Model" and isinstance(n.ctx, ast.Load) \
                    and id(n) not in facts.main_nodes and id(n) not in model_nodes:
                out.append(v("reference_reuse", n, "uses the reference `Model`"))
    fwd = facts.method("ModelNew", "forward")
    if reference_src and fwd is not None:
        try:
            ref = ast.parse(reference_src)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return out
        for node in ast.walk(ref):
            if isinstance(node, ast.ClassDef) and node.name == "Model":
                ref_fwd = next((f for f in node.body if isinstance(f, ast.FunctionDef) and f.name == "forward"), None)
                if ref_fwd is not None and _normalized(ref_fwd) == _normalized(fwd):
                    out.append(v("reference_reuse", fwd, "ModelNew.forward is a copy of the reference forward"))
    return out


def _normalized(fn: ast.FunctionDef) -> str:
    """The body's AST with argument names numbered and the docstring dropped."""
    fn = copy.deepcopy(fn)
    body = fn.body[1:] if fn.body and isinstance(fn.body[0], ast.Expr) and isinstance(
        getattr(fn.body[0], "value", None), ast.Constant) else fn.body
    rename = {a.arg: f"_a{i}" for i, a in enumerate(fn.args.args)}
    for n in ast.walk(ast.Module(body=body, type_ignores=[])):
        if isinstance(n, ast.Name) and n.id in rename:
            n.id = rename[n.id]
    return "|".join(ast.dump(s) for s in body)
