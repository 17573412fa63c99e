"""Generated elementwise tasks with gold kernels: extra SFT pairs that teach the PyTorch -> Triton mapping.

Why: with ~30 gold kernels a small model learns the elementwise *template* but not to read the operation off
the reference; it then writes some memorised body (ReLU, SiLU...) for an unseen task. Many tasks that share the
template and differ only in the expression make the expression the thing to get right. Only ops of the
training split are used (abs, exp, sqrt, log, sigmoid and arithmetic), never those of the held-out split.
"""
from __future__ import annotations

import random

from tritonrl.tasks.kernelbook import SFTPair
from tritonrl.tasks.task import Task

# torch function -> triton.language function; inputs must be positive for the second group
_OPS = {"abs": "abs", "exp": "exp", "sigmoid": "sigmoid"}
_POSITIVE_OPS = {"sqrt": "sqrt", "log": "log"}
_SCALES = ("0.5", "2.0", "3.0", "0.25", "1.5")
_SHIFTS = ("1.0", "2.0", "0.5", "3.0")

REFERENCE = '''import torch
import torch.nn as nn


class Model(nn.Module):
    """Computes {torch_expr} elementwise."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return {torch_expr}


batch_size = 16
dim = 1024


def get_inputs():
    return [{inputs}]


def get_init_inputs():
    return []
'''

GOLD = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def {name}_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask, other={other}).to(tl.float32)  # compute in fp32
    y = {tl_expr}
    tl.store(out_ptr + offsets, y.to(out_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        out = torch.empty_like(x)
        n_elements = x.numel()
        BLOCK_SIZE = 1024
        grid = (triton.cdiv(n_elements, BLOCK_SIZE),)
        {name}_kernel[grid](x, out, n_elements, BLOCK_SIZE=BLOCK_SIZE)
        return out
'''

PLAN = ("Flatten the tensor and launch a 1D grid of 1024-element blocks; each program loads its masked block, "
        "computes {tl_expr} in fp32 and stores the result in the input dtype.")


def _expression(rng: random.Random) -> tuple[str, str, str, bool]:
    """(name, torch expression, triton expression, needs positive inputs)."""
    op, positive = rng.choice([(o, False) for o in _OPS] + [(o, True) for o in _POSITIVE_OPS] + [(None, False)])
    a, b = rng.choice(_SCALES), rng.choice(_SHIFTS)
    if op is None:
        form = rng.choice(["mul_add", "square_mul"])
        exprs = {"mul_add": (f"x * {a} + {b}",) * 2, "square_mul": (f"x * x * {a}",) * 2}[form]
        return f"{form}", exprs[0], exprs[1], False
    tl_op = (_OPS | _POSITIVE_OPS)[op]
    form = rng.choice(["plain", "mul", "add", "mul_add", "inner_mul"])
    t, g = f"torch.{op}", f"tl.{tl_op}"
    exprs = {"plain": (f"{t}(x)", f"{g}(x)"), "mul": (f"{t}(x) * {a}", f"{g}(x) * {a}"),
             "add": (f"{t}(x) + {b}", f"{g}(x) + {b}"),
             "mul_add": (f"{t}(x) * {a} + {b}", f"{g}(x) * {a} + {b}"),
             "inner_mul": (f"{t}(x * {a})", f"{g}(x * {a})")}[form]
    return f"{op}_{form}", exprs[0], exprs[1], positive


def synthetic_tasks(n: int, seed: int = 0) -> list[Task]:
    """n distinct generated elementwise tasks (level 1, split "train") with gold kernels."""
    rng, tasks, seen = random.Random(seed), [], set()
    for _ in range(n * 50):
        if len(tasks) == n:
            break
        kind, torch_expr, tl_expr, positive = _expression(rng)
        if torch_expr in seen:
            continue
        seen.add(torch_expr)
        name = f"syn{len(tasks)}_{kind}"
        inputs = "torch.rand(batch_size, dim) + 0.1" if positive else "torch.randn(batch_size, dim)"
        tasks.append(Task(name=name, level=1, source="synthetic", split="train",
                          reference_src=REFERENCE.format(torch_expr=torch_expr, inputs=inputs),
                          gold_src=GOLD.format(name=name, tl_expr=tl_expr, other="1.0" if positive else "0.0"),
                          sizes={"cuda": {"batch_size": 4096, "dim": 8192}}))
    return tasks


def synthetic_pairs(n: int, seed: int = 0) -> list[SFTPair]:
    """SFT pairs of `synthetic_tasks`; each plan names the exact Triton expression its kernel computes."""
    pairs = []
    for t in synthetic_tasks(n, seed):
        tl_expr = t.gold_src.split("    y = ", 1)[1].split("\n", 1)[0]
        pairs.append(SFTPair(reference_src=t.reference_src, plan=PLAN.format(tl_expr=tl_expr), code=t.gold_src,
                             name=t.name))
    return pairs
