import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Mish activation plus residual: mish(x) + x."""
    def __init__(self):
        super().__init__()
    def forward(self, x):
        return F.mish(x) + x

def get_inputs():
    return [torch.randn(20, 150)]

def get_init_inputs():
    return []
