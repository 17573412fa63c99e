import torch
import torch.nn as nn
import triton
import triton.language as tl


def _prune(configs, named_args, **kwargs):
    """Drop blocks far larger than the problem."""
    n = named_args["n_elements"]
    kept = [c for c in configs if c.kwargs["BLOCK_SIZE"] <= max(256, triton.next_power_of_2(n))]
    return kept or configs[:1]


@triton.autotune(
    configs=[triton.Config({"BLOCK_SIZE": bs}, num_warps=nw) for bs, nw in ((256, 2), (1024, 4), (4096, 8))],
    key=["n_elements"],
    prune_configs_by={"early_config_prune": _prune},
)
@triton.jit
def hardswish_kernel(x_ptr, y_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    m = offs < n_elements
    x = tl.load(x_ptr + offs, mask=m)
    y = x * tl.minimum(tl.maximum(x + 3.0, 0.0), 6.0) / 6.0
    tl.store(y_ptr + offs, y, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        hardswish_kernel[lambda META: (triton.cdiv(n, META["BLOCK_SIZE"]),)](x, y, n)
        return y
