import torch
import torch.nn as nn

class Model(nn.Module):
    """Row means broadcast back to the input's shape (an expanded view)."""
    def __init__(self):
        super().__init__()
    def forward(self, x):
        return x.mean(dim=-1, keepdim=True).expand_as(x)

def get_inputs():
    return [torch.randn(40, 60)]

def get_init_inputs():
    return []
