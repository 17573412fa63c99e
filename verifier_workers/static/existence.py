"""Whether a name or attribute a candidate uses exists at all: splits the allowlist's findings into
`unknown_name` (it does not exist, so the code fails with NameError/AttributeError/CompilationError anyway: an
honest mistake, not a cheat) and `not_allowlisted` (it exists but is outside the allowlist).

Existence is decided conservatively against the real modules of the trusted supervisor process: a fixed list of
the project's own dependencies (TRUSTED_MODULES, imported once here so the answer does not depend on what the
caller happened to import), looked up through `sys.modules` with `inspect.getattr_static` step by step. A name
the candidate writes is never imported and no module `__getattr__` is ever called; whenever the answer is not
certain (a module with a `__getattr__`, an object that is not a module, a module that is not loaded), the thing
counts as existing, so the finding stays `not_allowlisted`.
"""
from __future__ import annotations

import builtins
import dis
import functools
import importlib
import importlib.machinery
import inspect
import sys
import types

# the supervisor's own dependencies, imported once (constant names only, never one a candidate writes);
# the interpreter's globals are what Triton injects into a kernel module's globals on the CPU
TRUSTED_MODULES = ("math", "torch", "torch.nn", "torch.nn.functional", "torch.nn.init", "triton",
                   "triton.language", "triton.language.math", "triton.runtime.interpreter")
INTERPRETER = "triton.runtime.interpreter"
# host objects a candidate's values can be (an attribute on none of them does not exist)
HOST_TYPES = ("torch.Tensor", "torch.nn.Module", "torch.nn.Parameter", "torch.dtype", "torch.device", "torch.Size",
              "torch.finfo", "torch.iinfo", "torch.Generator", "torch.autograd.Function",
              "torch.autograd.function.FunctionCtx", "triton.Config", "triton.runtime.jit.JITFunction",
              "triton.runtime.autotuner.Autotuner", "triton.runtime.autotuner.Heuristics",
              "triton.runtime.jit.KernelInterface", "builtins.dict", "builtins.list", "builtins.tuple",
              "builtins.str", "builtins.int", "builtins.float", "builtins.complex", "builtins.bool",
              "builtins.set", "builtins.frozenset", "builtins.bytes", "builtins.slice", "builtins.range",
              "builtins.type", "builtins.BaseException", "numpy.ndarray", "enum.Enum", "re.Match", "re.Pattern",
              "collections.deque", "collections.OrderedDict", "collections.defaultdict", "collections.Counter",
              "functools.partial", "logging.Logger", "types.FunctionType", "types.MethodType")
# values in a kernel body: Triton tensors, dtypes, constexprs, tuples, descriptors (and Python scalars)
KERNEL_TYPES = ("triton.language.tensor", "triton.language.dtype", "triton.language.pointer_type",
                "triton.language.block_type", "triton.language.constexpr", "triton.language.tuple",
                "triton.language.core.tensor_descriptor_base", "triton.language.core.tensor_descriptor",
                "builtins.int", "builtins.float", "builtins.bool", "builtins.tuple")
NAMEDTUPLE_ATTRS = frozenset({"_replace", "_asdict", "_fields", "_make", "_field_defaults"})
FAKE_PREFIXES = ("triton.language.inductor_helpers",)  # canonical names of the rules, no real module


@functools.cache
def _trusted() -> bool:
    for name in TRUSTED_MODULES:
        try:
            importlib.import_module(name)
        except Exception:  # not installed: names under it stay undecided (not_allowlisted)
            pass
    return True


def lookup(q: str) -> bool | None:
    """True: the dotted name exists; False: it certainly does not; None: cannot tell."""
    _trusted()
    if q.startswith(FAKE_PREFIXES):
        return None
    parts = q.split(".")
    i = next((i for i in range(len(parts), 0, -1) if ".".join(parts[:i]) in sys.modules), 0)
    if i == 0:
        return None
    obj, name = sys.modules[".".join(parts[:i])], ".".join(parts[:i])
    for p in parts[i:]:
        if not isinstance(obj, (types.ModuleType, type)):
            return None  # a value: its attributes are not static facts
        try:
            obj = inspect.getattr_static(obj, p)
        except AttributeError:
            return _missing_from(obj, name, p)
        name = f"{name}.{p}"
    return True


def _missing_from(obj: object, name: str, attr: str) -> bool | None:
    if not isinstance(obj, types.ModuleType):
        return None  # a class: a metaclass could still answer
    d = vars(obj)
    if "__getattr__" in d and not _known_getattr_misses(obj, attr):
        return None
    path = d.get("__path__")
    if path is not None:  # a package: an unimported submodule of that name would exist
        try:
            if importlib.machinery.PathFinder.find_spec(f"{name}.{attr}", list(path)) is not None:
                return True
        except Exception:
            return None
    return False


# module __getattr__s whose answers are data of the module (read, never called): the names they may return,
# and the only names their code may use (another version of the function leaves a miss undecided)
KNOWN_GETATTRS = {"torch": (("_deprecated_attrs", "_lazy_modules"), {"set_vital"}, frozenset({
    "_deprecated_attrs", "get", "warnings", "warn", "__module__", "__name__", "_lazy_modules", "importlib",
    "import_module", "AttributeError"}))}


def _known_getattr_misses(mod: types.ModuleType, attr: str) -> bool:
    """Whether `mod.__getattr__` certainly raises AttributeError for `attr` (torch's: deprecated names, lazy
    submodules, `set_vital`)."""
    known = KNOWN_GETATTRS.get(mod.__name__)
    code = getattr(vars(mod)["__getattr__"], "__code__", None)
    if known is None or code is None or not set(code.co_names) <= known[2]:
        return False
    tables, extra = known[0], known[1]
    d = vars(mod)
    if not all(isinstance(d.get(t), (dict, set, frozenset, list, tuple)) for t in tables):
        return False
    return attr not in extra and not any(attr in d[t] for t in tables)


def resolve(q: str) -> object | None:
    """The object a dotted name denotes (static lookup only), or None."""
    if not lookup(q):
        return None
    parts = q.split(".")
    i = next(i for i in range(len(parts), 0, -1) if ".".join(parts[:i]) in sys.modules)
    obj = sys.modules[".".join(parts[:i])]
    for p in parts[i:]:
        obj = inspect.getattr_static(obj, p)
    return obj


def class_attrs(cls: type) -> set[str]:
    """Class attributes along the MRO, and instance attributes `__init__` assigns (or names as strings)."""
    out: set[str] = set()
    for c in getattr(cls, "__mro__", (cls,)):
        d = vars(c)
        out |= set(d)
        out |= set(d.get("__slots__", ()) if not isinstance(d.get("__slots__"), str) else (d["__slots__"],))
        init = d.get("__init__")
        code = getattr(init, "__code__", None)
        if code is not None:
            out |= {ins.argval for ins in dis.get_instructions(code) if ins.opname == "STORE_ATTR"}
            out |= {c for c in code.co_consts if isinstance(c, str) and c.isidentifier()}
    return out


@functools.cache
def _attrs_of(names: tuple[str, ...]) -> frozenset[str] | None:
    out: set[str] = set()
    for q in names:
        cls = resolve(q)
        if isinstance(cls, type):
            out |= class_attrs(cls)
        elif q.startswith(("torch.", "triton.")):
            return None  # a trusted type is missing: do not guess
    return frozenset(out)


def host_attr_exists(attr: str, bases: tuple[str, ...] = ()) -> bool:
    """On any host type a candidate value can be (or on a base class the candidate's classes name)."""
    known = _attrs_of(HOST_TYPES + tuple(sorted(bases)))
    return known is None or attr in known or attr in NAMEDTUPLE_ATTRS


def kernel_attr_exists(attr: str) -> bool:
    known = _attrs_of(KERNEL_TYPES)
    return known is None or attr in known


def global_may_exist(name: str) -> bool:
    """A global the file never binds: a builtin, a module global (dunders), or one Triton's interpreter injects
    into a kernel's module (`np`, `interpreter_builder`, ...)."""
    _trusted()
    if hasattr(builtins, name) or name.startswith("__") and name.endswith("__"):
        return True
    interp = sys.modules.get(INTERPRETER)
    return interp is None or name in vars(interp)
