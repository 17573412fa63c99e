import torch
import torch.nn as nn

class Model(nn.Module):
    """Sum over a dim passed to forward as a plain int."""
    def __init__(self):
        super().__init__()
    def forward(self, x, dim: int):
        return torch.sum(x, dim=dim)

def get_inputs():
    return [torch.randn(12, 34, 20), 1]

def get_init_inputs():
    return []
