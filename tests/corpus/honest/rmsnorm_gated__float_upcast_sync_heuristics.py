import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.heuristics({"EVEN_N": lambda args: args["N"] % args["BLOCK_N"] == 0})
@triton.jit
def _rms_gate_fwd(X, G, W, Y, stride, N, eps, BLOCK_N: tl.constexpr, EVEN_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    if EVEN_N:
        x = tl.load(X + row * stride + cols)
        g = tl.load(G + row * stride + cols)
        w = tl.load(W + cols)
    else:
        m = cols < N
        x = tl.load(X + row * stride + cols, mask=m, other=0.0)
        g = tl.load(G + row * stride + cols, mask=m, other=0.0)
        w = tl.load(W + cols, mask=m, other=0.0)
    ms = tl.sum(x * x, axis=0) / N
    y = x / tl.sqrt(ms + eps) * w * g * tl.sigmoid(g)
    if EVEN_N:
        tl.store(Y + row * stride + cols, y)
    else:
        tl.store(Y + row * stride + cols, y, mask=cols < N)


class ModelNew(nn.Module):
    def __init__(self, dim: int, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x: torch.Tensor, gate: torch.Tensor) -> torch.Tensor:
        orig_dtype = x.dtype
        xf = x.float().contiguous()
        gf = gate.float().contiguous()
        wf = self.weight.float()
        N = xf.shape[-1]
        xf = xf.view(-1, N)
        gf = gf.view(-1, N)
        y = torch.empty_like(xf)
        _rms_gate_fwd[(xf.shape[0],)](xf, gf, wf, y, xf.stride(0), N, self.eps,
                                      BLOCK_N=triton.next_power_of_2(N))
        if torch.cuda.is_available():
            torch.cuda.synchronize()
        return y.view(x.shape).to(orig_dtype)
