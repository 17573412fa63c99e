"""A candidate may not place tensors on the CPU by name (static rule `host_device`, static/host_device.py).

On a GPU a Triton kernel cannot take a CPU tensor; on the CPU verifier the task's device is the CPU, so a buffer
made on a hard-coded "cpu" cannot be told from one made on the input's device at run time (red-team round 7,
R7A_09: a staging buffer on device="cpu", launched on, then copied to the input's device).
"""
from __future__ import annotations

import pytest

from tritonrl.verifier_workers.static.checks import check_source

from helpers import ROUND_7, redteam_case

_, CHEAT = redteam_case("R7A_09_cpu_staging", ROUND_7.name)
STAGING = 'staging = torch.empty(x.shape, dtype=x.dtype, device="cpu")'
assert STAGING in CHEAT


def _codes(staging_line: str, header: str = "") -> list[str]:
    code = header + CHEAT.replace(STAGING, staging_line)
    return [x.code for x in check_source(code)]


def test_the_cpu_staging_cheat_is_refused():
    assert "host_device" in [x.code for x in check_source(CHEAT)]


@pytest.mark.parametrize("line", [
    'staging = torch.empty(x.shape, dtype=x.dtype, device=torch.device("cpu"))',
    'staging = torch.empty_like(x).cpu()',
    'staging = torch.empty_like(x).to("cpu:0")',
    'staging = torch.empty(x.shape, dtype=x.dtype, pin_memory=True)',
    'staging = torch.empty(x.shape, dtype=x.dtype, device={"cpu": "cpu", "cuda": "cpu"}[x.device.type])',
    'staging = torch.empty(x.shape, dtype=x.dtype, device="cpu" if x.is_cuda else x.device)',  # the GPU's side
    'staging = torch.empty(x.shape, dtype=x.dtype, device=x.device if torch.cuda.is_available() and False else "cpu")',
])
def test_other_spellings_of_the_cpu_device_are_refused(line):
    assert "host_device" in _codes(line), line


@pytest.mark.parametrize("line", [
    'staging = torch.empty(x.shape, dtype=x.dtype, device=x.device)',
    'staging = torch.empty(x.shape, dtype=x.dtype, device=torch.device("cuda" if torch.cuda.is_available() else "cpu"))',
    'staging = torch.empty(x.shape, dtype=x.dtype, device="cpu" if x.device.type == "cpu" else x.device)',
    'staging = torch.empty(x.shape, dtype=x.dtype, device=x.device if not x.is_cpu else "cpu")',
])
def test_the_device_of_the_inputs_and_the_cpu_side_of_a_device_choice_are_allowed(line):
    assert "host_device" not in _codes(line), line


def test_inductors_cpu_allocator_only_on_the_cpu_side():
    header = "empty_strided_cpu = torch._C._dynamo.guards._empty_strided_cpu\n"
    chosen = ("staging = empty_strided_cpu(x.shape, x.stride(), x.dtype) if x.device.type == 'cpu' else "
              "torch.empty_strided(x.shape, x.stride(), dtype=x.dtype, device=x.device)")
    assert "host_device" not in _codes(chosen, header)
    assert "host_device" in _codes("staging = empty_strided_cpu(x.shape, x.stride(), x.dtype)", header)


@pytest.mark.parametrize("header, line", [
    # R10A_10: the factory imported by name, or bound to another one
    ("from torch import empty\n", "staging = empty(x.shape, dtype=x.dtype)"),
    ("from torch import empty as E\n", "staging = E(x.shape, dtype=x.dtype)"),
    ("Z = torch.zeros\n", "staging = Z(x.shape, dtype=x.dtype)"),
])
def test_a_factory_under_another_name_with_no_device_is_refused(header, line):
    assert "host_device" in _codes(line, header), line
    assert "host_device" not in _codes(line.replace(")", ", device=x.device)", 1), header)


INIT = '''
import torch
import torch.nn as nn

class ModelNew(nn.Module):
    def __init__(self, n):
        super().__init__()
        {line}
'''


@pytest.mark.parametrize("line, refused", [
    ("self.scratch = torch.empty(n)", True),  # R10A_09: a plain attribute stays on the CPU after model.to(device)
    ("self.scratch = torch.zeros(n, dtype=torch.float32)", True),
    ("self.register_buffer('scratch', torch.empty(n))", False),  # a buffer moves with the model
    ("self.weight = nn.Parameter(torch.randn(n))", False),
    ("w = torch.randn(n)\n        self.weight = nn.Parameter(w)", False),
])
def test_a_plain_tensor_attribute_made_in_the_constructor_is_host_device(line, refused):
    codes = [x.code for x in check_source(INIT.format(line=line))]
    assert ("host_device" in codes) == refused, (line, codes)
