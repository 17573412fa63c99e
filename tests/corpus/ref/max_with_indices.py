import torch
import torch.nn as nn

class Model(nn.Module):
    """Returns (values, indices) of the max over the last dimension."""
    def __init__(self):
        super().__init__()
    def forward(self, x):
        values, indices = torch.max(x, dim=-1)
        return values, indices

batch_size = 16
dim = 333

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return []
