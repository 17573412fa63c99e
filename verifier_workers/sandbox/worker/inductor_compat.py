"""KernelBook's header, runnable in the verifier's workers.

Models fine-tuned on KernelBook write TorchInductor's output style: `grid` from
`torch._inductor.runtime.triton_heuristics`, `get_raw_stream` (`torch._C._cuda_getCurrentRawStream`),
`with torch.cuda._DeviceGuard(0): torch.cuda.set_device(0)` and `empty_strided_cuda` buffers. The static
rules allow exactly these names (static_allowlists.py). Recent PyTorch dropped `grid` (Inductor now emits the
grid itself), and a CPU build has no CUDA stream or device, so honest kernels in that style would fail on an
import or an allocation rather than on their merits. Installed in candidate and compile workers only, before
any candidate is imported (the integrity snapshot then covers it):
  * `grid` where Inductor no longer has it: Inductor's own semantics (last numel on x, XBLOCK/YBLOCK/ZBLOCK
    from the launch's meta-parameters);
  * on a machine without CUDA (the interpreter): the raw stream is 0, `_empty_strided_cuda` allocates where
    the interpreter runs (the CPU), the device guard, `set_device` and `synchronize` do nothing, and tensors
    asked for on "cuda" (`device="cuda"`, `.cuda()`, `.to("cuda")`) are placed on the CPU (_CudaOnCpu).
"""
from __future__ import annotations

import contextlib
from typing import Any, Callable

import torch

MAX_Y_GRID = 65535  # CUDA's limit on gridDim.y, as Inductor's grid applied it


def _cdiv(n: int, block: int | None) -> int:
    return n if block is None else -(-n // block)


def grid(*numels: int) -> Callable[[dict], tuple[int, int, int]]:
    """Inductor's former `triton_heuristics.grid(xnumel)`, `grid(ynumel, xnumel)`, `grid(z, y, x)`."""
    if not 1 <= len(numels) <= 3:
        raise AssertionError(f"invalid size for numels {len(numels)}")
    x, y, z = (list(reversed(numels)) + [None, None])[:3]

    def grid_fn(meta: dict[str, Any]) -> tuple[int, int, int]:
        gx = _cdiv(x, meta.get("XBLOCK", 1))
        gy = 1 if y is None else _cdiv(y, meta.get("YBLOCK"))
        if z is None:  # y beyond CUDA's limit spills into z, as Inductor did
            div = -(-gy // MAX_Y_GRID)
            return gx, -(-gy // div), div
        return gx, gy, _cdiv(z, meta.get("ZBLOCK"))

    return grid_fn


class _NoDeviceGuard(contextlib.nullcontext):
    """`torch.cuda._DeviceGuard(0)` where there is no CUDA device to guard."""

    def __init__(self, index: int | None = None):
        super().__init__()


def install() -> None:
    try:
        from torch._inductor.runtime import triton_heuristics
    except Exception:  # no Inductor in this build: the header's import fails, as it would anywhere
        triton_heuristics = None
    if triton_heuristics is not None and not hasattr(triton_heuristics, "grid"):
        triton_heuristics.grid = grid
    try:  # eager `wrap_triton(k)[grid](...)` launches k directly (by default it goes through a higher-order
        # op, which the compute watch cannot run)
        from torch._library import triton as library_triton

        library_triton.wrap_triton_enabled.value = False
    except Exception:
        pass
    if torch.cuda.is_available():
        return
    if not hasattr(torch._C, "_cuda_getCurrentRawStream"):
        torch._C._cuda_getCurrentRawStream = lambda device=None: 0
    guards = getattr(getattr(torch._C, "_dynamo", None), "guards", None)
    if guards is not None and hasattr(guards, "_empty_strided_cpu"):
        guards._empty_strided_cuda = guards._empty_strided_cpu
    torch.cuda._DeviceGuard = _NoDeviceGuard
    torch.cuda.set_device = lambda device=None: None
    torch.cuda.synchronize = lambda device=None: None
    _CudaOnCpu().__enter__()  # for the life of the worker (its main thread runs every candidate call)


def _is_cuda(d: Any) -> bool:
    return (isinstance(d, str) and d.split(":")[0] == "cuda") or (isinstance(d, torch.device) and d.type == "cuda")


class _CudaOnCpu(torch.overrides.TorchFunctionMode):
    """Code written for a GPU, run by the interpreter on a CPU: `device="cuda"` in a factory, `x.cuda()` and
    `x.to("cuda")` place tensors on the CPU, where the interpreter runs kernels (a CPU build of PyTorch would
    raise instead, and the kernel would never be judged). Placement only: no value changes."""

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if "device" in kwargs and _is_cuda(kwargs["device"]):
            kwargs = {**kwargs, "device": "cpu"}
        if func is torch.Tensor.cuda:
            return args[0]
        if func is torch.Tensor.to:
            args = tuple("cpu" if _is_cuda(a) else a for a in args)
        return func(*args, **kwargs)
