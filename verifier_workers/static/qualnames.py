"""Name resolution and qualified-name classification for the static checks. `Names` answers what a name or
attribute chain of the candidate denotes ('torch.nn.functional.relu' for `F.relu`), through imports, simple
aliases and literal getattr; `classify_qualname` gives the violation code for using a qualified name (forbidden
modules, private APIs, streams, ...), wherever it appears. Pure AST work: nothing here imports or runs the
candidate."""
from __future__ import annotations

import ast

from tritonrl.verifier_workers.static.allowlists import (HELPERS_AS_TRITON, INDUCTOR_HELPER_FUNCTIONS,
                                                         INDUCTOR_PREFIXES, LOW_PRECISION, QUALIFIED_EXCEPTIONS,
                                                         canonical)

# ---- modules and qualified names -----------------------------------------------------------------
ALLOWED_MODULES = {"torch", "torch.nn", "torch.nn.functional", "triton", "math", "typing", "__future__",
                   "triton.tools.tensor_descriptor",  # TMA descriptors (Hopper) are public Triton API
                   # plain-Python helpers of launcher code (functools.reduce(operator.mul, shape), a config
                   # dataclass); their caching and reflection parts stay flagged (QUALIFIED_CODES)
                   "functools", "operator", "dataclasses", "itertools", "collections", "enum", "abc",
                   # what nn's own modules import (KernelBench references and the code copied from them)
                   "torch.nn.init", "torch.nn.parameter", "torch.nn.modules.utils", "torch.nn.common_types"}
ALLOWED_MODULE_PREFIXES = ("triton.language.",)  # e.g. triton.language.extra.cuda.libdevice
IO_MODULES = {"os", "sys", "subprocess", "socket", "urllib", "urllib3", "requests", "http", "httpx", "pathlib",
              "shutil", "tempfile", "io", "signal", "glob", "fcntl", "mmap", "select", "resource", "pty",
              "posix", "nt", "ftplib", "smtplib", "webbrowser", "sqlite3", "zipfile", "tarfile", "atexit",
              "fileinput"}
# diagnostics generated code leaves in: only these names of theirs (no handlers, files or config)
DIAGNOSTIC_MODULES = {"logging", "warnings"}
DIAGNOSTIC_NAMES = {"warnings", "warnings.warn", "warnings.filterwarnings", "warnings.simplefilter",
                    "warnings.catch_warnings", "logging", "logging.getLogger", "logging.Logger",
                    *(f"logging.{n}" for n in ("debug", "info", "warning", "warn", "error", "exception", "critical",
                                               "log", "DEBUG", "INFO", "WARNING", "WARN", "ERROR", "CRITICAL",
                                               "NOTSET"))}
THREAD_MODULES = {"threading", "_thread", "concurrent", "multiprocessing", "asyncio", "queue", "sched",
                  "selectors"}
DYNAMIC_MODULES = {"importlib", "ctypes", "cffi", "marshal", "pickle", "_pickle", "dill", "cloudpickle",
                   "types", "code", "codeop", "runpy", "pkgutil", "imp", "zipimport", "builtins"}
REFLECTION_MODULES = {"gc", "inspect", "dis", "weakref", "copyreg", "traceback"}
MODULE_CODES = [(IO_MODULES, "io_access"), (THREAD_MODULES, "threads"), (DYNAMIC_MODULES, "dynamic_code"),
                (REFLECTION_MODULES, "reflection")]

# Qualified names (prefix match on dotted parts) with their code, wherever they appear in the file.
QUALIFIED_CODES: list[tuple[str, str]] = [
    ("triton.runtime", "private_api"), ("triton.compiler", "private_api"), ("triton.knobs", "private_api"),
    ("triton.backends", "private_api"), ("triton.tools", "private_api"),
    ("torch.utils.cpp_extension", "dynamic_code"), ("torch.utils.dlpack", "dynamic_code"),
    ("torch.multiprocessing", "threads"), ("torch.distributed", "threads"), ("torch.futures", "threads"),
    ("torch.load", "io_access"), ("torch.save", "io_access"), ("torch.hub", "io_access"),
    ("torch.from_file", "io_access"), ("torch.frombuffer", "dynamic_code"), ("torch.cuda.Stream", "cuda_stream"),
    ("torch.cuda.stream", "cuda_stream"),
    ("torch.cuda.set_stream", "cuda_stream"), ("torch.cuda.ExternalStream", "cuda_stream"),
    ("torch.cuda.Event", "cuda_stream"), ("torch.cuda.StreamContext", "cuda_stream"),
    ("torch.cuda.current_stream", "cuda_stream"), ("torch.cuda.default_stream", "cuda_stream"),
    ("torch.Stream", "cuda_stream"), ("torch.Event", "cuda_stream"), ("torch.cuda.streams", "cuda_stream"),
    ("torch.Tensor._make_subclass", "tensor_subclass"), ("torch.overrides", "tensor_subclass"),
    ("torch.utils._python_dispatch", "tensor_subclass"),
    ("torch.compile", "torch_compute"), ("torch.jit", "torch_compute"), ("torch.ops", "torch_compute"),
    ("torch.library", "torch_compute"), ("torch.cuda.graph", "torch_compute"),
    ("torch.cuda.graphs", "torch_compute"), ("torch.cuda.CUDAGraph", "torch_compute"),
    ("torch.cuda.make_graphed_callables", "torch_compute"), ("torch.fx", "torch_compute"),
    ("torch.export", "torch_compute"), ("torch.func", "torch_compute"), ("torch.vmap", "torch_compute"),
    ("torch.set_float32_matmul_precision", "precision_downgrade"), ("torch.autocast", "precision_downgrade"),
    ("torch.cuda.amp", "precision_downgrade"), ("torch.amp", "precision_downgrade"),
    ("torch.set_default_dtype", "precision_downgrade"), ("torch.set_default_tensor_type", "precision_downgrade"),
    ("functools.lru_cache", "output_cache"), ("functools.cache", "output_cache"),
    ("functools.cached_property", "output_cache"), ("contextlib.suppress", "try_except"),
    ("operator.attrgetter", "reflection"), ("operator.methodcaller", "reflection"),
    ("functools.singledispatch", "reflection"),
]


def classify_qualname(q: str) -> str | None:
    """The code for using a qualified name (an import or an attribute chain off one), or None."""
    if q in QUALIFIED_EXCEPTIONS or q in INDUCTOR_PREFIXES or q in DIAGNOSTIC_NAMES:
        return None
    if q.startswith(HELPERS_AS_TRITON + "."):
        member = q[len(HELPERS_AS_TRITON) + 1:].split(".")[0]
        return None if member in INDUCTOR_HELPER_FUNCTIONS else "private_api"
    parts = q.split(".")
    if parts[0] in DIAGNOSTIC_MODULES:  # logging.FileHandler, logging.config, warnings.showwarning...
        return "io_access"
    if parts[0] in ("torch", "triton") and any(
            p.startswith("_") and not (p.startswith("__") and p.endswith("__")) for p in parts[1:]):
        return "private_api"
    if parts[0] == "triton" and len(parts) > 1 and parts[1] == "tools" and q.startswith(
            "triton.tools.tensor_descriptor"):
        return None
    if "libdevice" in parts and parts[-1].startswith("fast_"):
        # approximate PTX (sin.approx.f32 is wrong far from 0): the interpreter computes them exactly (R10B_14)
        return "precision_downgrade"
    for prefix, code in QUALIFIED_CODES:
        if q == prefix or q.startswith(prefix + "."):
            return code
    for part in parts:  # also reached through another module, e.g. torch.os.system
        for modules, code in MODULE_CODES:
            if part in modules:
                return code
    return None


def is_allowed_module(mod: str) -> bool:
    return mod in ALLOWED_MODULES or mod.startswith(ALLOWED_MODULE_PREFIXES) or mod == "triton.language"


def low_precision_name(q: str | None) -> str | None:
    """'float16' / 'bfloat16' / 'float8' when a (qualified) name denotes a reduced float dtype."""
    if not q:
        return None
    last = q.rsplit(".", 1)[-1]
    if last.startswith("float8"):
        return "float8"
    return LOW_PRECISION.get(last)


class Names:
    """What names denote, flow- and scope-insensitively: imports (qualified) and simple aliases."""

    def __init__(self, nodes: list[ast.AST]):
        self.imports: dict[str, str] = {}
        self.aliases: dict[str, list[ast.expr]] = {}
        self.safe_bound: set[str] = set()  # bound by def/class/param/import/for/with/except: shadows builtins
        self._resolved: dict[tuple[str, int], str | None] = {}
        for node in nodes:
            if isinstance(node, ast.Import):
                for a in node.names:
                    local = a.asname or a.name.split(".")[0]
                    self.imports.setdefault(local, canonical(a.name) if a.asname else local)
                    self.safe_bound.add(local)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for a in node.names:
                    if a.name != "*":
                        self.imports.setdefault(a.asname or a.name, canonical(f"{node.module}.{a.name}"))
                        self.safe_bound.add(a.asname or a.name)
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                self.aliases.setdefault(node.targets[0].id, []).append(node.value)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                self.safe_bound.add(node.name)
            elif isinstance(node, ast.arg):
                self.safe_bound.add(node.arg)
            elif isinstance(node, (ast.For, ast.comprehension, ast.withitem)):
                target = node.target if not isinstance(node, ast.withitem) else node.optional_vars
                for n in ast.walk(target) if target is not None else ():
                    if isinstance(n, ast.Name):
                        self.safe_bound.add(n.id)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                self.safe_bound.add(node.name)

    def qual(self, node: ast.AST, depth: int = 0) -> str | None:
        """'torch.nn.functional.relu' for `F.relu`, `getattr(F, "relu")`, or `act` after `act = F.relu`."""
        if depth > 8:
            return None
        if isinstance(node, ast.Name):
            if node.id in self.imports:
                return self.imports[node.id]
            key = (node.id, depth)  # memo: many aliases per name, many levels deep, stay linear
            if key not in self._resolved:
                self._resolved[key] = None  # a cycle resolves to nothing
                self._resolved[key] = next((q for q in (self.qual(value, depth + 1)
                                                        for value in self.aliases.get(node.id, ())) if q), None)
            return self._resolved[key]
        if isinstance(node, ast.Attribute):
            base = self.qual(node.value, depth + 1)
            return canonical(f"{base}.{node.attr}") if base else None
        if isinstance(node, ast.Call) and literal_getattr(node):
            base = self.qual(node.args[0], depth + 1)
            return canonical(f"{base}.{node.args[1].value}") if base else None
        return None


def literal_getattr(node: ast.Call) -> bool:
    """`getattr(x, "name")` with a literal name: the same as `x.name`."""
    return (isinstance(node.func, ast.Name) and node.func.id == "getattr" and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str))

