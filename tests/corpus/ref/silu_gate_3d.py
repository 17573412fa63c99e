import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Linear projection of a 3D input followed by silu gate with a second input."""
    def __init__(self, d_in, d_out):
        super().__init__()
        self.proj = nn.Linear(d_in, d_out)
    def forward(self, x, g):
        return self.proj(x) * F.silu(g)

def get_inputs():
    return [torch.randn(3, 10, 32), torch.randn(3, 10, 24)]

def get_init_inputs():
    return [32, 24]
