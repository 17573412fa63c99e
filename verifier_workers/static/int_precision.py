"""Precision lost through integers inside kernel bodies, where no low float dtype is named (red-team round of
2026-11-27: R4B_08, R4B_09).

`int_precision(kernel, qual, ref_src) -> list[Violation]`, all `precision_downgrade`:
  * mantissa rounding by bit operations: a value bitcast to an integer type, changed by integer arithmetic
    that touches its mantissa bits (`(bits + 0x1000) & -8192`, shifts, products), then bitcast back to a
    float type: fp16 emulated on fp32 bits. Exact bit idioms pass: sign and exponent masks (abs
    `& 0x7FFFFFFF`, copysign `| (b & 0x80000000)`, frexp's `| 0x3F800000`), exponent adds (`+ (k << 23)`);
  * quantisation: a float-valued expression (float math, a float constant, a true division) cast to
    int8/int16/uint8 (`(p * 32767.0 + 0.5).to(tl.int16)`), in a task whose reference uses none of these
    types. Casts of comparisons, indices, loads and integer arithmetic pass (one-hot and mask bytes).
Pure AST work on one kernel at a time: a value bitcast in one jit function and changed in another is not seen,
nor a float stored into an int16 pointer without a cast (the run time counts int16 tensors, watch.py).
"""
from __future__ import annotations

import ast
import re
from typing import Callable

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
                  "umulhi", "cdiv", "clamp", "ravel", "flip", "sort", "join", "interleave"}
SAFE, SIGNLESS, LOSSY = 1, 2, 3  # exact bits, bits with the mantissa cleared (a sign/exponent field), rounded


def int_precision(k: ast.FunctionDef, qual: Callable[[ast.AST], str | None], ref_src: str) -> list[Violation]:
    return _Kernel(k, qual).run(not re.search(r"u?int(8|16)\b", ref_src))


def _type_name(q: str | None) -> str | None:
    return q.rsplit(".", 1)[-1] if q and q.startswith("triton.language.") else None


class _Kernel:
    def __init__(self, k: ast.FunctionDef, qual: Callable[[ast.AST], str | None]):
        self.k, self.qual = k, qual
        self.assigned: dict[str, list[ast.AST]] = {}  # name -> the values bound to it (augmented: the BinOp)
        for n in ast.walk(k):
            if isinstance(n, ast.Assign):
                for t in n.targets:
                    self._bind(t, n.value)
            elif isinstance(n, ast.AnnAssign) and n.value is not None:
                self._bind(n.target, n.value)
            elif isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name):
                self.assigned.setdefault(n.target.id, []).append(ast.BinOp(n.target, n.op, n.value))
            elif isinstance(n, ast.For):
                self._bind(n.target, ast.Constant(0))  # a loop counter
        # what each local holds, to a fixed point over all its bindings (`bits = (bits + 0x1000) & -8192`)
        self._bits_memo: dict[str, tuple[int, int] | None] = {name: None for name in self.assigned}
        self._int_memo: dict[str, bool] = {name: True for name in self.assigned}
        for _ in range(8):
            bits = {name: max((b for val in vals if (b := self.bits(val))), default=None)
                    for name, vals in self.assigned.items()}
            ints = {name: all(self.int_like(val) for val in vals) for name, vals in self.assigned.items()}
            if bits == self._bits_memo and ints == self._int_memo:
                break
            self._bits_memo, self._int_memo = bits, ints

    def _bind(self, t: ast.AST, value: ast.AST) -> None:
        if isinstance(t, ast.Name):
            self.assigned.setdefault(t.id, []).append(value)
        elif isinstance(t, (ast.Tuple, ast.List)):
            vals = value.elts if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(t.elts) else None
            for i, e in enumerate(t.elts):
                self._bind(e, vals[i] if vals else ast.Name("__unknown__", ast.Load()))

    def run(self, quant_refused: bool) -> list[Violation]:
        out = []
        for n in ast.walk(self.k):
            cast = self._cast(n)
            if cast is None:
                continue
            operand, target, bitcast = cast
            if bitcast and target not in INT_BITS:  # back to a float (or an unknown type): were the bits rounded?
                state = self.bits(operand)
                if state and state[0] == LOSSY:
                    out.append(v("precision_downgrade", n, f"kernel `{self.k.name}` rounds a float's mantissa with "
                                                           "integer bit operations and bitcasts it back"))
            elif not bitcast and quant_refused and target in QUANT_TYPES and not self.int_like(operand):
                out.append(v("precision_downgrade", n, f"kernel `{self.k.name}` quantises a float value to "
                                                       f"{target}; the reference does not use it"))
        return out

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

    # ---- bits: (state, mantissa width) of an integer value holding a float's bit pattern, or None -----------
    def bits(self, e: ast.AST) -> tuple[int, int] | None:
        if isinstance(e, ast.Name):
            return self._bits_memo.get(e.id)
        cast = self._cast(e)
        if cast is not None:
            operand, target, bitcast = cast
            if bitcast and target in INT_BITS:
                return SAFE, MANTISSA.get(INT_BITS[target], 23)
            inner = self.bits(operand)  # an integer conversion of a bit pattern keeps what it was
            return inner if inner and not bitcast and target in INT_BITS else None
        if isinstance(e, ast.BinOp):
            left, right = self.bits(e.left), self.bits(e.right)
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
        if isinstance(e, ast.UnaryOp):
            inner = self.bits(e.operand)
            return (LOSSY, inner[1]) if inner else None
        if isinstance(e, ast.IfExp):
            found = [b for b in (self.bits(e.body), self.bits(e.orelse)) if b]
            return max(found) if found else None
        if isinstance(e, ast.Call):  # `tl.where(c, bits, other)` and the like carry the bits on
            found = [b for a in e.args[1:] if (b := self.bits(a))] if _call_name(e) == "where" else \
                [b for a in list(e.args) + [kw.value for kw in e.keywords] if (b := self.bits(a))]
            if not found:
                return None
            return max(found) if _call_name(e) in ("where", "reshape", "view", "broadcast_to", "trans") \
                else (LOSSY, found[0][1])
        return None

    # ---- integer-valued expressions (not a float computation) ----------------------------------------------
    def int_like(self, e: ast.AST) -> bool:
        if isinstance(e, ast.Constant):
            return not isinstance(e.value, float)
        if isinstance(e, (ast.Compare, ast.BoolOp)):
            return True
        if isinstance(e, ast.Name):  # a parameter (an index, a size, a pointer) or a module-level constant: True
            return self._int_memo.get(e.id, True)
        if isinstance(e, ast.UnaryOp):
            return self.int_like(e.operand)
        if isinstance(e, ast.BinOp):
            return not isinstance(e.op, (ast.Div, ast.Pow)) and self.int_like(e.left) and self.int_like(e.right)
        if isinstance(e, ast.IfExp):
            return self.int_like(e.body) and self.int_like(e.orelse)
        if isinstance(e, ast.Subscript):
            return self.int_like(e.value)
        cast = self._cast(e)
        if cast is not None:
            operand, target, bitcast = cast  # a float converted to int32 first is still a float value
            return target == "int1" or target not in FLOAT_TYPES and (bitcast or self.int_like(operand))
        if isinstance(e, ast.Call):
            name = _call_name(e)
            if name == "load":
                return True  # storage's own values: a float truncated as loaded is no quantisation scheme
            if name in INT_PRESERVING:  # `tl.full(shape, value, dtype)`, `tl.where(cond, a, b)`: the values
                vals = e.args[1:2] if name == "full" else e.args[1:] if name == "where" else e.args
                return all(self.int_like(a) for a in vals)
        return False


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
