import torch
import torch.nn as nn

class Model(nn.Module):
    """Rotate interleaved (real, imag) pairs by per-position angles (RoPE-style)."""
    def __init__(self):
        super().__init__()

    def forward(self, x, theta):
        xr, xi = x[..., 0::2], x[..., 1::2]
        c, s = torch.cos(theta), torch.sin(theta)
        out_r = xr * c - xi * s
        out_i = xr * s + xi * c
        return torch.stack((out_r, out_i), dim=-1).flatten(-2)

batch_size = 4
seq = 24
half = 16

def get_inputs():
    return [torch.randn(batch_size, seq, 2 * half), torch.randn(seq, half)]

def get_init_inputs():
    return []
