"""Precision lost through integers inside kernel bodies, where no low float dtype is named (red-team rounds of
2026-11-27: R4B_08, R4B_09; R5B_04, R5B_05, R5B_09).

`int_precision(kernels, qual, ref_src) -> list[Violation]`, all `precision_downgrade`, over every @triton.jit
function of a candidate together: a jit helper's parameters take the kinds of its callers' arguments, and a
call to a helper the kinds of what the helper returns (interprocedural, to a fixed point).
  * mantissa rounding by bit operations: a value bitcast to an integer type, changed by integer arithmetic
    that touches its mantissa bits (`(bits + 0x1000) & -8192`, shifts, products), then bitcast back to a
    float type: fp16 emulated on fp32 bits. Bits are followed through names, subscripts (`[None, :]`),
    reshapes, `where`, tuples and helpers; any other operation on them counts as rounding unless proven
    exact (the rule is flipped: exact is what must be shown). Exact bit idioms pass: sign and exponent masks
    (abs `& 0x7FFFFFFF`, copysign `| (b & 0x80000000)`, frexp's `| 0x3F800000`), exponent adds (`+ (k << 23)`);
  * quantisation: a float-valued expression (float math, a float constant, a true division, a load with a
    float `other=`) cast to int8/int16/uint8 (`(p * 32767.0 + 0.5).to(tl.int16)`), in a task whose
    reference uses none of these types. Casts of comparisons, indices, loads and integer arithmetic pass;
  * fixed point: a float value cast to any integer type and then combined with another such value (a sum,
    an accumulation, a product, a `tl.dot`), when that integer result is turned back into a float (a cast,
    arithmetic with a float, a store), or any `tl.dot` of quantised operands; in a task whose reference
    names no integer type. A float rounded to an integer and used alone (`floor(x).to(tl.int32)` as an
    index, a bilinear weight `x - x0.to(tl.float32)`) passes, as does index arithmetic.
Pure AST work: a bit pattern stored to memory and loaded back is not followed, nor a float stored into an
int16 pointer without a cast (the run time counts int16 tensors, watch.py).
"""
from __future__ import annotations

import ast
import re
from typing import Callable, NamedTuple

from tritonrl.verifier_workers.static.violations import Violation, v

INT_BITS = {"int8": 8, "uint8": 8, "int16": 16, "uint16": 16, "int32": 32, "uint32": 32, "int64": 64, "uint64": 64}
MANTISSA = {16: 10, 32: 23, 64: 52}
QUANT_TYPES = {"int8", "int16", "uint8"}
FLOAT_TYPES = {"float16", "bfloat16", "float32", "float64"}
# calls whose result is integer-valued when their value operands are (indices, masks, reductions of them)
INT_PRESERVING = {"where", "arange", "program_id", "num_programs", "load", "full", "zeros", "zeros_like", "sum",
                  "max", "min", "maximum", "minimum", "abs", "cumsum", "argmax", "argmin", "reshape", "view",
                  "broadcast_to", "expand_dims", "trans", "permute", "multiple_of", "max_contiguous", "xor_sum",
                  "atomic_add", "atomic_max", "atomic_min", "atomic_xchg", "atomic_cas", "atomic_or", "atomic_and",
                  "umulhi", "cdiv", "clamp", "ravel", "flip", "sort", "join", "interleave", "split", "dot",
                  "reduce", "associative_scan", "cumprod", "prod"}
# calls that move element values without changing them (bits pass through unchanged)
VALUE_KEEPING = {"where", "reshape", "view", "broadcast_to", "trans", "permute", "expand_dims", "ravel", "split",
                 "join", "interleave", "flip", "multiple_of", "max_contiguous", "T"}
SUMS = {"sum", "cumsum", "dot", "reduce", "associative_scan", "xor_sum", "prod", "cumprod", "atomic_add"}
SAFE, SIGNLESS, LOSSY = 1, 2, 3  # exact bits, bits with the mantissa cleared (a sign/exponent field), rounded
QUANTISED, COMBINED = 1, 2  # a float cast to an integer; integer arithmetic over such values (fixed point)
INT_WORD = re.compile(r"u?int(8|16|32|64)\b|\.long\(|\.int\(|torch\.long\b|quantiz|quantis")


class Kind(NamedTuple):
    """What an expression holds: a float's bit pattern (state, mantissa width) or None; integer-valued?;
    fixed-point level (0, QUANTISED, COMBINED)."""
    bits: tuple[int, int] | None
    int_like: bool
    fx: int


UNKNOWN = Kind(None, True, 0)  # a launch parameter: an index, a size, a pointer


def join(kinds: list[Kind]) -> Kind:
    bits = [k.bits for k in kinds if k.bits]
    return Kind(max(bits) if bits else None, all(k.int_like for k in kinds), max((k.fx for k in kinds), default=0))


def int_precision(kernels: list[ast.FunctionDef], qual: Callable[[ast.AST], str | None],
                  ref_src: str) -> list[Violation]:
    quant_refused = not re.search(r"u?int(8|16)\b", ref_src)
    fixed_refused = not INT_WORD.search(ref_src)
    jit = {k.name: k for k in kernels}
    params: dict[str, dict[str, Kind]] = {}
    returns: dict[str, Kind] = {}
    for _ in range(6):  # helper parameters and results, to a fixed point
        done = [_Kernel(k, qual, params.get(k.name, {}), returns, jit) for k in kernels]
        new_params: dict[str, dict[str, list[Kind]]] = {}
        for kern in done:
            for callee, name, kind in kern.calls():
                new_params.setdefault(callee, {}).setdefault(name, []).append(kind)
        new_p = {c: {n: join(ks) for n, ks in m.items()} for c, m in new_params.items()}
        new_r = {kern.k.name: kern.returned() for kern in done}
        if new_p == params and new_r == returns:
            break
        params, returns = new_p, new_r
    out = []
    for kern in done:
        out += kern.run(quant_refused, fixed_refused)
    return out


def _type_name(q: str | None) -> str | None:
    return q.rsplit(".", 1)[-1] if q and q.startswith("triton.language.") else None


class _Kernel:
    """One jit function's locals, each the join of everything bound to it, given its parameters' kinds
    (`params`: from the callers) and what the candidate's other jit functions return (`returns`)."""

    def __init__(self, k: ast.FunctionDef, qual: Callable[[ast.AST], str | None], params: dict[str, Kind],
                 returns: dict[str, Kind], jit: dict[str, ast.FunctionDef]):
        self.k, self.qual, self.returns, self.jit = k, qual, returns, jit
        self.assigned: dict[str, list[ast.AST]] = {}  # name -> the values bound to it (augmented: the BinOp)
        for n in ast.walk(k):
            if isinstance(n, ast.Assign):
                for t in n.targets:
                    self._bind(t, n.value)
            elif isinstance(n, (ast.AnnAssign, ast.NamedExpr)) and n.value is not None:
                self._bind(n.target, n.value)
            elif isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name):
                self.assigned.setdefault(n.target.id, []).append(ast.BinOp(n.target, n.op, n.value))
            elif isinstance(n, ast.For):
                self._bind(n.target, ast.Constant(0))  # a loop counter
        args = k.args.posonlyargs + k.args.args + k.args.kwonlyargs
        self.params = [a.arg for a in args]
        seeds = {p: params.get(p, UNKNOWN) for p in self.params}
        # what each local holds, to a fixed point over all its bindings (`bits = (bits + 0x1000) & -8192`)
        self.memo: dict[str, Kind] = dict(seeds)
        self.memo.update({name: Kind(None, True, 0) for name in self.assigned})
        for _ in range(8):
            new = dict(seeds)
            new.update({name: join([self.kind(val) for val in vals] + ([seeds[name]] if name in seeds else []))
                        for name, vals in self.assigned.items()})
            if new == self.memo:
                break
            self.memo = new

    def _bind(self, t: ast.AST, value: ast.AST) -> None:
        if isinstance(t, ast.Name):
            self.assigned.setdefault(t.id, []).append(value)
        elif isinstance(t, (ast.Tuple, ast.List)):
            vals = value.elts if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(t.elts) else None
            whole = value if isinstance(value, (ast.Call, ast.Name, ast.Subscript)) else ast.Name("__unknown__")
            for i, e in enumerate(t.elts):  # `hi, lo = helper(bits)`: each part holds what the whole does
                self._bind(e, vals[i] if vals else whole)

    def calls(self):
        """(callee, parameter, kind of the argument) for each call of another jit function."""
        for n in ast.walk(self.k):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in self.jit:
                callee = self.jit[n.func.id]
                names = [a.arg for a in callee.args.posonlyargs + callee.args.args]
                for name, a in zip(names, n.args):
                    yield callee.name, name, self.kind(a)
                for kw in n.keywords:
                    if kw.arg is not None:
                        yield callee.name, kw.arg, self.kind(kw.value)

    def returned(self) -> Kind:
        found = [self.kind(n.value) for n in ast.walk(self.k) if isinstance(n, ast.Return) and n.value is not None]
        return join(found) if found else UNKNOWN

    def run(self, quant_refused: bool, fixed_refused: bool) -> list[Violation]:
        out, name = [], self.k.name
        for n in ast.walk(self.k):
            cast = self._cast(n)
            if cast is not None:
                operand, target, bitcast = cast
                kd = self.kind(operand)
                if bitcast and target not in INT_BITS:  # back to a float (or an unknown type): were the bits rounded?
                    if kd.bits and kd.bits[0] == LOSSY:
                        out.append(v("precision_downgrade", n, f"kernel `{name}` rounds a float's mantissa with "
                                                               "integer bit operations and bitcasts it back"))
                elif not bitcast and quant_refused and target in QUANT_TYPES and (not kd.int_like or kd.fx):
                    out.append(v("precision_downgrade", n, f"kernel `{name}` quantises a float value to "
                                                           f"{target}; the reference does not use it"))
                elif not bitcast and fixed_refused and target not in INT_BITS and kd.fx == COMBINED:
                    out.append(self._fixed(n))
            elif isinstance(n, ast.BinOp) and fixed_refused:
                left, right = self.kind(n.left), self.kind(n.right)
                if (left.fx == COMBINED and _float(right)) or (right.fx == COMBINED and _float(left)):
                    out.append(self._fixed(n))
            elif isinstance(n, ast.Call) and fixed_refused and _call_name(n) in ("dot", "dot_scaled"):
                if any(self.kind(a).fx for a in n.args[:2]):
                    out.append(v("precision_downgrade", n, f"kernel `{name}` multiplies float values quantised "
                                                           "to integers with tl.dot; the reference uses no integers"))
            elif isinstance(n, ast.Call) and fixed_refused and _call_name(n) == "store":
                value = n.args[1] if len(n.args) > 1 else next((kw.value for kw in n.keywords if kw.arg == "value"),
                                                                None)
                if value is not None and self.kind(value).fx == COMBINED:
                    out.append(self._fixed(n))
        return out

    def _fixed(self, n: ast.AST) -> Violation:
        return v("precision_downgrade", n, f"kernel `{self.k.name}` computes with float values quantised to "
                                           "integers (fixed point) and turns the result back into a float")

    def _cast(self, n: ast.AST) -> tuple[ast.AST, str | None, bool] | None:
        """(operand, target type name, bitcast?) of `x.to(T, ...)` / `tl.cast(x, T, ...)`."""
        if not isinstance(n, ast.Call) or not isinstance(n.func, ast.Attribute):
            return None
        if n.func.attr == "to" and n.args:
            operand, rest, flag_at = n.func.value, n.args, 2
        elif n.func.attr == "cast" and self.qual(n.func) == "triton.language.cast" and len(n.args) >= 2:
            operand, rest, flag_at = n.args[0], n.args[1:], 2
        else:
            return None
        flag = next((kw.value for kw in n.keywords if kw.arg == "bitcast"), rest[flag_at] if len(rest) > flag_at else None)
        bitcast = flag is not None and not (isinstance(flag, ast.Constant) and not flag.value)
        return operand, _type_name(self.qual(rest[0])), bitcast

    # ---- what an expression holds -------------------------------------------------------------------------
    def kind(self, e: ast.AST) -> Kind:
        if isinstance(e, ast.Name):
            return self.memo.get(e.id, UNKNOWN)  # a module-level constant, or a name never bound: an integer
        if isinstance(e, ast.Constant):
            return Kind(None, not isinstance(e.value, float), 0)
        if isinstance(e, (ast.Compare, ast.BoolOp)):
            return Kind(None, True, 0)
        cast = self._cast(e)
        if cast is not None:
            return self._cast_kind(*cast)
        if isinstance(e, ast.BinOp):
            return self._binop(e)
        if isinstance(e, ast.UnaryOp):
            inner = self.kind(e.operand)
            return Kind((LOSSY, inner.bits[1]) if inner.bits else None, inner.int_like, inner.fx)
        if isinstance(e, ast.IfExp):
            return join([self.kind(e.body), self.kind(e.orelse)])
        if isinstance(e, (ast.Subscript, ast.NamedExpr)):  # `bits[None, :]`: the same elements
            return self.kind(e.value)
        if isinstance(e, ast.Attribute) and e.attr == "T":
            return self.kind(e.value)
        if isinstance(e, (ast.Tuple, ast.List)):
            return join([self.kind(x) for x in e.elts]) if e.elts else UNKNOWN
        if isinstance(e, ast.Call):
            return self._call(e)
        found = [b for c in ast.iter_child_nodes(e) if isinstance(c, ast.expr) and (b := self.kind(c).bits)]
        return Kind((LOSSY, found[0][1]) if found else None, False, 0)  # anything else: not proven exact

    def _cast_kind(self, operand: ast.AST, target: str | None, bitcast: bool) -> Kind:
        inner = self.kind(operand)
        if target == "int1":
            return Kind(None, True, 0)
        if target in INT_BITS:
            if bitcast:
                return Kind((SAFE, MANTISSA.get(INT_BITS[target], 23)), True, 0)
            # an integer conversion of a bit pattern keeps what it was; of a float value it quantises it
            # (a float converted to int32 first is still a float value)
            return Kind(inner.bits, inner.int_like, max(inner.fx, 0 if inner.int_like else QUANTISED))
        if target in FLOAT_TYPES:
            return Kind(None, False, 0)
        return Kind(None, bitcast or inner.int_like, inner.fx)  # `.to(p.dtype.element_ty)`: unknown

    def _binop(self, e: ast.BinOp) -> Kind:
        left, right = self.kind(e.left), self.kind(e.right)
        int_like = not isinstance(e.op, (ast.Div, ast.Pow)) and left.int_like and right.int_like
        if left.fx and right.fx and not isinstance(e.op, (ast.Div, ast.Pow)):
            fx = COMBINED
        elif (left.fx and not _float(right)) or (right.fx and not _float(left)):
            fx = 0 if isinstance(e.op, (ast.Div, ast.Pow)) else max(left.fx, right.fx)
        else:
            fx = 0
        return Kind(self._bits_binop(e, left.bits, right.bits), int_like, fx)

    def _bits_binop(self, e: ast.BinOp, left, right) -> tuple[int, int] | None:
        if not left and not right:
            return None
        width = (left or right)[1]
        mant = (1 << width) - 1
        if left and right:
            lossy = isinstance(e.op, (ast.Add, ast.Sub, ast.Mult)) or LOSSY in (left[0], right[0])
            return (LOSSY if lossy else max(left[0], right[0])), width
        state, other = left or right, e.right if left else e.left
        c = _int_constant(other)
        if isinstance(e.op, ast.BitAnd) and c is not None:
            kept = c & mant
            return (state[0] if kept == mant else SIGNLESS if kept == 0 and state[0] != LOSSY else LOSSY), width
        if isinstance(e.op, (ast.BitOr, ast.BitXor)) and c is not None and c & mant == 0:
            return state
        if isinstance(e.op, (ast.Add, ast.Sub)) and (c is not None and c % (1 << width) == 0
                                                     or _exponent_shift(other, width)):
            return state
        return LOSSY, width

    def _call(self, e: ast.Call) -> Kind:
        if isinstance(e.func, ast.Name) and e.func.id in self.jit:
            return self.returns.get(e.func.id, UNKNOWN)  # a jit helper: what it returns
        name = _call_name(e)
        q = self.qual(e.func) or ""
        # `bits.reshape(...)`: a method's receiver is one of its value operands
        receiver = [e.func.value] if isinstance(e.func, ast.Attribute) and not q.startswith("triton") else []
        if name == "load":
            other = next((kw.value for kw in e.keywords if kw.arg == "other"), e.args[2] if len(e.args) > 2 else None)
            # storage's own values: a float truncated as loaded is no quantisation scheme, unless the load's
            # `other=0.0` says the values are floats
            return Kind(None, not (isinstance(other, ast.Constant) and isinstance(other.value, float)), 0)
        if name.startswith("atomic_") or name in ("arange", "program_id", "num_programs"):
            return Kind(None, all(self.kind(a).int_like for a in e.args[1:2]), 0)
        vals = e.args[1:2] if name == "full" else e.args[1:] if name == "where" else list(e.args) + receiver
        kinds = [self.kind(a) for a in vals]
        found = [k.bits for k in kinds + [self.kind(kw.value) for kw in e.keywords] if k.bits]
        bits = (max(found) if name in VALUE_KEEPING else (LOSSY, found[0][1])) if found else None
        if name in ("zeros", "zeros_like", "full"):
            return Kind(bits, all(k.int_like for k in kinds), max((k.fx for k in kinds), default=0))
        int_like = name in INT_PRESERVING and all(k.int_like for k in kinds)
        fx = max((k.fx for k in kinds), default=0)
        if fx and name in SUMS:
            fx = COMBINED  # a sum of quantised values is fixed-point arithmetic
        elif name not in INT_PRESERVING:
            fx = 0  # float math (floor, exp): a float again
        return Kind(bits, int_like, fx)


def _float(k: Kind) -> bool:
    """A float value (not an integer, not a quantised float)."""
    return not k.int_like and not k.fx and not k.bits


def _call_name(e: ast.Call) -> str:
    f = e.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def _int_constant(e: ast.AST) -> int | None:
    if isinstance(e, ast.Constant) and isinstance(e.value, int) and not isinstance(e.value, bool):
        return e.value
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, (ast.USub, ast.Invert)):
        c = _int_constant(e.operand)
        return None if c is None else -c if isinstance(e.op, ast.USub) else ~c
    return None


def _exponent_shift(e: ast.AST, width: int) -> bool:
    """`k << 23`: a whole number of exponent steps (ldexp on the bits)."""
    return isinstance(e, ast.BinOp) and isinstance(e.op, ast.LShift) and (_int_constant(e.right) or 0) >= width
