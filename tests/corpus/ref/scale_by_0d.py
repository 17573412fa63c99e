import torch
import torch.nn as nn

class Model(nn.Module):
    """Multiply by a 0-dim tensor scale and add a 1-element shift."""
    def __init__(self):
        super().__init__()
    def forward(self, x, s, b):
        return x * s + b

def get_inputs():
    return [torch.randn(30, 64), torch.tensor(0.7), torch.randn(1)]

def get_init_inputs():
    return []
