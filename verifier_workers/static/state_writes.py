"""Shapes of a state write on the forward path (used by forward.py's rules): BatchNorm's counter step,
the nn.Module methods that add a tensor to the instance, a store whose value reads the place it stores to
(a counter or toggle)."""
from __future__ import annotations

import ast


def batchnorm_counter_step(meth: str, recv: ast.expr, call: ast.Call) -> bool:
    """`bn.num_batches_tracked.add_(1)`: BatchNorm's call counter in training mode, bookkeeping rather than
    the task's work (the run-time watch allows the same step: watch._counter_step)."""
    return (meth in ("add_", "sub_") and isinstance(recv, ast.Attribute) and recv.attr == "num_batches_tracked"
            and len(call.args) == 1 and not call.keywords and isinstance(call.args[0], ast.Constant)
            and type(call.args[0].value) is int)


# nn.Module methods that add a tensor or submodule to the instance: on the forward path a memo by another name
REGISTER_METHODS = frozenset({"register_buffer", "register_parameter", "add_module", "register_module",
                              "__setattr__"})


def registers_state(call: ast.Call, self_name: str | None) -> bool:
    f = call.func
    if isinstance(f, ast.Attribute) and f.attr in REGISTER_METHODS:
        return True
    return (isinstance(f, ast.Name) and f.id == "setattr" and bool(call.args)
            and isinstance(call.args[0], ast.Name) and call.args[0].id == self_name)


def reads_target(value: ast.AST, target: ast.AST) -> bool:
    """Does `value` read the very place `target` stores to (same expression)?"""
    spelled = ast.unparse(target)
    return any(isinstance(e, (ast.Attribute, ast.Subscript, ast.Name)) and ast.unparse(e) == spelled
               for e in ast.walk(value))
