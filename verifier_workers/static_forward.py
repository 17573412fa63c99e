"""Forward-path analysis for the static checks: from ModelNew.forward, find every function, method and
lambda it may reach (with a small kind inference: tensor, nn module, torch function, jit kernel), flag
PyTorch compute, private torch attributes, precision downgrades and state kept across calls on that path,
and check that every path through forward launches a @triton.jit kernel. Pure AST work; used by
static_checks.py, which owns the file-wide orchestration."""
from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from tritonrl.verifier_workers.static_rules import (
    AMBIGUOUS_METHODS, MODULE_SAFE_METHODS, NN_CONTAINERS, PY_BUILTIN_REDUCERS, TENSOR_ATTRS,
    TENSOR_COMPUTE_METHODS, TENSOR_META_METHODS, TENSOR_NON_CALLABLE, TENSOR_VIEW_METHODS, TORCH_ALLOWED, Violation,
    classify_qualname, literal_getattr, low_precision_name, v)

if TYPE_CHECKING:  # only for hints: static_checks imports this module
    from tritonrl.verifier_workers.static_checks import Facts

T, M, F, K = "tensor", "torch_module", "torch_fn", "kernel"  # kinds of values (see Forward.kinds)
MUTATORS = {"append", "extend", "insert", "update", "setdefault", "add", "pop", "popitem", "clear", "remove",
            "__setitem__", "discard"}
EMPTY: frozenset = frozenset()
ALLOCATIONS = {"empty", "empty_like", "empty_strided", "zeros", "zeros_like", "ones", "ones_like", "full",
               "full_like", "arange", "tensor", "as_tensor", "Parameter", "Buffer"}


class Unit:
    """A function (or lambda) reachable from forward, with the candidate class whose instance `self` is."""

    def __init__(self, fn: ast.AST, cls: str | None, is_init: bool = False):
        self.fn, self.cls, self.is_init = fn, cls, is_init
        args = fn.args.args if hasattr(fn, "args") else []
        static = any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in getattr(fn, "decorator_list", []))
        self.self_name = args[0].arg if cls and args and not static and isinstance(fn, ast.FunctionDef) else None
        self.key = (id(fn), cls)


class Forward:
    """May-reach analysis from ModelNew.forward with small kind inference (tensor, nn module, kernel...)."""

    def __init__(self, facts: Facts, reference_src: str | None):
        self.f, self.names = facts, facts.names
        ref = reference_src or ""
        self.ref_precisions = {p for p, pat in (("float16", r"float16|\bhalf\b"), ("bfloat16", r"bfloat16"),
                                                ("float8", r"float8")) if re.search(pat, ref)}
        self.param_kinds: dict[tuple[int, str], frozenset] = {}
        self.locals_cache: dict[int, dict[str, list[tuple]]] = {}
        self.module_unit = Unit(ast.Module(body=[], type_ignores=[]), None)  # values of module-level names

    # ---- driver -------------------------------------------------------------------------------
    def run(self) -> list[Violation]:
        fwd = self.f.method("ModelNew", "forward")
        if fwd is None:
            return [v("kernel_not_launched", self.f.classes["ModelNew"].node, "ModelNew has no forward")]
        out = []
        for info in self.f.mro("ModelNew"):
            for name in ("__call__", "_call_impl", "__getattr__", "__getattribute__", "_wrapped_call_impl"):
                if name in info.methods:
                    out.append(v("monkeypatch", info.methods[name], f"ModelNew's class defines {name}"))
        roots = [Unit(fwd, "ModelNew")] + [Unit(m, "ModelNew") for info in self.f.mro("ModelNew")
                                           for n, m in info.methods.items() if n.startswith("__") and n != "__init__"]
        for _ in range(6):  # propagate argument kinds into helpers until stable
            before = dict(self.param_kinds)
            self.memo: dict[tuple, frozenset] = {}
            found = self.scan(roots)
            if self.param_kinds == before:
                break
        out += found
        self.memo = {}
        if not self.must_launch(fwd.body, Unit(fwd, "ModelNew"), set()):
            out.append(v("kernel_not_launched", fwd, "no @triton.jit kernel launch (`kernel[grid](...)`) on "
                                                     "every path through ModelNew.forward"))
        return out

    def scan(self, roots: list[Unit]) -> list[Violation]:
        out: list[Violation] = []
        todo, done = list(roots), set()
        while todo:
            unit = todo.pop()
            if unit.key in done or len(done) > 200:
                continue
            done.add(unit.key)
            out += self.check_unit(unit, todo)
        return out

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
            return frozenset({(K,) if self.f.is_jit(how[1]) else ("fn", how[1], unit.cls, 0)})
        if tag == "param":
            fn, name = how[1], how[2]
            if fn is unit.fn and unit.self_name == name:
                return frozenset({("inst", unit.cls)})
            if fn is self.f.method("ModelNew", "forward") and name != unit.self_name:
                return frozenset({T})
            return self.param_kinds.get((id(fn), name), EMPTY)
        if tag == "iter":
            return self.elements(self.kinds(how[1], unit, d))
        if tag == "unpack":
            inner, i = how[1], how[2]
            if inner[0] == "expr" and isinstance(inner[1], (ast.Tuple, ast.List)) and i < len(inner[1].elts):
                return self.kinds(inner[1].elts[i], unit, d)
            return self.elements(self.binding_kinds(inner, unit, d))
        return EMPTY

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
                    if m is not None:
                        out.add(("fn", m, k[1], 1 if e.attr == "apply" else 0))
            return out - {None}
        if isinstance(e, ast.Call) and literal_getattr(e) and self.names.qual(e):
            return self.qual_kinds(self.names.qual(e))
        if isinstance(e, ast.Call):
            out = set()
            q = self.names.qual(e.func)
            if q and q.startswith("torch."):
                last = q.rsplit(".", 1)[-1]
                if last in ALLOCATIONS:
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
            out = set()
            for k in self.kinds(e.value, unit, d):
                if k in (T, M):
                    out.add(k)
                elif isinstance(k, tuple) and k[0] == "seq":
                    out |= k[1]
            return out
        if isinstance(e, (ast.List, ast.Tuple, ast.Set)):
            return {("seq", frozenset().union(*(self.kinds(x, unit, d) for x in e.elts)))}
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
        if m is not None:
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
        if rest in TORCH_ALLOWED or rest.startswith(("float8", "version.")):
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

    # ---- rules on the forward path ------------------------------------------------------------
    def check_unit(self, unit: Unit, todo: list[Unit]) -> list[Violation]:
        out: list[Violation] = []
        fn = unit.fn
        for default in (fn.args.defaults + fn.args.kw_defaults) if hasattr(fn, "args") else []:
            if isinstance(default, (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp)) or (
                    isinstance(default, ast.Call) and isinstance(default.func, ast.Name)
                    and default.func.id in ("list", "dict", "set")):
                out.append(v("output_cache", default, "mutable default argument on the forward path"))
        locals_ = self.locals_of(unit)
        for n in self.walk(fn):
            if isinstance(n, ast.Call) and literal_getattr(n) or (
                    isinstance(n, (ast.Name, ast.Attribute)) and isinstance(n.ctx, ast.Load)):
                self.reach(self.kinds(n, unit), todo, called=False)
                q = self.names.qual(n) if not (isinstance(n, ast.Name) and n.id in locals_) else None
                if q and q.startswith("torch.") and not self.torch_allowed(q) and not classify_qualname(q):
                    out.append(v("torch_compute", n, f"uses `{q}` on the forward path"))
                if isinstance(n, ast.Attribute) and n.attr.startswith("_") and not n.attr.startswith("__") \
                        and self.kinds(n.value, unit) & {T, M}:
                    out.append(v("private_api", n, f"private attribute `.{n.attr}` of a torch object"))
            if isinstance(n, ast.Call):
                out += self.check_call(n, unit, todo)
            elif isinstance(n, ast.BinOp):
                if isinstance(n.op, ast.MatMult):
                    out.append(v("torch_compute", n, "`@` (matmul) on the forward path"))
                elif T in self.kinds(n.left, unit) | self.kinds(n.right, unit):
                    out.append(v("torch_compute", n, f"tensor arithmetic `{ast.unparse(n)[:60]}`"))
            elif isinstance(n, ast.AugAssign):
                if isinstance(n.op, ast.MatMult) or T in self.kinds(n.target, unit) | self.kinds(n.value, unit):
                    out.append(v("torch_compute", n, f"in-place tensor arithmetic `{ast.unparse(n)[:60]}`"))
            elif isinstance(n, ast.UnaryOp) and not isinstance(n.op, ast.Not) and T in self.kinds(n.operand, unit):
                out.append(v("torch_compute", n, f"tensor arithmetic `{ast.unparse(n)[:60]}`"))
            elif isinstance(n, ast.Compare) and not all(isinstance(o, (ast.Is, ast.IsNot, ast.In, ast.NotIn))
                                                        for o in n.ops):
                if any(T in self.kinds(x, unit) for x in [n.left] + n.comparators):
                    out.append(v("torch_compute", n, f"tensor comparison `{ast.unparse(n)[:60]}`"))
            elif isinstance(n, ast.Subscript) and T in self.kinds(n.slice, unit):
                out.append(v("torch_compute", n, f"tensor-indexed gather/scatter `{ast.unparse(n)[:60]}`"))
            elif isinstance(n, (ast.Global, ast.Nonlocal)):
                out.append(v("output_cache", n, f"`{type(n).__name__.lower()}` on the forward path"))
            if isinstance(n, (ast.Attribute, ast.Subscript)) and isinstance(n.ctx, (ast.Store, ast.Del)) \
                    and not unit.is_init and self.is_shared_state(n, unit, locals_):
                out.append(v("output_cache", n, f"writes `{ast.unparse(n)[:60]}` (state kept across calls)"))
        return out

    def is_shared_state(self, target: ast.AST, unit: Unit, locals_: dict) -> bool:
        """Whether target is rooted at self, a candidate class/function or a module-level name."""
        root = target
        while isinstance(root, (ast.Attribute, ast.Subscript)):
            root = root.value
        if not isinstance(root, ast.Name):
            return False
        if root.id == unit.self_name:
            return True
        return root.id not in locals_ and (root.id in self.f.values or root.id in self.f.funcs
                                           or root.id in self.f.classes)

    def check_call(self, n: ast.Call, unit: Unit, todo: list[Unit]) -> list[Violation]:
        out: list[Violation] = []
        fk = self.kinds(n.func, unit)
        src = ast.unparse(n.func)[:60]
        flat = fk | self.elements(fk)
        if M in flat or F in flat:
            out.append(v("torch_compute", n, f"calls PyTorch `{src}` on the forward path"))
        self.reach(fk, todo, called=True)
        for target, skip in self.callees(fk):  # argument kinds flow into the callee's parameters
            params = [a.arg for a in target.args.args][skip:]
            pairs = list(zip(params, n.args)) + [(kw.arg, kw.value) for kw in n.keywords if kw.arg]
            for p, a in pairs:
                key = (id(target), p)
                self.param_kinds[key] = self.param_kinds.get(key, EMPTY) | self.kinds(a, unit)
        for kw in n.keywords:
            if kw.arg == "dtype":
                out += self.precision(kw.value, n)
        if isinstance(n.func, ast.Name) and n.func.id in PY_BUILTIN_REDUCERS \
                and any(T in self.kinds(a, unit) | self.elements(self.kinds(a, unit)) for a in n.args):
            out.append(v("torch_compute", n, f"builtin `{n.func.id}` over a tensor"))
        if not isinstance(n.func, ast.Attribute):
            return out
        meth, recv = n.func.attr, n.func.value
        rq = self.names.qual(recv) or ""
        if rq.split(".")[0] in ("torch", "triton", "math", "typing"):
            return out
        rk = self.kinds(recv, unit)
        if meth == "data_ptr":
            out.append(v("output_cache", n, "data_ptr() (caching by address)"))
        if meth in ("half", "bfloat16"):
            out += self._downgrade(meth if meth == "bfloat16" else "float16", n, f".{meth}()")
        if meth in ("to", "type"):
            for a in list(n.args) + [kw.value for kw in n.keywords if kw.arg in ("dtype", None)]:
                out += self.precision(a, n)
        if meth in MUTATORS and not unit.is_init and self.is_shared_state(recv, unit, self.locals_of(unit)):
            out.append(v("output_cache", n, f"mutates `{ast.unparse(recv)[:40]}` (state kept across calls)"))
        own = any(isinstance(k, tuple) and k[0] in ("inst", "cls") for k in rk)
        if M in rk and meth not in MODULE_SAFE_METHODS:
            out.append(v("torch_compute", n, f"runs nn module method `{src}`"))
        elif T in rk and meth not in TENSOR_VIEW_METHODS | TENSOR_META_METHODS | TENSOR_NON_CALLABLE | {"half", "bfloat16"}:
            out.append(v("torch_compute", n, f"tensor method `{src}()` computes in PyTorch"))
        elif not own and meth in TENSOR_COMPUTE_METHODS - AMBIGUOUS_METHODS - {"half", "bfloat16"}:
            out.append(v("torch_compute", n, f"`{src}()` looks like a PyTorch compute method"))
        return out

    def callees(self, fk: frozenset) -> list[tuple[ast.AST, int]]:
        out = []
        for k in fk:
            if isinstance(k, tuple) and k[0] == "fn":
                out.append((k[1], k[3]))
            elif isinstance(k, tuple) and k[0] in ("inst", "cls"):
                m = self.f.method(k[1], "forward" if k[0] == "inst" else "__init__")
                if m is not None:
                    out.append((m, 1))
        return out

    def precision(self, e: ast.AST, where: ast.AST) -> list[Violation]:
        q = self.names.qual(e) if not isinstance(e, ast.Constant) else str(e.value)
        low = low_precision_name(q)
        return self._downgrade(low, where, q) if low else []

    def _downgrade(self, low: str, where: ast.AST, what: str | None) -> list[Violation]:
        if low in self.ref_precisions:
            return []
        return [v("precision_downgrade", where, f"`{what}` lowers precision to {low}; the reference does not")]

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

    # ---- every path through forward launches a kernel ------------------------------------------
    def must_launch(self, body: list[ast.stmt], unit: Unit, stack: set) -> bool:
        return self._seq(body, unit, stack) == "launched"

    def _seq(self, body: list[ast.stmt], unit: Unit, stack: set) -> str:
        """'launched' | 'open' (falls through, no launch yet) | 'exit' (can leave without a launch)."""
        for s in body:
            if isinstance(s, (ast.Break, ast.Continue)):
                return "open"
            r = self._stmt(s, unit, stack)
            if r != "open":
                return r
        return "open"

    def _stmt(self, s: ast.stmt, unit: Unit, stack: set) -> str:
        if isinstance(s, (ast.Return, ast.Raise)):
            val = s.value if isinstance(s, ast.Return) else s.exc
            return "launched" if val is not None and self._expr(val, unit, stack) else "exit"
        if isinstance(s, ast.If):
            if self._expr(s.test, unit, stack):
                return "launched"
            const = s.test.value if isinstance(s.test, ast.Constant) else None
            if isinstance(s.test, ast.Constant):
                return self._seq(s.body if const else s.orelse, unit, stack)
            a, b = self._seq(s.body, unit, stack), self._seq(s.orelse, unit, stack)
            if "exit" in (a, b):
                return "exit"
            return "launched" if a == b == "launched" else "open"
        if isinstance(s, (ast.For, ast.While)):
            it = s.iter if isinstance(s, ast.For) else s.test
            if self._expr(it, unit, stack):
                return "launched"
            return "open" if _surely_empty(it) else self._seq(s.body, unit, stack)
        if isinstance(s, ast.With):
            if any(self._expr(i.context_expr, unit, stack) for i in s.items):
                return "launched"
            return self._seq(s.body, unit, stack)
        if isinstance(s, ast.Try):
            return self._seq(s.body, unit, stack)
        if isinstance(s, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef, ast.Lambda)):
            return "open"
        return "launched" if any(self._expr(c, unit, stack) for c in ast.iter_child_nodes(s)
                                 if isinstance(c, ast.expr)) else "open"

    def _expr(self, e: ast.AST, unit: Unit, stack: set) -> bool:
        """Whether evaluating e surely launches a jit kernel (conditional parts do not count)."""
        if isinstance(e, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            return False
        if isinstance(e, ast.IfExp):
            return self._expr(e.test, unit, stack) or (self._expr(e.body, unit, stack)
                                                      and self._expr(e.orelse, unit, stack))
        if isinstance(e, ast.BoolOp):
            return self._expr(e.values[0], unit, stack)
        if isinstance(e, ast.Call):
            f = e.func
            if isinstance(f, ast.Subscript) and K in self.kinds(f.value, unit):
                return True
            if isinstance(f, ast.Attribute) and f.attr == "run" and K in self.kinds(f.value, unit):
                return True
            for k in self.kinds(f, unit):
                target = None
                if isinstance(k, tuple) and k[0] == "fn" and isinstance(k[1], ast.FunctionDef):
                    target = Unit(k[1], k[2])
                elif isinstance(k, tuple) and k[0] == "inst" and self.f.method(k[1], "forward") is not None:
                    target = Unit(self.f.method(k[1], "forward"), k[1])
                if target is not None and target.key not in stack and len(stack) < 30:
                    if self.must_launch(target.fn.body, target, stack | {target.key}):
                        return True
        return any(self._expr(c, unit, stack) for c in ast.iter_child_nodes(e) if isinstance(c, ast.expr))


def _surely_empty(it: ast.AST) -> bool:
    """A loop over this runs zero times (`range(0)`, `[]`, `while False`)."""
    if isinstance(it, (ast.List, ast.Tuple, ast.Set)):
        return not it.elts
    if isinstance(it, ast.Constant):
        return not it.value
    if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" and 1 <= len(it.args) <= 3 \
            and all(isinstance(a, ast.Constant) and type(a.value) is int for a in it.args):
        try:
            return len(range(*[a.value for a in it.args])) == 0
        except (ValueError, OverflowError):
            return False
    return False
