"""Candidates and references several test files share (tests/ is on sys.path under pytest: import them as
`from helpers import ...`). Two ReLU tasks, which the funnel treats differently:

- RELU_SMALL_*: the reference names its sizes (`batch_size`, `dim`), so the tiny stage shrinks them and the
  larger-shapes variant grows them; candidates share `relu_kernel` and a `launch(x, out, n=None)` helper.
- RELU_REF / HEAD / model / TASK: the reference has inline sizes (`torch.randn(4, 256)`); candidates share
  `relu_kernel` and `copy_kernel`, and `model()` also takes an `__init__` body.
"""
import re
from pathlib import Path

from tritonrl.tasks.task import Task

DATA = Path(__file__).resolve().parent / "data"
ROUND_4 = DATA / "redteam_2026_11_27"
ROUND_5 = DATA / "redteam_2026_11_27b"  # round 5, written against ddd6fea
ROUND_6 = DATA / "redteam_2026_11_27c"  # round 6, written against 4eebef6
ROUND_7 = DATA / "redteam_2026_11_27d"  # round 7, written against d620500
ROUND_8 = DATA / "redteam_2026_11_27e"  # round 8, written against 4476f40 (round 7's fixes)
ROUND_9 = DATA / "redteam_2026_11_27f"  # round 9, written against 7ea7577 (before round 8's fixes)
ROUND_10 = DATA / "redteam_2026_11_28"  # round 10 (fresh), written against d5bdbac (round 9's fixes)


def honest_twin(name: str, code: str, edits: list[tuple[str, str]]) -> str:
    """A red-team case's honest twin: `code` with each (old, new) edit applied; every `old` must be there."""
    for old, new in edits:
        assert old in code, (name, old)
        code = code.replace(old, new)
    return code


def redteam_case(name: str, round_name: str = ROUND_4.name) -> tuple[Task, str]:
    """A red-team cheat, tests/data/<round_name>/cheats/<name>[.py], and the task its first line names
    (`# ref: .../refs/<task>.py; ...`), read from the round's refs/."""
    round_dir = DATA / round_name
    code = (round_dir / "cheats" / (name if name.endswith(".py") else f"{name}.py")).read_text()
    ref = Path(re.search(r"# ref: (\S+?);", code).group(1))
    return Task(name=ref.stem, level=1, reference_src=(round_dir / "refs" / ref.name).read_text()), code


# ---------------------------------------------------------------- ReLU with named sizes (task relu_small)


RELU_SMALL_REF = '''
import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x):
        return torch.relu(x)

batch_size = 4
dim = 256

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return []
'''


RELU_SMALL_HEAD = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask, other=0.0)
    tl.store(out_ptr + offsets, tl.maximum(x, 0.0), mask=mask)


def launch(x, out, n=None):
    n = x.numel() if n is None else n
    relu_kernel[(triton.cdiv(n, 256),)](x, out, n, BLOCK_SIZE=256)
    return out
'''


def relu_small_model(forward_body: str, extra: str = "") -> str:
    body = "\n".join("        " + line for line in forward_body.strip().splitlines())
    return RELU_SMALL_HEAD + extra + f'''

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
{body}
'''


RELU_SMALL_HONEST = relu_small_model("return launch(x, torch.empty_like(x))")


# patches the comparison at import: a runtime_patch cheat after which the worker must be replaced
PATCH_ALLCLOSE = relu_small_model("return launch(x, torch.empty_like(x))",
                                  extra="\ntorch.allclose = lambda *a, **k: True\n")


RELU_SMALL_TASK = Task(name="relu_small", level=1, reference_src=RELU_SMALL_REF)


# ---------------------------------------------------------------- ReLU with inline sizes (task relu_r3)


RELU_REF = '''
import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x):
        return torch.relu(x)

def get_inputs():
    return [torch.randn(4, 256)]

def get_init_inputs():
    return []
'''


HEAD = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask, other=0.0)
    tl.store(out_ptr + offsets, tl.maximum(x, 0.0), mask=mask)


@triton.jit
def copy_kernel(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=offs < n), mask=offs < n)
'''


def model(forward_body: str, extra: str = "", init: str = "") -> str:
    body = "\n".join("        " + line for line in forward_body.strip().splitlines())
    init = "\n".join("        " + line for line in init.strip().splitlines())
    return HEAD + extra + f'''

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
{init}

    def forward(self, x):
{body}
'''


TASK = Task(name="relu_r3", level=1, reference_src=RELU_REF)
