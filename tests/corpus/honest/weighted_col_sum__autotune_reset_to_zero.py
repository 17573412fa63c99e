from torch import nn, Tensor
import torch
import triton
import triton.language as tl
from triton import cdiv


def _prune(configs, named_args, **kwargs):
    n = named_args["M"]
    return [c for c in configs if c.kwargs["BLOCK_M"] <= max(16, n)]


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 32, "BLOCK_N": 32}, num_warps=2),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 64}, num_warps=4),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 32}, num_warps=4),
    ],
    key=["M", "N"],
    reset_to_zero=["out_ptr"],
    prune_configs_by={"early_config_prune": _prune},
)
@triton.jit
def wcolsum_kernel(x_ptr, w_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    msk = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=msk, other=0.0)
    w = tl.load(w_ptr + rm, mask=rm < M, other=0.0)
    tl.atomic_add(out_ptr + rn, tl.sum(x * w[:, None], axis=0), mask=rn < N)


class ModelNew(nn.Module):
    def forward(self, x: Tensor, w: Tensor) -> Tensor:
        x = x.contiguous()
        M, N = x.shape
        out = torch.zeros(N, device=x.device, dtype=x.dtype)
        grid = lambda META: (cdiv(M, META["BLOCK_M"]), cdiv(N, META["BLOCK_N"]))
        wcolsum_kernel[grid](x, w, out, M, N)
        return out
