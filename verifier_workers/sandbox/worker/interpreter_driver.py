"""A stand-in for Triton's active GPU driver under the interpreter on a machine without a GPU.

Triton's tutorials (and the kernels written after them) start with
`DEVICE = triton.runtime.driver.active.get_active_torch_device()` and size grids from
`driver.active.utils.get_device_properties(...)["multiprocessor_count"]`. With no GPU, Triton has no active
driver ("0 active drivers") and such honest candidates would fail on a CPU. In the candidate's sandbox
worker only, this answers the read-only queries the static rules allow: the torch device is the CPU (where
the interpreter runs), and the properties are an H100's, so grids come out as on the GPU the compile stage
targets. Anything else a candidate asks of the driver raises.
"""
from __future__ import annotations

from typing import Any

# NVIDIA H100 SXM (sm_90), as CUDA reports it: the compile stage's default target
H100_PROPERTIES = {"max_shared_mem": 232448, "max_num_regs": 65536, "multiprocessor_count": 132, "warpSize": 32,
                   "sm_clock_rate": 1980000, "mem_clock_rate": 2619000, "mem_bus_width": 5120}


class _Utils:
    def get_device_properties(self, device: Any = 0) -> dict[str, int]:
        return dict(H100_PROPERTIES)


class StandInDriver:
    utils = _Utils()

    def get_active_torch_device(self):
        import torch

        return torch.device("cpu")

    def get_current_device(self) -> int:
        return 0

    def get_current_target(self):
        from triton.backends.compiler import GPUTarget

        return GPUTarget("cuda", 90, 32)

    def __getattr__(self, name: str):
        raise RuntimeError(f"triton.runtime.driver.active.{name} is not available to candidates on a CPU")


def install() -> bool:
    """Make the stand-in active where Triton has no driver of its own; True if installed."""
    import triton.runtime

    try:
        triton.runtime.driver.active  # noqa: B018  (a GPU machine: keep the real driver)
        return False
    except Exception:
        triton.runtime.driver.set_active(StandInDriver())
        return True
