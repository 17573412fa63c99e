import torch
import torch.nn as nn

class Model(nn.Module):
    """Boolean mask of positions equal to the row maximum, plus the row argmax (int64)."""
    def __init__(self):
        super().__init__()
    def forward(self, x):
        m = x.max(dim=-1, keepdim=True).values
        return x == m, torch.argmax(x, dim=-1)

def get_inputs():
    return [torch.randn(40, 70)]

def get_init_inputs():
    return []
