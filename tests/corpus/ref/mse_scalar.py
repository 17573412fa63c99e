import torch
import torch.nn as nn

class Model(nn.Module):
    """Mean squared error between two tensors, 0-dim output."""
    def __init__(self):
        super().__init__()
    def forward(self, pred, target):
        return torch.mean((pred - target) ** 2)

def get_inputs():
    return [torch.randn(64, 120), torch.randn(64, 120)]

def get_init_inputs():
    return []
