"""Generated elementwise tasks with gold kernels: extra SFT pairs that teach the PyTorch -> Triton mapping.

Why: with ~30 gold kernels a small model learns the elementwise *template* but not to read the operation off
the reference; it then writes some memorised body (ReLU, SiLU...) for an unseen task. Many tasks that share the
template and differ only in the expression make the expression the thing to get right. Two choices make
copying (rather than recalling one of a few memorised bodies) the cheapest rule to learn:

- many distinct ops whose Triton name is the torch name (`torch.exp2(x)` -> `tl.exp2(x)`: the same token
  follows the dot), so the op token can only be predicted by copying it from the reference;
- a plan that names the exact Triton line (`y = tl.exp2(x) * 0.5`), so the op is copied reference -> plan
  -> code; one kernel name for all of them, so the launch line has nothing task-specific to recall.
(A plan that first restated the reference's `torch.` expression made things worse: at "returns torch." the
model recalled a frequent op (abs) and the code then copied that instead of the op it had put in `y = tl.`.)

Only ops of the training split are used, never those of the held-out split (sin, cos, tanh, softmax, mean):
tests/test_tasks.py checks both that and that every generated gold passes the verifier.
"""
from __future__ import annotations

import random

from tritonrl.tasks.kernelbook import SFTPair
from tritonrl.tasks.task import Task

# torch function -> triton.language function (same name: the op is copied, not recalled)
_OPS = ("abs", "exp", "exp2", "sigmoid", "erf", "floor", "ceil")
_POSITIVE_OPS = ("sqrt", "log", "log2", "rsqrt")  # need positive inputs
_SCALES = ("0.5", "2.0", "3.0", "0.25", "1.5", "4.0", "0.1")
_SHIFTS = ("1.0", "2.0", "0.5", "3.0", "0.75", "5.0")
_SIZES = ((16, 1024), (8, 2048), (32, 512), (4, 4096))
_PLAIN_DOCS = ("Applies {op} elementwise.", "Computes torch.{op}(x) elementwise.", "Elementwise {op}.")
# held-out ops: never generated (the test checks the output too)
HELDOUT_OPS = ("sin", "cos", "tanh", "softmax", "log_softmax", "mean")

REFERENCE = '''import torch
import torch.nn as nn


class Model(nn.Module):
    """{doc}"""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return {torch_expr}


batch_size = {batch_size}
dim = {dim}


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
def {kernel}(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
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
        {kernel}[grid](x, out, n_elements, BLOCK_SIZE=BLOCK_SIZE)
        return out
'''

PLAN = ("Flatten the tensor and launch a 1D grid of 1024-element blocks; each program loads its masked block, "
        "computes y = {tl_expr} in fp32 and stores y in the input dtype.")


def _expression(rng: random.Random) -> tuple[str, str, str, str, bool]:
    """(kind, op or "", torch expression, triton expression, needs positive inputs)."""
    if rng.random() < 0.08:  # pure arithmetic: the template without a function call
        a, b = rng.choice(_SCALES), rng.choice(_SHIFTS)
        form = rng.choice(["mul_add", "square_mul"])
        expr = {"mul_add": f"x * {a} + {b}", "square_mul": f"x * x * {a}"}[form]
        return form, "", expr, expr, False
    op, positive = rng.choice([(o, False) for o in _OPS] + [(o, True) for o in _POSITIVE_OPS])
    a, b = rng.choice(_SCALES), rng.choice(_SHIFTS)
    # the bare call is what most simple references (and the held-out ones) look like: weight it up
    form = rng.choice(["plain", "plain", "mul", "add", "mul_add", "inner_mul", "inner_add"])
    if positive and form == "inner_add":
        form = "inner_mul"  # keep the argument positive
    t, g = f"torch.{op}", f"tl.{op}"
    exprs = {"plain": (f"{t}(x)", f"{g}(x)"), "mul": (f"{t}(x) * {a}", f"{g}(x) * {a}"),
             "add": (f"{t}(x) + {b}", f"{g}(x) + {b}"),
             "mul_add": (f"{t}(x) * {a} + {b}", f"{g}(x) * {a} + {b}"),
             "inner_mul": (f"{t}(x * {a})", f"{g}(x * {a})"),
             "inner_add": (f"{t}(x + {b})", f"{g}(x + {b})")}[form]
    return f"{op}_{form}", op, exprs[0], exprs[1], positive


def synthetic_tasks(n: int, seed: int = 0) -> list[Task]:
    """n distinct generated elementwise tasks (level 1, split "train") with gold kernels.

    The first ones cycle through every op once (bare call, the default sizes) so that even a small n covers
    all of them; bare calls recur with other docstrings and sizes, since held-out references look like them."""
    rng, tasks, seen = random.Random(seed), [], set()
    ops = [(o, False) for o in _OPS] + [(o, True) for o in _POSITIVE_OPS]
    rng.shuffle(ops)
    firsts = [(f"{o}_plain", o, f"torch.{o}(x)", f"tl.{o}(x)", p) for o, p in ops]
    for i in range(n * 50):
        if len(tasks) == n:
            break
        first = i < len(firsts)
        kind, op, torch_expr, tl_expr, positive = firsts[i] if first else _expression(rng)
        plain = kind.endswith("_plain")
        doc = (_PLAIN_DOCS[0] if first else rng.choice(_PLAIN_DOCS)).format(op=op) if plain \
            else f"Computes {torch_expr} elementwise."
        batch_size, dim = _SIZES[0] if first else rng.choice(_SIZES)
        inputs = "torch.rand(batch_size, dim) + 0.1" if positive else "torch.randn(batch_size, dim)"
        reference = REFERENCE.format(doc=doc, torch_expr=torch_expr, inputs=inputs, batch_size=batch_size, dim=dim)
        if reference in seen or (not plain and torch_expr in seen):
            continue
        seen.update((reference, torch_expr))
        kernel = "elementwise_kernel"  # one name: the launch line never has to recall a task-specific one
        tasks.append(Task(name=f"syn{len(tasks)}_{kind}", level=1, source="synthetic", split="train",
                          reference_src=reference,
                          gold_src=GOLD.format(kernel=kernel, tl_expr=tl_expr, other="1.0" if positive else "0.0"),
                          sizes={"cuda": {"batch_size": 4096, "dim": 8192}}))
    return tasks


def synthetic_pairs(n: int, seed: int = 0) -> list[SFTPair]:
    """SFT pairs of `synthetic_tasks`; each plan names the exact Triton line its kernel computes."""
    pairs = []
    for t in synthetic_tasks(n, seed):
        tl_expr = t.gold_src.split("    y = ", 1)[1].split("\n", 1)[0]
        pairs.append(SFTPair(reference_src=t.reference_src, plan=PLAN.format(tl_expr=tl_expr),
                             code=t.gold_src, name=t.name))
    return pairs
