"""Kind inference and reachability for the forward-path static checks. For any expression on a path from
ModelNew.forward it answers "what kind of value can this be" (tensor, nn module, torch function, @triton.jit
kernel, a candidate function, class or instance, a sequence of those), following local bindings, module-level
values, class attributes, return values and argument kinds flowing into helpers; and from those kinds, which
functions, methods and lambdas the forward path may reach. It flags nothing itself: forward.py applies
the rules on top of it, so the rules read as rules and the inference can be followed on its own. Pure AST work."""
from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from tritonrl.verifier_workers.static.allowlists import (
    NN_CONTAINERS, TENSOR_ATTRS, TENSOR_META_METHODS, TENSOR_VIEW_METHODS, TORCH_ALLOWED, TORCH_VIEW_FUNCTIONS)
from tritonrl.verifier_workers.static.qualnames import classify_qualname, literal_getattr

if TYPE_CHECKING:  # only for hints: checks.py imports this module
    from tritonrl.verifier_workers.static.checks import Facts

T, M, F, K = "tensor", "torch_module", "torch_fn", "kernel"  # kinds of values (see KindInference.kinds)
EMPTY: frozenset = frozenset()
ALLOCATIONS = {"_empty_strided_cpu", "_empty_strided_cuda", "empty", "empty_like", "empty_strided", "zeros", "zeros_like", "ones", "ones_like", "full",
               "full_like", "arange", "tensor", "as_tensor", "Parameter", "Buffer", "randint"}


_ALLOWED_NAMESPACES = {a.rsplit(".", i)[0] for a in TORCH_ALLOWED | TORCH_VIEW_FUNCTIONS
                       for i in range(1, a.count(".") + 1)}  # `torch.backends.cuda`, `F`: on the way

class Unit:
    """A function (or lambda) reachable from forward, with the candidate class whose instance `self` is."""

    def __init__(self, fn: ast.AST, cls: str | None, is_init: bool = False):
        self.fn, self.cls, self.is_init = fn, cls, is_init
        args = fn.args.args if hasattr(fn, "args") else []
        static = any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in getattr(fn, "decorator_list", []))
        self.self_name = args[0].arg if cls and args and not static and isinstance(fn, ast.FunctionDef) else None
        self.key = (id(fn), cls)


class KindInference:
    """May-reach analysis from ModelNew.forward with small kind inference (tensor, nn module, kernel...).
    `memo` (expression kinds) is reset by the caller before each pass; `param_kinds` grows across passes."""

    def __init__(self, facts: Facts):
        self.f, self.names = facts, facts.names
        self.param_kinds: dict[tuple[int, str], frozenset] = {}
        self.locals_cache: dict[int, dict[str, list[tuple]]] = {}
        self.module_unit = Unit(ast.Module(body=[], type_ignores=[]), None)  # values of module-level names

    # ---- kinds ---------------------------------------------------------------------------------
    def locals_of(self, unit: Unit) -> dict[str, list[tuple]]:
        if id(unit.fn) in self.locals_cache:
            return self.locals_cache[id(unit.fn)]
        b: dict[str, list[tuple]] = {}
        for n in self.walk(unit.fn):
            if isinstance(n, (ast.FunctionDef, ast.Lambda)):
                for a in n.args.args + n.args.kwonlyargs + n.args.posonlyargs:
                    b.setdefault(a.arg, []).append(("param", n, a.arg))
                if isinstance(n, ast.FunctionDef) and n is not unit.fn:
                    b.setdefault(n.name, []).append(("def", n))
            elif isinstance(n, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.NamedExpr)) and n.value is not None:
                for t in (n.targets if isinstance(n, ast.Assign) else [n.target]):
                    self._bind(b, t, ("expr", n.value))
            elif isinstance(n, (ast.For, ast.comprehension)):
                it = n.iter
                if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id in ("enumerate", "zip") \
                        and isinstance(n.target, ast.Tuple):
                    srcs = ([None] + it.args[:1]) if it.func.id == "enumerate" else it.args
                    for t, src in zip(n.target.elts, srcs):
                        if src is not None:
                            self._bind(b, t, ("iter", src))
                else:
                    self._bind(b, n.target, ("iter", it))
            elif isinstance(n, ast.withitem) and n.optional_vars is not None:
                self._bind(b, n.optional_vars, ("expr", n.context_expr))
        self.locals_cache[id(unit.fn)] = b
        return b

    def _bind(self, b: dict, target: ast.AST, how: tuple) -> None:
        if isinstance(target, ast.Name):
            b.setdefault(target.id, []).append(how)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for i, t in enumerate(target.elts):
                if isinstance(t, ast.Name):
                    b.setdefault(t.id, []).append(("unpack", how, i))

    def binding_kinds(self, how: tuple, unit: Unit, d: int) -> frozenset:
        tag = how[0]
        if tag == "expr":
            return self.kinds(how[1], unit, d)
        if tag == "def":
            return frozenset({K if self.f.is_jit(how[1]) else ("fn", how[1], unit.cls, 0)})
        if tag == "param":
            fn, name = how[1], how[2]
            if fn is unit.fn and unit.self_name == name:
                return frozenset({("inst", unit.cls)})
            if fn is self.f.method("ModelNew", "forward") and name != unit.self_name:
                return EMPTY if name in self.scalar_params(fn) else frozenset({T})
            return self.param_kinds.get((id(fn), name), EMPTY)
        if tag == "iter":
            return self.elements(self.kinds(how[1], unit, d))
        if tag == "unpack":
            inner, i = how[1], how[2]
            if inner[0] == "expr" and isinstance(inner[1], (ast.Tuple, ast.List)) and i < len(inner[1].elts):
                return self.kinds(inner[1].elts[i], unit, d)
            return self.position(self.binding_kinds(inner, unit, d), i)
        return EMPTY

    def scalar_params(self, fwd: ast.FunctionDef) -> frozenset:
        """forward's parameters that are plain numbers: annotated int/float/bool, given a number as default
        and not passed, or passed a number literal by the reference's get_inputs() (`return [x, 1]`)."""
        if getattr(self, "_scalar_params", None) is None:
            self._scalar_params = frozenset(scalar_forward_params(fwd, getattr(self, "reference_src", None)))
        return self._scalar_params

    def position(self, ks: frozenset, i: int) -> frozenset:
        """Kinds of element i: exact for tuples built from a literal (`return x2, n_rows, n_cols`), else any."""
        out: set = set()
        for k in ks:
            if isinstance(k, tuple) and k[0] == "seq" and len(k) > 2 and -len(k[2]) <= i < len(k[2]):
                out |= k[2][i]
            else:
                out |= self.elements(frozenset({k}))
        return frozenset(out)

    @staticmethod
    def elements(ks: frozenset) -> frozenset:
        out = set()
        for k in ks:
            if k == T or k == M:
                out.add(k)
            elif isinstance(k, tuple) and k[0] == "seq":
                out |= k[1]
        return frozenset(out)

    def kinds(self, e: ast.AST, unit: Unit, d: int = 0) -> frozenset:
        key = (id(e), unit.key)
        if d > 25 or key in self.memo:
            return self.memo.get(key, EMPTY)
        self.memo[key] = EMPTY  # cycle guard
        self.memo[key] = res = frozenset(self._kinds(e, unit, d + 1))
        return res

    def _kinds(self, e: ast.AST, unit: Unit, d: int) -> set:
        if isinstance(e, ast.Constant) and e.value == T:  # register_buffer marker
            return {T}
        if isinstance(e, ast.Name):
            if unit.self_name and e.id == unit.self_name:
                return {("inst", unit.cls)}
            local = self.locals_of(unit).get(e.id)
            if local:
                return set().union(*(self.binding_kinds(h, unit, d) for h in local))
            if e.id in self.f.kernels:
                return {K}
            if e.id in self.f.funcs:
                return {("fn", self.f.funcs[e.id], None, 0)}
            if e.id in self.f.classes:
                return {("cls", e.id)}
            if e.id in self.names.imports:
                return self.qual_kinds(self.names.imports[e.id])
            return set().union(*(self.kinds(x, self.module_unit, d) for x in self.f.values.get(e.id, [])))
        if isinstance(e, ast.Attribute):
            q = self.names.qual(e)
            if q:
                return self.qual_kinds(q)
            out: set = set()
            for k in self.kinds(e.value, unit, d):
                if k == T and e.attr in TENSOR_ATTRS:
                    out.add(T)
                elif k == M:
                    out.add(F if e.attr == "forward" else T if ("weight" in e.attr or "bias" in e.attr
                                                                or e.attr.startswith("running_")) else None)
                elif isinstance(k, tuple) and k[0] == "inst":
                    out |= self.attr_kinds(k[1], e.attr, d)
                elif isinstance(k, tuple) and k[0] == "cls":
                    m = self.f.method(k[1], "forward" if e.attr == "apply" else e.attr)
                    if m is not None and self.f.is_jit(m):
                        out.add(K)
                    elif m is not None:
                        out.add(("fn", m, k[1], 1 if e.attr == "apply" else 0))
            return out - {None}
        if isinstance(e, ast.Call) and literal_getattr(e) and self.names.qual(e):
            return self.qual_kinds(self.names.qual(e))
        if isinstance(e, ast.Call):
            out = set()
            q = self.names.qual(e.func)
            if q == "functools.partial" and e.args:  # a launcher with bound arguments is the launcher
                return self.kinds(e.args[0], unit, d)
            if self.f.jit_call(e) is not None:  # `kernel = triton.jit(fn)`: the decorator as a call
                return frozenset({K})
            if q == "torch.library.wrap_triton" and len(e.args) == 1:  # the kernel, launched as it is
                return frozenset(self.kinds(e.args[0], unit, d) & {K})
            if q and q.startswith("torch."):
                last = q.rsplit(".", 1)[-1]
                if last in ALLOCATIONS or q[len("torch."):] in TORCH_VIEW_FUNCTIONS:
                    out.add(T)
                elif self.torch_allowed(q):
                    pass
                elif last in NN_CONTAINERS:
                    inner = set().union(*(self.kinds(a, unit, d) for a in e.args)) if e.args else set()
                    out.add(("seq", frozenset(self.elements(frozenset(inner)) | (inner - {T}))))
                elif q.startswith("torch.nn.") and last[:1].isupper():
                    out.add(M)
                else:
                    out.add(T)
            for k in self.kinds(e.func, unit, d):
                if isinstance(k, tuple) and k[0] == "cls":
                    out.add(("inst", k[1]))
                elif isinstance(k, tuple) and k[0] == "fn":
                    out |= self.return_kinds(k, d)
                elif k in (M, F):
                    out.add(T)
            if isinstance(e.func, ast.Attribute) and T in self.kinds(e.func.value, unit, d):
                if e.func.attr in ("split", "chunk", "unbind", "tensor_split"):
                    out.add(("seq", frozenset({T})))
                elif e.func.attr not in TENSOR_META_METHODS:
                    out.add(T)
            return out
        if isinstance(e, ast.Subscript):
            if isinstance(e.slice, ast.Constant) and type(e.slice.value) is int:
                return set(self.position(self.kinds(e.value, unit, d), e.slice.value))
            out = set()
            for k in self.kinds(e.value, unit, d):
                if k in (T, M):
                    out.add(k)
                elif isinstance(k, tuple) and k[0] == "seq":
                    out |= k[1]
            return out
        if isinstance(e, (ast.List, ast.Tuple, ast.Set)):
            parts = tuple(frozenset(self.kinds(x, unit, d)) for x in e.elts)
            if isinstance(e, ast.Set) or any(isinstance(x, ast.Starred) for x in e.elts):
                return {("seq", frozenset().union(*parts))}
            return {("seq", frozenset().union(*parts), parts)}  # with the kinds of each position
        if isinstance(e, ast.Dict):
            return {("seq", frozenset().union(*(self.kinds(x, unit, d) for x in e.values)))}
        if isinstance(e, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
            return {("seq", self.kinds(e.elt, unit, d))}
        if isinstance(e, ast.DictComp):
            return {("seq", self.kinds(e.value, unit, d))}
        if isinstance(e, ast.Lambda):
            return {("fn", e, unit.cls, 0)}
        if isinstance(e, ast.IfExp):
            return set(self.kinds(e.body, unit, d) | self.kinds(e.orelse, unit, d))
        if isinstance(e, ast.BoolOp):
            return set().union(*(self.kinds(x, unit, d) for x in e.values))
        if isinstance(e, ast.BinOp):
            return {T} if T in (self.kinds(e.left, unit, d) | self.kinds(e.right, unit, d)) else set()
        if isinstance(e, ast.UnaryOp):
            return {T} & set(self.kinds(e.operand, unit, d))
        if isinstance(e, (ast.Starred, ast.NamedExpr, ast.Await)):
            return set(self.kinds(e.value, unit, d))
        return set()

    def qual_kinds(self, q: str) -> set:
        if q.startswith("torch.") and not self.torch_allowed(q) and not classify_qualname(q):
            return {F}
        return set()

    def attr_kinds(self, cls: str, attr: str, d: int) -> set:
        out: set = set()
        m = self.f.method(cls, attr)
        if m is not None and self.f.is_jit(m):  # a kernel defined in the class (`@staticmethod @triton.jit`)
            out.add(K)
        elif m is not None:
            static = any(isinstance(x, ast.Name) and x.id == "staticmethod" for x in m.decorator_list)
            out.add(("fn", m, cls, 0 if static else 1))
        for info in self.f.mro(cls):
            for value, method in info.attrs.get(attr, []):
                unit = Unit(method, cls) if method is not None else Unit(info.node, None)
                out |= self.kinds(value, unit, d)
        return out

    def return_kinds(self, k: tuple, d: int) -> set:
        fn, cls = k[1], k[2]
        unit = Unit(fn, cls)
        if isinstance(fn, ast.Lambda):
            return set(self.kinds(fn.body, unit, d))
        return set().union(*(self.kinds(n.value, unit, d) for n in self.walk(fn)
                             if isinstance(n, ast.Return) and n.value is not None))

    @staticmethod
    def torch_allowed(q: str) -> bool:
        rest = q[len("torch."):]
        if rest in TORCH_ALLOWED or rest in TORCH_VIEW_FUNCTIONS or rest.startswith(("float8", "version.")):
            return True
        if rest in _ALLOWED_NAMESPACES:  # `torch.backends.cuda` on the way to an allowed flag
            return True
        if rest.startswith("Tensor."):
            return rest[7:] in TENSOR_VIEW_METHODS | TENSOR_META_METHODS
        return False

    def walk(self, fn: ast.AST):
        """ast.walk of a unit, not descending into @triton.jit kernels nested in it."""
        todo = list(fn.body) if isinstance(fn.body, list) else [fn.body]
        if hasattr(fn, "args"):
            todo += fn.args.defaults + [x for x in fn.args.kw_defaults if x is not None]
        yield fn
        while todo:
            n = todo.pop()
            if isinstance(n, ast.FunctionDef) and self.f.is_jit(n):
                continue
            yield n
            todo.extend(ast.iter_child_nodes(n))

    # ---- what the forward path reaches ---------------------------------------------------------
    def callees(self, fk: frozenset) -> list[tuple[ast.AST, int]]:
        out = []
        for k in fk:
            if isinstance(k, tuple) and k[0] == "fn":
                out.append((k[1], k[3]))
            elif isinstance(k, tuple) and k[0] in ("inst", "cls"):
                m = (self.f.method(k[1], "forward") or self.f.method(k[1], "__call__")) if k[0] == "inst" \
                    else self.f.method(k[1], "__init__")  # a plain launcher class is called through __call__
                if m is not None:
                    out.append((m, 1))
        return out

    def reach(self, ks: frozenset, todo: list[Unit], called: bool) -> None:
        for k in ks | self.elements(ks):
            if not isinstance(k, tuple):
                continue
            if k[0] == "fn":
                todo.append(Unit(k[1], k[2]))
            elif called and k[0] == "inst":
                for name in ("forward", "__call__"):
                    m = self.f.method(k[1], name)
                    if m is not None:
                        todo.append(Unit(m, k[1]))
            elif called and k[0] == "cls" and self.f.method(k[1], "__init__") is not None:
                todo.append(Unit(self.f.method(k[1], "__init__"), k[1], is_init=True))


def _is_number(e: ast.AST | None, consts: dict[str, ast.AST]) -> bool:
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, (ast.USub, ast.UAdd)):
        e = e.operand
    if isinstance(e, ast.Name) and e.id in consts:
        return _is_number(consts[e.id], {})
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id in ("int", "float", "bool"):
        return True
    return isinstance(e, ast.Constant) and type(e.value) in (int, float, bool)


def scalar_forward_params(fwd: ast.FunctionDef, reference_src: str | None) -> set[str]:
    """See KindInference.scalar_params. (The run-time watch still sees any tensor compute: this only spares
    Python arithmetic on a `dim` or a `temperature` the static rules would take for tensor arithmetic.)"""
    params = [a.arg for a in fwd.args.args][1:]
    out = set()
    for a in fwd.args.args[1:] + fwd.args.kwonlyargs:
        ann = a.annotation
        if isinstance(ann, ast.Name) and ann.id in ("int", "float", "bool"):
            out.add(a.arg)
    defaults = dict(zip(params[len(params) - len(fwd.args.defaults):], fwd.args.defaults)) if fwd.args.defaults else {}
    passed: list[ast.AST] | None = None
    consts: dict[str, ast.AST] = {}
    try:
        tree = ast.parse(reference_src or "")
    except (SyntaxError, ValueError):
        tree = ast.Module(body=[], type_ignores=[])
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            consts[stmt.targets[0].id] = stmt.value
        if isinstance(stmt, ast.FunctionDef) and stmt.name == "get_inputs":
            rets = [n.value for n in ast.walk(stmt) if isinstance(n, ast.Return) and n.value is not None]
            if len(rets) == 1 and isinstance(rets[0], (ast.List, ast.Tuple)) \
                    and not any(isinstance(e, ast.Starred) for e in rets[0].elts):
                passed = list(rets[0].elts)
    for i, name in enumerate(params):
        if passed is not None and i < len(passed):
            if _is_number(passed[i], consts):
                out.add(name)
        elif passed is not None and _is_number(defaults.get(name), {}):
            out.add(name)
    return out
