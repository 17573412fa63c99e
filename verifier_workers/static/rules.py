"""File-wide static rules: what must hold on every line of a candidate, @triton.jit bodies and __init__
included (imports, reflection, dynamic code, patching, streams, threads, try/except, class definitions...).
Entry point `check_everywhere(nodes, names, parents) -> list[Violation]`; name resolution is in qualnames.py,
the allow-lists in allowlists.py, the forward path's own rules in forward.py. Pure AST work: nothing here
imports or runs the candidate."""
from __future__ import annotations

import ast

from tritonrl.verifier_workers.static.allowlists import (EXTERN_KERNELS, HOST_COPY_METHODS, QUALIFIED_EXCEPTIONS,
                                                         TORCH_ALLOWED, canonical)
from tritonrl.verifier_workers.static.cache_rules import launch_parameter_cache
from tritonrl.verifier_workers.static.qualnames import (DIAGNOSTIC_NAMES, Names, classify_qualname,
                                                        is_allowed_module, low_precision_name)
from tritonrl.verifier_workers.static.violations import Violation, v

# ---- imports and classes -------------------------------------------------------------------------
# outside the allowed modules, but harmless to import: refused only when the file uses what they bind
HARMLESS_WHEN_UNUSED = {"numpy", "time", "random", "itertools", "functools", "collections", "dataclasses", "enum",
                        "abc", "warnings", "re", "string", "numbers", "copy", "textwrap", "statistics"}
TENSOR_SUBCLASS_BASES = {"torch.Tensor", "torch.nn.Parameter", "torch.nn.parameter.Parameter",
                         "torch.TensorBase", "TorchDispatchMode", "TorchFunctionMode"}

# ---- builtins and attributes ---------------------------------------------------------------------
BUILTIN_CODES = {"eval": "dynamic_code", "exec": "dynamic_code", "compile": "dynamic_code",
                 "__import__": "dynamic_code", "globals": "dynamic_code", "locals": "dynamic_code",
                 "vars": "dynamic_code", "breakpoint": "dynamic_code", "open": "io_access", "input": "io_access",
                 "exit": "io_access", "quit": "io_access", "dir": "reflection", "__builtins__": "reflection",
                 "__loader__": "reflection", "__spec__": "reflection", "__file__": "io_access",
                 "id": "output_cache", "hash": "output_cache", "memoryview": "dynamic_code"}
ATTR_BUILTINS = {"getattr", "setattr", "delattr"}
ALLOWED_DUNDER_ATTRS = {"__init__", "__name__", "__doc__", "__version__"}
HOOK_METHODS = {"register_forward_hook", "register_forward_pre_hook", "register_full_backward_hook",
                "register_backward_hook", "register_full_backward_pre_hook", "register_module_forward_hook",
                "register_module_forward_pre_hook", "register_hook", "register_module_full_backward_hook",
                "register_post_accumulate_grad_hook", "register_load_state_dict_pre_hook",
                "register_load_state_dict_post_hook", "register_state_dict_pre_hook",
                "add_pre_run_hook", "pre_run_hooks"}  # Triton's: Python run on the real tensors at each launch
# attribute names that reach the interpreter, the OS or other modules whatever the receiver is, e.g.
# `[torch][0].os`, `F.np`, `mods[0].sys.modules` (the receiver can be hidden from name resolution)
ESCAPE_ATTRS = {"os", "sys", "subprocess", "socket", "shutil", "ctypes", "cffi", "importlib", "builtins",
                "threading", "multiprocessing", "gc", "inspect", "np", "numpy", "pickle", "marshal", "signal",
                "resource", "posix", "pty", "f_back", "f_globals", "f_locals", "f_builtins", "gi_frame",
                "cr_frame", "tb_frame", "tb_next", "modules"}
ESCAPE_METHODS = {"numpy", "modules"}  # also a method name (`x.numpy()` is HOST_COPY, `self.modules()` is fine)
# Classes defining operators like these and not being nn.Modules can be lazy results (compute on compare).
HARMLESS_CLASS_DUNDERS = {"__init__", "__post_init__",
                          "__call__"}  # a launcher object; a non-tensor output is refused at run time anyway
# dunders a class body may assign: data, not methods (`__del__ = f` would be a finalizer)
CLASS_DATA_DUNDERS = {"__slots__", "__constants__", "__annotations__", "__doc__", "__match_args__", "__all__",
                      "__module__", "__qualname__", "__version__"}
# bases that make a plain class, not one the candidate defines (a tuple subclass's __iter__ runs on unpacking)
BUILTIN_BASES = {"object", "tuple", "list", "dict", "set", "frozenset", "str", "bytes", "int", "float", "complex",
                 "type", "property", "staticmethod", "classmethod"}


def _is_maximal_chain(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    parent = parents.get(id(node))
    return not (isinstance(parent, ast.Attribute) and parent.value is node)


def check_everywhere(nodes: list[ast.AST], names: Names, parents: dict[int, ast.AST]) -> list[Violation]:
    """Rules that hold in every part of the file, @triton.jit bodies and __init__ included."""
    out: list[Violation] = []
    main_only = {id(n) for top in nodes if isinstance(top, ast.If) and _is_main_guard(top, parents)
                 for n in ast.walk(top)}  # never runs in the verifier (the module is not __main__)
    loaded = {n.id for n in nodes if isinstance(n, ast.Name) and id(n) not in main_only}
    # `@lru_cache` on a function that caches launch parameters only (a grid, a block size, an SM count):
    # cache_rules.py; one returning a container, a tensor or an object of the file's classes is output_cache
    class_names = {c.name for c in nodes if isinstance(c, ast.ClassDef)}
    constant_caches = {id(d.func if isinstance(d, ast.Call) else d) for f in nodes if isinstance(f, ast.FunctionDef)
                       and launch_parameter_cache(f, class_names) for d in f.decorator_list}
    cache_names = {n.id for n in nodes if isinstance(n, ast.Name) and id(n) not in constant_caches}
    for node in nodes:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            out += _check_import(node, loaded, cache_names)
        elif (isinstance(node, ast.Try) or type(node).__name__ == "TryStar") and not _import_fallback(node, parents):
            out.append(v("try_except", node, "try statement (a fallback or a swallowed error)"))
        elif isinstance(node, (ast.AsyncFunctionDef, ast.Await, ast.AsyncFor, ast.AsyncWith)):
            out.append(v("threads", node, "async code"))
        elif isinstance(node, ast.FunctionDef):
            if node.name in ("__torch_function__", "__torch_dispatch__"):
                out.append(v("tensor_subclass", node, f"defines {node.name}"))
            elif node.name in ("__exit__", "__aexit__"):
                out.append(v("try_except", node, f"defines {node.name} (can swallow exceptions)"))
        elif isinstance(node, ast.ClassDef):
            out += _check_class(node, names)
        elif isinstance(node, ast.Attribute):
            out += _check_attribute(node, names, parents, id(node) in constant_caches)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            code = BUILTIN_CODES.get(node.id)
            if code and node.id not in names.safe_bound:
                out.append(v(code, node, f"uses builtin `{node.id}`"))
            elif node.id in ATTR_BUILTINS and node.id not in names.safe_bound and not _is_called(node, parents):
                # `fetch = getattr`, `map(getattr, ...)`, `reduce(getattr, ...)`: the rules on getattr calls
                # below only see calls spelled `getattr(...)`
                out.append(v("dynamic_code", node, f"`{node.id}` used as a value (hides attribute access)"))
        elif isinstance(node, ast.Call):
            out += _check_call(node, names)
        elif isinstance(node, ast.Constant) and node.value == "__del__":  # type("C", (), {"__del__": f})
            out.append(v("reflection", node, "names __del__ (a finalizer)"))
        if isinstance(node, (ast.List, ast.Tuple, ast.Set, ast.Dict, ast.arguments)):
            out += check_container(node, names)
        if isinstance(node, ast.MatchClass) and node.kwd_attrs:
            # `case object(sys=s):` reads attributes with no Attribute node for the rules to see
            out.append(v("reflection", node, f"class pattern reads attributes ({', '.join(node.kwd_attrs[:3])})"))
    return out


def _is_main_guard(node: ast.If, parents: dict[int, ast.AST]) -> bool:
    """A module-level `if __name__ == "__main__":` (a self-test or benchmark block)."""
    t = node.test
    return (isinstance(parents.get(id(node)), ast.Module) and isinstance(t, ast.Compare) and len(t.ops) == 1
            and isinstance(t.ops[0], ast.Eq) and isinstance(t.left, ast.Name) and t.left.id == "__name__"
            and isinstance(t.comparators[0], ast.Constant) and t.comparators[0].value == "__main__")


def _import_fallback(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """`try: from triton.language.extra import libdevice / except ImportError: from ... import libdevice` at
    module level: imports only, catching only ImportError (libdevice moved between Triton versions). It
    cannot swallow an error of the forward."""
    if not isinstance(node, ast.Try) or not isinstance(parents.get(id(node)), ast.Module) or node.finalbody:
        return False
    plain = (ast.Import, ast.ImportFrom, ast.Assign, ast.Pass)
    return (all(isinstance(s, (ast.Import, ast.ImportFrom)) for s in node.body + node.orelse)
            and all(isinstance(h.type, ast.Name) and h.type.id in ("ImportError", "ModuleNotFoundError")
                    and all(isinstance(s, plain) for s in h.body) for h in node.handlers))


def _check_import(node: ast.Import | ast.ImportFrom, loaded: set[str] = frozenset(),
                  cache_names: set[str] | None = None) -> list[Violation]:
    """loaded: names read outside `__main__` blocks; cache_names: names read other than as a decorator of a
    function of no arguments."""
    if isinstance(node, ast.Import):
        qualified = [(a.name, a.name) for a in node.names]
        bound = [a.asname or a.name.split(".")[0] for a in node.names]
    else:
        mod = ("." * node.level) + (node.module or "")
        if node.level:
            return [v("forbidden_import", node, f"relative import `from {mod} import ...`")]
        if any(a.name == "*" for a in node.names):
            return [v("forbidden_import", node, f"star import `from {mod} import *`")]
        qualified = [(f"{mod}.{a.name}", mod) for a in node.names]
        bound = [a.asname or a.name for a in node.names]
    out = []
    for (q, mod), local in zip(qualified, bound):
        q, mod = canonical(q), canonical(mod)
        if q == EXTERN_KERNELS and local not in loaded:
            continue
        code = classify_qualname(q)
        if code and q in CONSTANT_CACHES and cache_names is not None and local not in cache_names:
            code = None
        if code:
            out.append(v(code, node, f"imports `{q}`"))
        elif (mod.split(".")[0] in HARMLESS_WHEN_UNUSED or q.startswith("triton.testing")) and local not in loaded:
            continue  # `import numpy as np` left over in generated code, or used only under `__main__`
        elif not is_allowed_module(mod) and not is_allowed_module(q) and q not in QUALIFIED_EXCEPTIONS \
                and q not in DIAGNOSTIC_NAMES:
            out.append(v("forbidden_import", node, f"imports `{q}` (allowed: torch, torch.nn, "
                                                     "torch.nn.functional, triton, triton.language, math, typing)"))
    return out


def _check_class(node: ast.ClassDef, names: Names) -> list[Violation]:
    out = []
    base_quals = [names.qual(b) or (b.id if isinstance(b, ast.Name) else "") for b in node.bases]
    for q in base_quals:
        if q in TENSOR_SUBCLASS_BASES or q.rsplit(".", 1)[-1] in ("TorchDispatchMode", "TorchFunctionMode"):
            out.append(v("tensor_subclass", node, f"class {node.name} subclasses {q}"))
    if any(k.arg == "metaclass" for k in node.keywords):
        out.append(v("reflection", node, f"class {node.name} sets a metaclass"))
    for d in node.decorator_list:  # a class decorator can swap the methods the rules checked
        dq = names.qual(d.func if isinstance(d, ast.Call) else d) or ""
        if dq not in ("dataclasses.dataclass", "enum.unique"):
            out.append(v("monkeypatch", d, f"class {node.name} has a decorator (it can replace its methods)"))
    for stmt in node.body:  # code that runs when an object is freed, or a dunder bound to some function
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == "__del__":
            out.append(v("reflection", stmt, f"class {node.name} defines __del__ (a finalizer runs when the "
                                             "object is freed, outside the forward)"))
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        # any binding in the class body: `=`, `for __del__ in ...`, `with ... as`, `import ... as`, `:=`
        bound = [n.id for n in ast.walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)]
        bound += [a.asname or a.name for n in ast.walk(stmt) if isinstance(n, (ast.Import, ast.ImportFrom))
                  for a in n.names]
        for name in bound:
            if name.startswith("__") and name.endswith("__") and name not in CLASS_DATA_DUNDERS:
                out.append(v("reflection" if name == "__del__" else "monkeypatch", stmt,
                             f"class {node.name} binds {name} in its body"))
    framework_base = any(q.startswith(("torch.", "triton.")) for q in base_quals)
    candidate_base = any(isinstance(b, ast.Name) and b.id not in names.imports and b.id not in BUILTIN_BASES
                         for b in node.bases)
    if not framework_base and not candidate_base:  # a plain class: it must not act like a tensor
        dunders = [f.name for f in node.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                   and f.name.startswith("__") and f.name not in HARMLESS_CLASS_DUNDERS]
        if dunders:
            out.append(v("tensor_subclass", node, f"class {node.name} defines {dunders[0]} (lazy wrapper)"))
    return out


CONSTANT_CACHES = {"functools.lru_cache", "functools.cache"}


def _autocast_off(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """`torch.autocast("cuda", enabled=False)`: a region with autocast turned off (full precision)."""
    call = parents.get(id(node))
    return (isinstance(call, ast.Call) and call.func is node and any(
        k.arg == "enabled" and isinstance(k.value, ast.Constant) and k.value.value is False for k in call.keywords))


def _check_attribute(node: ast.Attribute, names: Names, parents: dict[int, ast.AST],
                     constant_cache: bool = False) -> list[Violation]:
    out = []
    attr = node.attr
    parent = parents.get(id(node))
    names_only = (attr == "__class__" and isinstance(node.ctx, ast.Load) and isinstance(parent, ast.Attribute)
                  and parent.attr in ("__name__", "__qualname__"))  # `type(self).__name__` in a __repr__
    if attr.startswith("__") and attr.endswith("__") and attr not in ALLOWED_DUNDER_ATTRS and not names_only:
        code = "monkeypatch" if isinstance(node.ctx, (ast.Store, ast.Del)) else "reflection"
        out.append(v(code, node, f"dunder attribute `.{attr}`"))
    if attr in HOOK_METHODS:
        out.append(v("monkeypatch", node, f"`.{attr}` changes what calling a module/tensor does"))
    if attr == "modules" and (names.qual(node.value) or "").split(".")[-1] == "sys":
        out.append(v("reflection", node, "sys.modules"))
    elif attr in ESCAPE_ATTRS and not (attr in ESCAPE_METHODS and _is_called(node, parents)):
        code = "reflection" if attr.startswith(("f_", "gi_", "cr_", "tb_")) or attr in ("gc", "inspect", "modules") \
            else "io_access" if attr in ("os", "sys", "subprocess", "socket", "shutil", "signal", "resource",
                                         "posix", "pty") \
            else "threads" if attr in ("threading", "multiprocessing") \
            else "torch_compute" if attr in ("np", "numpy") else "dynamic_code"
        out.append(v(code, node, f"attribute `.{attr}` (reaches another module whatever its receiver)"))
    if _is_maximal_chain(node, parents):
        q = names.qual(node)
        code = classify_qualname(q) if q and not (constant_cache and q in CONSTANT_CACHES) else None
        if code == "precision_downgrade" and q.endswith("autocast") and _autocast_off(node, parents):
            code = None
        if code:
            out.append(v(code, node, f"uses `{q}`"))
    if isinstance(node.ctx, (ast.Store, ast.Del)):
        root = node.value
        while isinstance(root, ast.Attribute):
            root = root.value
        q = names.qual(node.value)
        if q and _strict_setting(f"{q}.{attr}", node, parents):
            return out
        if q or (isinstance(root, ast.Call) and isinstance(root.func, ast.Name) and root.func.id == "type"):
            out.append(v("monkeypatch", node, f"assigns `{q or 'type(...)'}.{attr}`, not the candidate's own"))
    return out


# torch settings a candidate may set, and only to the strict value: they make PyTorch more exact or
# deterministic (harmless here: the candidate's worker runs no reference, and its kernels are Triton)
STRICT_SETTINGS = {"torch.backends.cuda.matmul.allow_tf32": False, "torch.backends.cudnn.allow_tf32": False,
                   "torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction": False,
                   "torch.backends.cuda.matmul.allow_bf16_reduced_precision_reduction": False,
                   "torch.backends.cudnn.deterministic": True, "torch.backends.cudnn.benchmark": False}


def _strict_setting(q: str, node: ast.Attribute, parents: dict[int, ast.AST]) -> bool:
    """`torch.backends.cuda.matmul.allow_tf32 = False`: a plain assignment of the strict value."""
    stmt = parents.get(id(node))
    return (q in STRICT_SETTINGS and isinstance(stmt, ast.Assign) and stmt.targets == [node]
            and isinstance(stmt.value, ast.Constant) and stmt.value.value is STRICT_SETTINGS[q])


def _is_called(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    parent = parents.get(id(node))
    return isinstance(parent, ast.Call) and parent.func is node


def check_container(node: ast.AST, names: Names) -> list[Violation]:
    """Modules or PyTorch functions put in a list/tuple/set/dict literal or a default argument, e.g.
    `[torch][0].softmax(x)`: a subscript hides them from name resolution. Dtypes and the allow-listed names
    (`(torch.float16, torch.bfloat16)`) are fine."""
    if isinstance(node, ast.Dict):
        elems = [k for k in node.keys if k is not None] + node.values
    elif isinstance(node, (ast.List, ast.Tuple)) and isinstance(node.ctx, ast.Store):
        return []  # an unpacking target (`B, F = x.shape`) binds names, it holds nothing
    elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        elems = node.elts
    elif isinstance(node, ast.arguments):
        elems = node.defaults + [d for d in node.kw_defaults if d is not None]
    else:
        return []
    out = []
    for e in elems:
        if not isinstance(e, (ast.Name, ast.Attribute)):
            continue
        q = names.qual(e)
        if not q or q.split(".")[0] not in ("torch", "numpy") and not classify_qualname(q):
            continue
        rest = q.split(".", 1)[1] if "." in q else ""
        if q.startswith("torch.") and (rest in TORCH_ALLOWED or low_precision_name(q) or rest.startswith("float8")
                                       or rest.rsplit(".", 1)[-1][:1].isupper()):  # classes: isinstance tuples
            continue
        out.append(v("reflection", e, f"`{q}` kept in a container or default argument (hides it from the rules)"))
    return out


def _check_call(node: ast.Call, names: Names) -> list[Violation]:
    out = []
    f = node.func
    if isinstance(f, ast.Name) and f.id not in names.safe_bound:
        if f.id in ("getattr", "setattr", "delattr") and len(node.args) >= 2:
            name = node.args[1]
            if not (isinstance(name, ast.Constant) and isinstance(name.value, str)):
                out.append(v("dynamic_code", node, f"{f.id}() with a computed attribute name"))
            else:
                s = name.value
                if s.startswith("__") and s.endswith("__") and s not in ALLOWED_DUNDER_ATTRS:
                    out.append(v("reflection", node, f"{f.id}(..., '{s}')"))
                target_q = names.qual(node.args[0])
                on_self = isinstance(node.args[0], ast.Name) and node.args[0].id == "self"
                if f.id != "getattr" and (target_q or s == "__class__" or not on_self):
                    out.append(v("monkeypatch", node, f"{f.id}({target_q or '...'}, '{s}')"))
                if f.id == "getattr" and target_q:
                    code = classify_qualname(f"{target_q}.{s}")
                    if code:
                        out.append(v(code, node, f"getattr({target_q}, '{s}')"))
                if f.id == "getattr" and s in HOST_COPY_METHODS:
                    out.append(v("torch_compute", node, f"getattr(..., '{s}'): tensor data copied to the host"))
        elif f.id == "type" and len(node.args) == 3:
            out.append(v("dynamic_code", node, "type() with 3 arguments builds a class at run time"))
    elif isinstance(f, ast.Attribute) and f.attr in HOST_COPY_METHODS and not node.args:
        out.append(v("torch_compute", node, f"`.{f.attr}()`: tensor data copied to the host"))
    if (names.qual(f) or "") in QUALIFIED_EXCEPTIONS and any(k.arg == "cast_inputs" for k in node.keywords):
        out.append(v("precision_downgrade", node, "custom_fwd(cast_inputs=...) casts the inputs"))
    return out
