"""The allowlist rules of the static stage (docs/verifier-allowlist.md): candidate Python is a small language.

`check_allowlist(facts, parents) -> list[Violation]`, all `not_allowlisted`, each naming the construct:
  * host code: a name or attribute reached from an imported module must be in that module's explicit list
    (allowed_names.qual_allowed); a module (or namespace) is only the receiver of an attribute or the whole
    value of an alias, never an argument, element, return value or operand; an attribute of an object the
    candidate did not define must be a known one (HOST_OBJECT_ATTRS); a name the file never binds must be an
    allowed builtin (not one the interpreter or anything else injects into the module's globals);
  * kernel bodies (every @triton.jit function, and anything passed to `triton.jit(...)`): only the kernel's
    own parameters and locals, other jit functions, module-level constants, Triton/`math` names and a few
    builtins; attributes of values only from Triton's tensor/dtype API (never `.handle`, the interpreter's
    host array); no nested functions, lambdas or classes; `triton.jit(<expr>)` must name a function def;
  * Triton operations only in kernel bodies: host code names dtypes and types only (host_triton.py).
The other rules (rules.py, forward.py) still judge what an allowed name is used for. Pure AST work.
"""
from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from tritonrl.verifier_workers.static.allowed_names import (HOST_BUILTINS, HOST_OBJECT_ATTRS, KERNEL_BUILTINS,
                                                            NAMESPACES, STORAGE_IO_ATTRS, TL_VALUE_ATTRS,
                                                            qual_allowed)
from tritonrl.verifier_workers.static.host_triton import check_host_triton
from tritonrl.verifier_workers.static.existence import (global_may_exist, host_attr_exists, kernel_attr_exists,
                                                        lookup)
from tritonrl.verifier_workers.static.violations import Violation, v

if TYPE_CHECKING:  # only for hints: checks.py imports this module
    from tritonrl.verifier_workers.static.checks import Facts

CODE = "not_allowlisted"
UNKNOWN = "unknown_name"  # the thing does not exist at all (existence.py): an honest mistake, not a cheat
# builtins the file-wide rules already refuse with their own code (rules.BUILTIN_CODES)
REFUSED_ELSEWHERE = {"eval", "exec", "compile", "__import__", "globals", "locals", "vars", "breakpoint", "open",
                     "input", "exit", "quit", "dir", "__builtins__", "__loader__", "__spec__", "__file__",
                     "memoryview"}
DTYPE_PREFIX = "triton.language."


def check_allowlist(facts: Facts, parents: dict[int, ast.AST]) -> list[Violation]:
    return Allowlist(facts, parents).run() + check_host_triton(facts, parents)


class Allowlist:
    def __init__(self, facts: Facts, parents: dict[int, ast.AST]):
        self.f, self.names, self.parents = facts, facts.names, parents
        self.modules = {local for local, q in self.names.imports.items() if q in NAMESPACES}
        self.bound = _bound_names(facts.nodes)
        self.own_attrs = _own_attributes(facts.nodes)
        self.set_attrs = _own_attributes(facts.nodes, keywords=False)  # attributes some object really has
        self.kernel_of: dict[int, ast.FunctionDef] = {}
        for k in facts.all_kernels:  # the body: its decorators (autotune configs, prune hooks) are host code
            for n in (x for stmt in k.body for x in ast.walk(stmt)):
                self.kernel_of.setdefault(id(n), k)
        self.kernel_locals = {id(k): _kernel_locals(k) for k in facts.all_kernels}
        self.jit_names = {k.name for k in facts.all_kernels}
        self._const: dict[str, bool] = {}
        self._locals: dict[int, set[str]] = {}
        self.star = any(isinstance(n, ast.ImportFrom) and any(a.name == "*" for a in n.names) for n in facts.nodes)
        self.bases = tuple(q for c in facts.nodes if isinstance(c, ast.ClassDef) for b in c.bases
                           if (q := self.names.qual(b)))  # their attributes exist on the candidate's objects
        self.module_globals = _module_globals(facts.nodes)
        self.rebound = _rebound_names(facts.nodes)
        self._kbound: dict[int, set[str]] = {}

    def run(self) -> list[Violation]:
        out: list[Violation] = []
        for n in self.f.nodes:
            if id(n) in self.f.main_nodes:
                continue
            k = self.kernel_of.get(id(n))
            if isinstance(n, ast.Call):
                out += self.jit_call(n)
            if isinstance(n, (ast.Name, ast.Attribute)) and isinstance(n.ctx, ast.Load):
                out += self.jit_as_value(n)
            if k is not None and n is not k and isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                                                ast.ClassDef)):
                out.append(v(CODE, n, f"a nested function, lambda or class inside @triton.jit `{k.name}`"))
            elif k is not None and isinstance(n, (ast.Global, ast.Nonlocal)):  # a kernel rebinding host names
                out.append(v(CODE, n, f"`{type(n).__name__.lower()}` inside @triton.jit `{k.name}`"))
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
                out += self.kernel_name(n, k) if k is not None else self.host_name(n)
            elif isinstance(n, ast.Attribute):
                out += self.attribute(n, k)
            if isinstance(n, (ast.Name, ast.Attribute, ast.Call)) and isinstance(getattr(n, "ctx", ast.Load()),
                                                                                 ast.Load):
                out += self.module_as_value(n)
        return out

    # ---- names -----------------------------------------------------------------------------------
    def host_name(self, n: ast.Name) -> list[Violation]:
        if n.id in self.bound or n.id in HOST_BUILTINS or n.id in REFUSED_ELSEWHERE:
            return []
        if not self.star and not global_may_exist(n.id):
            return [v(UNKNOWN, n, f"`{n.id}` does not exist (never defined by the candidate, not a builtin)")]
        return [v(CODE, n, f"`{n.id}` is neither defined by the candidate nor an allowed builtin")]

    def kernel_name(self, n: ast.Name, k: ast.FunctionDef) -> list[Violation]:
        name = n.id
        if name in self.kernel_locals[id(k)] or name in self.jit_names or name in KERNEL_BUILTINS:
            return []
        q = self.names.qual(n) if name in self.names.imports or name in self.names.aliases else None
        if q and (q in NAMESPACES and q.startswith(("triton", "math")) or qual_allowed(q, in_kernel=True)):
            return []
        if name in self.f.values and self.constant(name):
            return []
        if q and lookup(q) is False:
            return [v(UNKNOWN, n, f"`{q}` (`{name}` inside @triton.jit `{k.name}`) does not exist")]
        if q is None and name not in self.globals_of(k) and name not in self.kernel_bound(k) \
                and not global_may_exist(name):
            return [v(UNKNOWN, n, f"`{name}` inside @triton.jit `{k.name}` does not exist (not a parameter, local "
                                  "or module-level name, not a builtin)")]
        return [v(CODE, n, f"`{name}` inside @triton.jit `{k.name}` is not Triton (only parameters, locals, jit "
                           "functions, module-level constants and triton/tl names)")]

    def constant(self, name: str, depth: int = 0) -> bool:
        """A module-level name bound only to constants: numbers, strings, tuples of them, tl dtypes,
        `tl.constexpr(<constant>)`."""
        if name in self.rebound:  # `X = 0`, then `for X in (hidden_kernel,)`: not what a kernel may read
            return False
        if name not in self._const:
            self._const[name] = False  # a cycle is no constant
            self._const[name] = depth < 8 and all(self.const_expr(e, depth) for e in self.f.values.get(name, [0]))
        return self._const[name]

    def const_expr(self, e: ast.AST, depth: int) -> bool:
        if isinstance(e, ast.Constant):
            return True
        if isinstance(e, (ast.Tuple, ast.List)):
            return all(self.const_expr(x, depth) for x in e.elts)
        if isinstance(e, ast.UnaryOp):
            return self.const_expr(e.operand, depth)
        if isinstance(e, ast.BinOp):
            return self.const_expr(e.left, depth) and self.const_expr(e.right, depth)
        if isinstance(e, ast.Name) and e.id in self.f.values and e.id not in self.names.imports:
            return self.constant(e.id, depth + 1)
        q = self.names.qual(e) if isinstance(e, (ast.Name, ast.Attribute)) else None
        if q is not None:
            return q.startswith(DTYPE_PREFIX) and qual_allowed(q, in_kernel=True) or q in ("math.pi", "math.e",
                                                                                           "math.inf", "math.tau")
        if isinstance(e, ast.Call) and not e.keywords and len(e.args) == 1:
            fq = self.names.qual(e.func) or (e.func.id if isinstance(e.func, ast.Name) else "")
            return fq in ("triton.language.constexpr", "int", "float") and self.const_expr(e.args[0], depth)
        return False

    def globals_of(self, k: ast.FunctionDef) -> set[str]:
        """The names a kernel could see as globals: module-level bindings (every binding in the file when the
        kernel is nested in a function, whose locals it may close over)."""
        p = self.parents.get(id(k))
        while p is not None and not isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            p = self.parents.get(id(p))
        return self.module_globals if p is None else self.bound

    def kernel_bound(self, k: ast.FunctionDef) -> set[str]:
        if id(k) not in self._kbound:  # nested defs, their parameters, comprehension targets
            self._kbound[id(k)] = _bound_names(list(ast.walk(k)))
        return self._kbound[id(k)]

    def triton_value(self, e: ast.AST, k: ast.FunctionDef) -> bool | None:
        """True: an expression rooted at a kernel parameter/local or a triton/tl name, a Triton value (its
        attributes are judged against Triton's classes); None: rooted at something already reported as not
        existing; False: a global, class, injected name or non-Triton attribute, which may be anything."""
        while isinstance(e, (ast.Attribute, ast.Subscript, ast.Call, ast.BinOp, ast.UnaryOp)):
            if isinstance(e, ast.Attribute) and e.attr not in TL_VALUE_ATTRS and self.names.qual(e) is None:
                inner = self.triton_value(e.value, k)
                if inner and e.attr not in self.set_attrs and not kernel_attr_exists(e.attr) or inner is None:
                    return None  # `x.avenir.oride`: `.avenir` is reported as not existing
                return False  # `x.handle.data`: past a non-Triton attribute the value may be anything
            e = e.func if isinstance(e, ast.Call) else e.left if isinstance(e, ast.BinOp) else \
                e.operand if isinstance(e, ast.UnaryOp) else e.value
        if not isinstance(e, ast.Name):
            return isinstance(e, ast.Constant)
        if e.id in self.kernel_locals[id(k)]:
            return e.id not in self.names.aliases or all(self.names.qual(a) is None for a in self.names.aliases[e.id])
        if e.id in self.names.imports:
            return self.names.imports[e.id].split(".")[0] == "triton"
        if e.id not in self.globals_of(k) and e.id not in self.kernel_bound(k) and not global_may_exist(e.id):
            return None  # `self.w` in a kernel: `self` is reported as not existing
        return False

    def opaque_root(self, e: ast.AST) -> bool:
        """Rooted at a name the file never binds (reported itself) or one that may alias a module."""
        while isinstance(e, (ast.Attribute, ast.Subscript, ast.Call)):
            e = e.func if isinstance(e, ast.Call) else e.value
        return isinstance(e, ast.Name) and (e.id not in self.bound or any(
            self.names.qual(a) is not None for a in self.names.aliases.get(e.id, ())))

    # ---- attributes --------------------------------------------------------------------------------
    def attribute(self, n: ast.Attribute, k: ast.FunctionDef | None) -> list[Violation]:
        if n.attr.startswith("__") and n.attr.endswith("__"):
            return []  # dunders: rules.py (reflection / monkeypatch)
        root = n.value
        while isinstance(root, ast.Attribute):
            root = root.value
        shadowed = isinstance(root, ast.Name) and self.local(root)
        recv_q = None if shadowed else self.names.qual(n.value)
        if recv_q is not None and recv_q in NAMESPACES:
            q = self.names.qual(n)
            if q in NAMESPACES or qual_allowed(q, in_kernel=k is not None):
                return []
            where = f" inside @triton.jit `{k.name}`" if k is not None else ""
            if lookup(q) is False:
                return [v(UNKNOWN, n, f"`{q}`{where} does not exist")]
            return [v(CODE, n, f"`{q}`{where} is not in the allowlist of `{recv_q}`")]
        if isinstance(n.ctx, (ast.Store, ast.Del)) or recv_q is not None and not qual_allowed(recv_q, k is not None):
            return []  # writes: rules.py and forward.py; a refused receiver (`enum.bltns.len`) is reported itself
        if k is None and n.attr in STORAGE_IO_ATTRS:
            return [v(CODE, n, f"attribute `.{n.attr}`: storage file I/O and shared-memory handles move a tensor's "
                               "bytes without an aten op")]
        if k is not None:
            if n.attr in TL_VALUE_ATTRS:
                return []
            tv = self.triton_value(n.value, k)
            if tv is None:
                return []  # its receiver is reported as not existing
            if tv and n.attr not in self.set_attrs and not kernel_attr_exists(n.attr):
                return [v(UNKNOWN, n, f"attribute `.{n.attr}` inside @triton.jit `{k.name}` does not exist on "
                                      "Triton tensors or dtypes")]
            return [v(CODE, n, f"attribute `.{n.attr}` inside @triton.jit `{k.name}` is not Triton's tensor/dtype "
                               "API")]
        if n.attr in self.own_attrs or n.attr in HOST_OBJECT_ATTRS:
            return []
        if not self.star and not self.opaque_root(n.value) and not host_attr_exists(n.attr, self.bases):
            return [v(UNKNOWN, n, f"attribute `.{n.attr}` does not exist on a tensor, module, dtype or container, "
                                  "and the candidate defines none")]
        return [v(CODE, n, f"attribute `.{n.attr}` is neither defined by the candidate nor a known attribute of "
                           "a tensor, module, dtype or container")]

    # ---- modules as values ---------------------------------------------------------------------------
    def local(self, n: ast.Name) -> bool:
        """A name bound in its enclosing function (a parameter or local that shadows a module-level import,
        e.g. a kernel parameter `F`)."""
        fn = self.parents.get(id(n))
        while fn is not None and not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            fn = self.parents.get(id(fn))
        if fn is None:
            return False
        if id(fn) not in self._locals:
            self._locals[id(fn)] = _kernel_locals(fn)
        return n.id in self._locals[id(fn)]

    def is_module(self, n: ast.AST) -> bool:
        if isinstance(n, ast.Name):
            if self.local(n):
                return False
            return n.id in self.modules or (n.id in self.names.aliases and self.names.qual(n) in NAMESPACES)
        if isinstance(n, (ast.Attribute, ast.Call)):
            return self.names.qual(n) in NAMESPACES
        return False

    def module_as_value(self, n: ast.AST) -> list[Violation]:
        if not self.is_module(n):
            return []
        parent = self.parents.get(id(n))
        if isinstance(parent, ast.Attribute) and parent.value is n:
            return []  # `torch.nn.functional.pad`: the receiver of an attribute
        if isinstance(parent, ast.Assign) and parent.value is n and len(parent.targets) == 1 \
                and isinstance(parent.targets[0], ast.Name):
            return []  # `F = torch.nn.functional`: an alias, resolved like an import
        if isinstance(parent, ast.Call) and parent.func is not n and (self.names.qual(parent.func) or "") in (
                "getattr", "hasattr") and parent.args and parent.args[0] is n:
            return []  # literal getattr is resolved (Names.qual); a computed name is refused by rules.py
        if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id in (
                "getattr", "hasattr") and parent.args and parent.args[0] is n:
            return []
        what = self.names.qual(n) or ast.unparse(n)[:40]
        return [v(CODE, n, f"module `{what}` used as a value (a module may only be imported, aliased or have "
                           "its allowed attributes read)")]

    # ---- triton.jit(<expr>) ------------------------------------------------------------------------------
    def jit_call(self, c: ast.Call) -> list[Violation]:
        """`triton.jit(fn)`, `triton.jit(fn=fn)`, `triton.jit(**opts)(fn)`: fn must be a function def the rules
        check as a kernel. `triton.jit(<anything else>)` would make a kernel no rule has seen."""
        inner = c.func if isinstance(c.func, ast.Call) else None
        fq = self.names.qual(inner.func if inner is not None else c.func) or ""
        if not (fq.startswith("triton") and fq.endswith(".jit")):
            return []
        if any(kw.arg is None for kw in c.keywords + (inner.keywords if inner is not None else [])):
            return [v(CODE, c, f"`{ast.unparse(c)[:60]}`: triton.jit with ** arguments (what it wraps is unseen)")]
        if inner is None and not c.args and not any(kw.arg == "fn" for kw in c.keywords):
            return []  # `triton.jit(debug=True)`: returns the decorator, applied to a def (or caught below)
        target = c.args[0] if c.args else next((kw.value for kw in c.keywords if kw.arg == "fn"), None)
        if isinstance(target, ast.Name) and target.id in self.jit_names:
            return []
        return [v(CODE, c, f"`{ast.unparse(c)[:60]}`: triton.jit of something other than a function def")]


    def jit_as_value(self, n: ast.Name | ast.Attribute) -> list[Violation]:
        """`triton.jit` only as a decorator or called on a def: passed to `partial`, `map` or anything else it
        makes kernels whose bodies no rule checks as kernels."""
        q = self.names.qual(n) or ""
        if not (q.startswith("triton") and q.endswith(".jit")):
            return []
        parent = self.parents.get(id(n))
        if isinstance(parent, ast.Call) and parent.func is n:
            return []
        if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n in parent.decorator_list:
            return []
        if isinstance(parent, ast.Attribute):  # `triton.jit.something`: reported by the attribute rules
            return []
        return [v(CODE, n, f"`{q}` used as a value (only as a decorator or called on a function def)")]


def _rebound_names(nodes: list[ast.AST]) -> set[str]:
    """Module-level names bound other than by a plain `NAME = value`: loop, with, tuple and walrus targets,
    match captures, imports, defs and classes at module level, and names a function declares `global`."""
    out: set[str] = set()
    module = next((n for n in nodes if isinstance(n, ast.Module)), None)
    if module is None:
        return out
    plain = set()
    stack: list[ast.AST] = list(module.body)
    while stack:
        n = stack.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(n.name)
            for x in ast.walk(n):
                if isinstance(x, ast.Global):
                    out.update(x.names)
            continue
        if isinstance(n, ast.Lambda):
            continue
        if isinstance(n, (ast.Assign, ast.AnnAssign)):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target]
            plain.update(id(t) for t in targets if isinstance(t, ast.Name))
        if isinstance(n, (ast.Import, ast.ImportFrom)):
            out.update((a.asname or a.name).split(".")[0] for a in n.names)
        if isinstance(n, (ast.MatchAs, ast.MatchStar)) and n.name:
            out.add(n.name)
        if isinstance(n, ast.MatchMapping) and n.rest:
            out.add(n.rest)
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)) and id(n) not in plain:
            out.add(n.id)
        stack.extend(ast.iter_child_nodes(n))
    return out


def _bound_names(nodes: list[ast.AST]) -> set[str]:
    """Every name the file binds anywhere (imports, defs, classes, parameters, assignments, loop and with
    targets, except/match captures, global/nonlocal declarations)."""
    out: set[str] = set()
    for n in nodes:
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            out.add(n.id)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            out |= {a.asname or a.name.split(".")[0] for a in n.names}
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(n.name)
        elif isinstance(n, ast.arg):
            out.add(n.arg)
        elif isinstance(n, ast.ExceptHandler) and n.name:
            out.add(n.name)
        elif isinstance(n, (ast.MatchAs, ast.MatchStar)) and n.name:
            out.add(n.name)
        elif isinstance(n, ast.MatchMapping) and n.rest:
            out.add(n.rest)
        elif isinstance(n, (ast.Global, ast.Nonlocal)):
            out |= set(n.names)
    return out


def _module_globals(nodes: list[ast.AST]) -> set[str]:
    """The names bound at module level (not inside function or class bodies), and `global` declarations."""
    module = nodes[0]
    out = {n for g in nodes if isinstance(g, ast.Global) for n in g.names}
    stack = list(getattr(module, "body", []))
    while stack:
        n = stack.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(n.name)
            stack += n.decorator_list + (n.bases + [kw.value for kw in n.keywords] if isinstance(n, ast.ClassDef)
                                         else n.args.defaults + [d for d in n.args.kw_defaults if d])
            continue
        if isinstance(n, ast.Lambda):
            continue
        out |= _bound_names([n])
        stack += list(ast.iter_child_nodes(n))
    return out


def _own_attributes(nodes: list[ast.AST], keywords: bool = True) -> set[str]:
    """Attribute names the candidate defines: assigned (`self.w = ...`), class-body names and methods,
    registered buffers/parameters/modules, literal setattr, namedtuple fields, keyword names it passes (public
    ones only: `dict(_write_file=0)` gives no object a private attribute, yet made `._write_file` allowed)."""
    out: set[str] = set()
    for n in nodes:
        if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store):
            out.add(n.attr)
        elif isinstance(n, ast.ClassDef):
            for s in n.body:
                if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    out.add(s.name)
                for t in (s.targets if isinstance(s, ast.Assign) else [s.target] if isinstance(s, ast.AnnAssign)
                          else []):
                    out |= {x.id for x in ast.walk(t) if isinstance(x, ast.Name)}
        elif isinstance(n, ast.FunctionDef):
            out.add(n.name)
        elif isinstance(n, ast.Call):
            out |= {kw.arg for kw in n.keywords if kw.arg and keywords and not kw.arg.startswith("_")}
            name = n.func.attr if isinstance(n.func, ast.Attribute) else n.func.id if isinstance(n.func, ast.Name) else ""
            if name in ("setattr", "register_buffer", "register_parameter", "register_module", "add_module",
                        "namedtuple", "NamedTuple", "make_dataclass"):
                for a in n.args[:2]:
                    for s in ast.walk(a):
                        if isinstance(s, ast.Constant) and isinstance(s.value, str):
                            out |= set(s.value.replace(",", " ").split())
    return out


def _kernel_locals(k: ast.FunctionDef | ast.Lambda) -> set[str]:
    """The parameters and assigned names of a function (of nested ones too: an over-approximation)."""
    out = {a.arg for a in k.args.posonlyargs + k.args.args + k.args.kwonlyargs}
    out |= {n.id for n in ast.walk(k) if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del))}
    return out
