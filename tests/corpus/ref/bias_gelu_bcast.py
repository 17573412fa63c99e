import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """GELU(x + b) where x arrives as a broadcast (stride-0) view."""
    def __init__(self):
        super().__init__()
    def forward(self, x, b):
        return F.gelu(x + b)

def get_inputs():
    return [torch.randn(1, 96).expand(40, 96), torch.randn(96)]

def get_init_inputs():
    return []
