"""Forward-path rules for the static checks: from ModelNew.forward, walk every function, method and lambda it
may reach (the reach and the kinds of values come from kinds.py), flag PyTorch compute, private torch
attributes, precision downgrades and state kept across calls on that path, and check that every path through
forward launches a @triton.jit kernel. Pure AST work; used by checks.py, which owns the file-wide
orchestration."""
from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from tritonrl.verifier_workers.static.kinds import EMPTY, F, K, M, T, KindInference, Unit
from tritonrl.verifier_workers.static.allowlists import (
    AMBIGUOUS_METHODS, MODULE_SAFE_METHODS, PY_BUILTIN_REDUCERS, TENSOR_COMPUTE_METHODS, TENSOR_META_METHODS,
    TENSOR_NON_CALLABLE, TENSOR_VIEW_METHODS)
from tritonrl.verifier_workers.static.ref_precision import reference_precisions
from tritonrl.verifier_workers.static.qualnames import classify_qualname, literal_getattr, low_precision_name
from tritonrl.verifier_workers.static.state_writes import batchnorm_counter_step, reads_target, registers_state
from tritonrl.verifier_workers.static.violations import Violation, v

if TYPE_CHECKING:  # only for hints: checks.py imports this module
    from tritonrl.verifier_workers.static.checks import Facts

MUTATORS = {"append", "extend", "insert", "update", "setdefault", "add", "pop", "popitem", "clear", "remove",
            "__setitem__", "discard", "appendleft", "extendleft"}

MODULE_MACHINERY = {"to", "_apply", "apply", "cuda", "cpu", "float", "half", "double", "bfloat16", "type", "to_empty",
                    "train", "eval", "load_state_dict", "_load_from_state_dict", "state_dict", "share_memory",
                    "register_buffer", "register_parameter", "register_module", "add_module"}


class Forward(KindInference):
    """The rules on the forward path (and the kernel-launch check) over the kind inference it extends."""

    def __init__(self, facts: Facts, reference_src: str | None):
        super().__init__(facts)
        self.reference_src = reference_src
        self.ref_precisions = reference_precisions(reference_src)
        self.dtype_guarded: dict[int, set[str]] = {}  # node id -> low precisions its `if x.dtype == ...` allows
        self.unit_locals: frozenset = frozenset()

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
        # dunders, and overrides of what the harness calls on the module after construction (`.to()` runs
        # `_apply`): code there runs outside __init__, so it follows the forward path's rules
        self._kernels_into_constructors()
        roots = [Unit(fwd, "ModelNew")] + [Unit(m, "ModelNew") for info in self.f.mro("ModelNew")
                                           for n, m in info.methods.items()
                                           if (n.startswith("__") and n != "__init__") or n in MODULE_MACHINERY]
        # the dunders of the candidate's other classes run implicitly (`len(obj)` runs `__len__`), whatever the
        # base: a helper class's `__len__` computed on the host unseen (red-team round of 2026-11-27, R4A_02)
        mro = {id(info.node) for info in self.f.mro("ModelNew")}
        roots += [Unit(m, name) for name, info in self.f.classes.items() if id(info.node) not in mro
                  for n, m in info.methods.items() if n.startswith("__") and n.endswith("__") and n != "__init__"]
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

    def _kernels_into_constructors(self) -> None:
        """`Launcher(relu_kernel)` anywhere in the file: the class's __init__ parameter is a kernel, so the
        `self.kernel[grid](...)` its forward runs is a launch. (Argument kinds otherwise flow only along the
        forward path, and constructors run before it.)"""
        for c in self.f.nodes:
            if not (isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id in self.f.classes):
                continue
            init = self.f.method(c.func.id, "__init__")
            if init is None:
                continue
            params = [a.arg for a in init.args.args][1:]
            pairs = list(zip(params, c.args)) + [(kw.arg, kw.value) for kw in c.keywords if kw.arg]
            for p, a in pairs:
                if isinstance(a, ast.Name) and a.id in self.f.kernels and a.id not in self.names.aliases:
                    key = (id(init), p)
                    self.param_kinds[key] = self.param_kinds.get(key, EMPTY) | {K}

    def alignment_checks(self) -> set[int]:
        """`data_ptr()` calls that can only test an address (`assert x.data_ptr() % 16 == 0`): inside an
        assert, or reduced modulo an alignment. Anything else could be a cache key."""
        if getattr(self, "_alignment_checks", None) is None:
            ids = {id(c) for a in self.f.nodes if isinstance(a, ast.Assert) for c in ast.walk(a.test)}
            ids |= {id(b.left) for b in self.f.nodes if isinstance(b, ast.BinOp) and isinstance(b.op, ast.Mod)
                    and isinstance(b.right, ast.Constant) and type(b.right.value) is int and 0 < b.right.value <= 1024}
            self._alignment_checks = ids
        return self._alignment_checks

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
        self.unit_locals = frozenset(locals_)
        self._mark_dtype_guards(fn)
        rebound = "range" in self.names.aliases or "range" in self.names.safe_bound
        range_indexed = set() if rebound else _range_indexed(fn)
        # `isinstance(m, nn.Linear)`: a class named to test a type, not called
        class_refs = {id(e) for c in self.walk(fn) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)
                      and c.func.id in ("isinstance", "issubclass") and c.func.id not in self.names.safe_bound
                      and len(c.args) == 2 for e in ast.walk(c.args[1])}
        plain = self._plain_state_writes(fn, unit)
        for n in self.walk(fn):
            if isinstance(n, ast.Call) and literal_getattr(n) or (
                    isinstance(n, (ast.Name, ast.Attribute)) and isinstance(n.ctx, ast.Load)):
                self.reach(self.kinds(n, unit), todo, called=False)
                q = self.names.qual(n) if not (isinstance(n, ast.Name) and n.id in locals_) else None
                if q and q.startswith("torch.") and not self.torch_allowed(q) and not classify_qualname(q) \
                        and id(n) not in class_refs:
                    out.append(v("torch_compute", n, f"uses `{q}` on the forward path"))
                if isinstance(n, ast.Attribute) and n.attr.startswith("_") and not n.attr.startswith("__") \
                        and self.kinds(n.value, unit) & {T, M} and not (q and classify_qualname(q) is None
                                                                          and q.startswith("torch._C")):
                    out.append(v("private_api", n, f"private attribute `.{n.attr}` of a torch object"))
            if isinstance(n, (ast.For, ast.While, ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
                out += _host_reads_in_loop(n)
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
            elif isinstance(n, ast.Subscript) and T in self.kinds(n.slice, unit) and id(n) not in range_indexed:
                out.append(v("torch_compute", n, f"tensor-indexed gather/scatter `{ast.unparse(n)[:60]}`"))
            elif isinstance(n, (ast.Global, ast.Nonlocal)):
                out.append(v("output_cache", n, f"`{type(n).__name__.lower()}` on the forward path"))
            if isinstance(n, (ast.Attribute, ast.Subscript)) and isinstance(n.ctx, (ast.Store, ast.Del)) \
                    and not unit.is_init and id(n) not in plain and self.is_shared_state(n, unit, locals_):
                out.append(v("output_cache", n, f"writes `{ast.unparse(n)[:60]}` (state kept across calls)"))
            if not unit.is_init and isinstance(n, ast.Call) and registers_state(n, unit.self_name):
                out.append(v("output_cache", n, f"`{ast.unparse(n.func)[:60]}` adds module state on the forward path"))
        return out

    def holds_no_tensor(self, e: ast.expr, unit: Unit) -> bool:
        """A value with no tensor, module, torch function or kernel in it (ints, flags, a launch config)."""
        ks = self.kinds(e, unit)
        return not ((ks | self.elements(ks)) & {T, M, F, K})

    def _plain_state_writes(self, fn: ast.AST, unit: Unit) -> set[int]:
        """Store targets on the forward path that keep no tensor across calls: a launch configuration cached
        per shape (`self._cfg[n] = (block, warps)`), a flag, BatchNorm's `num_batches_tracked += 1`. An output
        kept across calls is caught at run time anyway (fresh inputs on every call, output aliasing)."""
        out = set()
        for n in self.walk(fn):
            if isinstance(n, (ast.Assign, ast.AnnAssign)) and n.value is not None \
                    and self.holds_no_tensor(n.value, unit):
                targets = n.targets if isinstance(n, ast.Assign) else [n.target]  # a counter is no plain write:
                out |= {id(t) for t in targets if not reads_target(n.value, t)}  # replays key on the call count
            elif isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Attribute) and (
                    n.target.attr == "num_batches_tracked" and isinstance(n.op, ast.Add)
                    and isinstance(n.value, ast.Constant) and type(n.value.value) is int):
                out.add(id(n.target))
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
                                           or root.id in self.f.classes or root.id in self.f.kernels)

    def shared_container(self, box: ast.AST, unit: Unit, locals_: dict, depth: int = 0) -> bool:
        """Module or instance state reached through method calls (`self.memo.setdefault(k, []).append(out)`)
        or through a local bound to part of it (`bucket = CACHE.setdefault(k, [])`; `bucket.append(out)`)."""
        root = box
        while isinstance(root, (ast.Attribute, ast.Subscript, ast.Call)):
            root = root.func if isinstance(root, ast.Call) else root.value
        if isinstance(root, ast.Name) and root.id in locals_ and root.id != unit.self_name:
            return depth < 4 and any(h[0] == "expr" and self.shared_container(h[1], unit, locals_, depth + 1)
                                     for h in locals_[root.id])
        return isinstance(root, ast.Name) and self.is_shared_state(root, unit, locals_)

    def check_call(self, n: ast.Call, unit: Unit, todo: list[Unit]) -> list[Violation]:
        out: list[Violation] = []
        if isinstance(n.func, ast.Call) and literal_getattr(n.func):  # getattr(x, "exp")() is x.exp()
            n = ast.copy_location(ast.Call(func=ast.copy_location(ast.Attribute(
                value=n.func.args[0], attr=n.func.args[1].value, ctx=ast.Load()), n.func), args=n.args,
                keywords=n.keywords), n)
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
        if meth == "data_ptr" and id(n) not in self.alignment_checks():
            out.append(v("output_cache", n, "data_ptr() (caching by address)"))
        if meth in ("half", "bfloat16"):
            out += self._downgrade(meth if meth == "bfloat16" else "float16", n, f".{meth}()")
        if meth in ("to", "type"):
            for a in list(n.args) + [kw.value for kw in n.keywords if kw.arg in ("dtype", None)]:
                out += self.precision(a, n)
        # `dict.update(CACHE, ...)`, `operator.setitem(self.memo, k, out)`: the container is the first argument
        unbound = (isinstance(recv, ast.Name) and recv.id in ("dict", "list", "set") or rq == "operator") and n.args
        box, args = (n.args[0], n.args[1:]) if unbound else (recv, list(n.args))
        if (meth in MUTATORS or unbound and meth in ("setitem", "__setitem__")) and not unit.is_init \
                and self.shared_container(box, unit, self.locals_of(unit)) \
                and not all(self.holds_no_tensor(a, unit) for a in list(args) + [k.value for k in n.keywords]):
            out.append(v("output_cache", n, f"mutates `{ast.unparse(box)[:40]}` (state kept across calls)"))
        own = any(isinstance(k, tuple) and k[0] in ("inst", "cls") for k in rk)
        if batchnorm_counter_step(meth, recv, n):
            return out
        if M in rk and meth not in MODULE_SAFE_METHODS:
            out.append(v("torch_compute", n, f"runs nn module method `{src}`"))
        elif T in rk and meth not in TENSOR_VIEW_METHODS | TENSOR_META_METHODS | TENSOR_NON_CALLABLE | {"half", "bfloat16"}:
            out.append(v("torch_compute", n, f"tensor method `{src}()` computes in PyTorch"))
        elif not own and meth in TENSOR_COMPUTE_METHODS - AMBIGUOUS_METHODS - {"half", "bfloat16"}:
            out.append(v("torch_compute", n, f"`{src}()` looks like a PyTorch compute method"))
        return out

    def _mark_dtype_guards(self, fn: ast.AST) -> None:
        """Code under `if x.dtype == torch.bfloat16:` (or a ternary on it) keeps the input's own precision:
        the verifier's other-precision variant feeds bf16/fp16 inputs, and matching them is no downgrade."""
        for n in self.walk(fn):
            if isinstance(n, (ast.If, ast.IfExp)) and "dtype" in ast.unparse(n.test):
                lows = {low_precision_name(self.names.qual(c)) for cmp in ast.walk(n.test)
                        if isinstance(cmp, ast.Compare) and all(isinstance(o, (ast.Eq, ast.In, ast.Is)) for o in cmp.ops)
                        for c in ast.walk(cmp) if isinstance(c, (ast.Name, ast.Attribute))} - {None}
                body = n.body if isinstance(n.body, list) else [n.body]
                for part in body:
                    for c in ast.walk(part):
                        self.dtype_guarded.setdefault(id(c), set()).update(lows)

    def precision(self, e: ast.AST, where: ast.AST) -> list[Violation]:
        if isinstance(e, ast.Name) and e.id in self.unit_locals:  # `dtype = x.dtype`, not a module-level alias
            return []
        q = self.names.qual(e) if not isinstance(e, ast.Constant) else str(e.value)
        low = low_precision_name(q)
        return self._downgrade(low, where, q) if low else []

    def _downgrade(self, low: str, where: ast.AST, what: str | None) -> list[Violation]:
        if low in self.ref_precisions or low in self.dtype_guarded.get(id(where), ()):
            return []
        return [v("precision_downgrade", where, f"`{what}` lowers precision to {low}; the reference does not")]

    # ---- every path through forward launches a kernel ------------------------------------------
    def must_launch(self, body: list[ast.stmt], unit: Unit, stack: set) -> bool:
        return self._seq(body, unit, stack) == "launched"

    def _seq(self, body: list[ast.stmt], unit: Unit, stack: set) -> str:
        """'launched' | 'open' (falls through, no launch yet) | 'exit' (can leave without a launch) |
        'never' (cannot get past here normally: it raises)."""
        for s in body:
            if isinstance(s, (ast.Break, ast.Continue)):
                return "open"
            r = self._stmt(s, unit, stack)
            if r != "open":
                return r
        return "open"

    def _stmt(self, s: ast.stmt, unit: Unit, stack: set) -> str:
        if isinstance(s, ast.Raise):  # input checks (`if x.dim() != 2: raise ValueError`) end no normal path
            return "launched" if s.exc is not None and self._expr(s.exc, unit, stack) else "never"
        if isinstance(s, ast.Return):
            return "launched" if s.value is not None and self._expr(s.value, unit, stack) else "exit"
        if isinstance(s, ast.If):
            if self._expr(s.test, unit, stack):
                return "launched"
            const = s.test.value if isinstance(s.test, ast.Constant) else None
            if isinstance(s.test, ast.Constant):
                return self._seq(s.body if const else s.orelse, unit, stack)
            return _either(self._seq(s.body, unit, stack), self._seq(s.orelse, unit, stack))
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
        if isinstance(s, ast.Match):
            if self._expr(s.subject, unit, stack):
                return "launched"
            ways = [self._seq(c.body, unit, stack) for c in s.cases]
            if not any(isinstance(c.pattern, ast.MatchAs) and c.pattern.pattern is None and c.guard is None
                       for c in s.cases):
                ways.append("open")  # no catch-all case: the match can fall through
            out = ways[0] if ways else "open"
            for w in ways[1:]:
                out = _either(out, w)
            return out
        if isinstance(s, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef, ast.Lambda)):
            return "open"
        return "launched" if any(self._expr(c, unit, stack) for c in ast.iter_child_nodes(s)
                                 if isinstance(c, ast.expr)) else "open"

    def _container_launches(self, elems: frozenset, stack: set) -> bool:
        units = [Unit(self.f.method(k[1], "forward"), k[1]) for k in elems
                 if isinstance(k, tuple) and k[0] == "inst" and self.f.method(k[1], "forward") is not None]
        return bool(units) and all(u.key not in stack and len(stack) < 30 and self.must_launch(
            u.fn.body, u, stack | {u.key}) for u in units)

    def _expr(self, e: ast.AST, unit: Unit, stack: set) -> bool:
        """Whether evaluating e surely launches a jit kernel (conditional parts do not count)."""
        if isinstance(e, ast.Lambda):
            return False
        if isinstance(e, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            # like a for loop: `torch.stack([launch(a[i]) for i in range(B)])` launches unless it is empty
            # or filtered (the run-time launch count still has the last word)
            first = e.generators[0]
            if self._expr(first.iter, unit, stack):
                return True
            if any(g.ifs for g in e.generators) or any(_surely_empty(g.iter) for g in e.generators):
                return False
            elts = [e.key, e.value] if isinstance(e, ast.DictComp) else [e.elt]
            return any(self._expr(x, unit, stack) for x in elts)
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
                if isinstance(k, tuple) and k[0] == "fn" and isinstance(k[1], ast.Lambda) and len(stack) < 30:
                    lam = Unit(k[1], k[2])
                    if lam.key not in stack and self._expr(k[1].body, lam, stack | {lam.key}):
                        return True  # launch = lambda b: kernel[grid](..., BLOCK=b); launch(1024)
                if isinstance(k, tuple) and k[0] == "fn" and isinstance(k[1], ast.FunctionDef):
                    target = Unit(k[1], k[2])
                elif isinstance(k, tuple) and k[0] == "inst":
                    m = self.f.method(k[1], "forward") or self.f.method(k[1], "__call__")  # launcher objects
                    target = Unit(m, k[1]) if m is not None else None
                if target is not None and target.key not in stack and len(stack) < 30:
                    if self.must_launch(target.fn.body, target, stack | {target.key}):
                        return True
                if isinstance(k, tuple) and k[0] == "seq" and self._container_launches(k[1], stack):
                    return True  # nn.Sequential(TritonLinear(...), ...)(x): each module's forward launches
        return any(self._expr(c, unit, stack) for c in ast.iter_child_nodes(e) if isinstance(c, ast.expr))


def _range_indexed(fn: ast.AST) -> set[int]:
    """Subscripts `x[b]` inside `for b in range(...)`: b is an int there, whatever else the name is bound
    to later (`b = self.bias` after the loop; kinds are flow-insensitive)."""
    out: set[int] = set()
    for loop in ast.walk(fn):
        if (isinstance(loop, ast.For) and isinstance(loop.target, ast.Name) and isinstance(loop.iter, ast.Call)
                and isinstance(loop.iter.func, ast.Name) and loop.iter.func.id == "range"):
            name = loop.target.id
            out |= {id(n) for stmt in loop.body for n in ast.walk(stmt)
                    if isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Name) and n.slice.id == name}
    return out


def _host_reads_in_loop(loop: ast.AST) -> list[Violation]:
    """`.item()` in a loop reads a tensor element by element into Python: host-side compute."""
    parts = loop.body + loop.orelse if isinstance(loop, (ast.For, ast.While)) else [loop]
    return [v("torch_compute", c, f"`{ast.unparse(c)[:50]}` in a loop reads tensor elements on the host")
            for part in parts for c in ast.walk(part)
            if isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute) and c.func.attr == "item"]


def _either(a: str, b: str) -> str:
    """The outcome of an if/else from its branches'. A branch that returns without a launch while the other
    goes on is a guard (`if x.numel() == 0: return out`): the path that goes on must launch, and the runtime
    launch hook checks that every call really launched. Only when no branch can go on does an exit count."""
    ways = {a, b} - {"never"}
    if not ways:
        return "never"
    if ways == {"exit"}:
        return "exit"
    ways.discard("exit")
    return "launched" if ways == {"launched"} else "open"


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
