import torch
import torch.nn as nn

class Model(nn.Module):
    """2*tanh(x) + y on inputs that require grad."""
    def __init__(self):
        super().__init__()
    def forward(self, x, y):
        return 2.0 * torch.tanh(x) + y

def get_inputs():
    return [torch.randn(32, 100, requires_grad=True), torch.randn(32, 100, requires_grad=True)]

def get_init_inputs():
    return []
