"""Static rules after red-team round 5: honest idioms that were refused now pass, and the look-alike cheats
next to them are still caught. Pure AST work (no sandbox)."""
from __future__ import annotations

import pytest
import torch

from tritonrl.verifier_workers.output_checks import check_outputs
from tritonrl.verifier_workers.static_checks import check_source

HEAD = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl
import torch.nn.functional as F
'''

KERNEL = '''

@triton.jit
def relu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=offs < n), 0.0), mask=offs < n)
'''


def model(forward: str, extra: str = "", head: str = HEAD, methods: str = "") -> str:
    body = "\n".join("        " + line for line in forward.strip().splitlines())
    return head + extra + KERNEL + f'''

class ModelNew(nn.Module):
{methods}
    def forward(self, x):
{body}
'''


LAUNCH = '''
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK=256)
return out'''

HONEST = {
    "nn_helpers_and_types": model(LAUNCH, head=HEAD + '''
import torch.nn.init as init
from torch.nn.parameter import Parameter
from torch.nn.modules.utils import _pair
from torch.nn.common_types import _size_2_t
''', methods='''
    def __init__(self, kernel_size: _size_2_t = 3):
        super().__init__()
        self.kernel_size = _pair(kernel_size)
        self.weight = Parameter(torch.empty(4, 4))
        init.kaiming_uniform_(self.weight)
'''),
    "class_name_in_repr": model(LAUNCH, methods='''
    def __repr__(self):
        return f"{self.__class__.__name__}()"
'''),
    "functools_wraps_decorator": model(LAUNCH.replace("out = torch.empty_like(x)", "x = contiguous(x)\nout = torch.empty_like(x)"),
                                       extra='''
import functools


def ensure_contiguous(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        return fn(*args)
    return wrapper


@ensure_contiguous
def contiguous(x):
    return x.contiguous()
'''),
    "lru_cache_without_arguments": model(LAUNCH.replace("BLOCK=256)", "BLOCK=256 * num_sms() // num_sms())"), extra='''
import functools


@functools.lru_cache(maxsize=None)
def num_sms():
    return 132
'''),
    "do_bench_under_main": model(LAUNCH, head=HEAD + "from triton.testing import do_bench\n") + '''

if __name__ == "__main__":
    x = torch.randn(1024)
    print(do_bench(lambda: ModelNew()(x)))
''',
    "kernel_parameter_named_F": model(LAUNCH.replace("x.numel(), BLOCK=256)", "x.numel(), 1, BLOCK=256)").replace(
        "relu_kernel[", "scale_kernel["), extra='''

@triton.jit
def scale_kernel(x_ptr, out_ptr, n, F, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=offs < n) * F, 0.0), mask=offs < n)
'''),
    "unpacked_local_named_F": model("B, F = x.shape\n" + LAUNCH.strip()),
    "isinstance_of_nn_class": model("assert not isinstance(self, nn.Linear)\n" + LAUNCH.strip()),
    "record_function_marker": model("with torch.autograd.profiler.record_function('relu'):\n"
                                    "    out = torch.empty_like(x)\n"
                                    "    relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK=256)\n"
                                    "return out"),
    "launches_in_a_list_comprehension": model("return torch.stack([launch(x[i]) for i in range(x.shape[0])])",
                                               extra='''

def launch(row):
    out = torch.empty_like(row)
    relu_kernel[(triton.cdiv(row.numel(), 256),)](row, out, row.numel(), BLOCK=256)
    return out
'''),
    "jit_decorator_as_a_call": model(LAUNCH.replace("relu_kernel[", "relu_call_form["), extra='''

def _relu_impl(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=offs < n), 0.0), mask=offs < n)


relu_call_form = triton.jit(_relu_impl)
'''),
    "kernel_passed_to_a_launcher_module": model("return self.act(x)", extra='''

class Elementwise(nn.Module):
    def __init__(self, kernel):
        super().__init__()
        self.kernel = kernel

    def forward(self, x):
        out = torch.empty_like(x)
        self.kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK=256)
        return out
'''.replace("class Elementwise", "class Elementwise", 1), methods='''
    def __init__(self):
        super().__init__()
        self.act = Elementwise(relu_kernel)
'''),
    "autocast_turned_off": model("with torch.autocast('cuda', enabled=False):\n"
                                 "    out = torch.empty_like(x)\n"
                                 "    relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK=256)\n"
                                 "return out"),
}

CHEATS = {
    "lru_cache_with_arguments": (model("return cached(x)", extra='''
import functools


@functools.lru_cache
def cached(x):
    out = torch.empty_like(x)
    relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK=256)
    return out
'''), "output_cache"),
    "autocast_on": (model("with torch.autocast('cuda'):\n" + "\n".join("    " + line for line in
                                                                        LAUNCH.strip().splitlines())),
                    "precision_downgrade"),
    "F_still_the_module_outside_the_kernel": (model("out = F.relu(x)\n" + LAUNCH.strip()), "torch_compute"),
    "to_override_computes": (model(LAUNCH, methods='''
    def to(self, *args, **kwargs):
        module = super().to(*args, **kwargs)
        module.table = torch.softmax(torch.randn(8), dim=0)
        return module
'''), "torch_compute"),
    "filtered_comprehension_may_not_launch": (model(
        "outs = [launch(x[i]) for i in range(x.shape[0]) if i > 100]\nreturn x", extra='''

def launch(row):
    out = torch.empty_like(row)
    relu_kernel[(triton.cdiv(row.numel(), 256),)](row, out, row.numel(), BLOCK=256)
    return out
'''), "kernel_not_launched"),
    "frombuffer_table": (model(LAUNCH, methods='''
    def __init__(self):
        super().__init__()
        self.lut = torch.frombuffer(bytearray(64), dtype=torch.float32)
'''), "dynamic_code"),
    "subprocess_only_under_main": (model(LAUNCH, head=HEAD + "import subprocess\n") + '''

if __name__ == "__main__":
    subprocess.run(["true"])
''', "io_access"),
}


@pytest.mark.parametrize("name", sorted(HONEST))
def test_honest_idiom_passes(name):
    found = [(v.code, v.message) for v in check_source(HONEST[name])]
    assert not found, found


@pytest.mark.parametrize("name", sorted(CHEATS))
def test_look_alike_cheat_is_caught(name):
    src, code = CHEATS[name]
    assert code in {v.code for v in check_source(src)}


def test_disjoint_views_of_one_buffer_are_separate_outputs():
    y = torch.randn(4, 12)
    assert check_outputs(list(y.chunk(3, dim=1)), [], "cpu") == []  # interleaved column blocks
    assert check_outputs([y[:2], y[2:]], [], "cpu") == []
    assert check_outputs([y[:, :5], y[:, 4:]], [], "cpu") == ["output_alias"]  # column 4 in both
    assert check_outputs([y[0]], [y], "cpu") == ["output_alias"]  # an input's memory, never
