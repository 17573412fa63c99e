import torch
import torch.nn as nn

class Model(nn.Module):
    """Pairwise Euclidean distances between rows of x and rows of y."""
    def __init__(self):
        super().__init__()
    def forward(self, x, y):
        return torch.cdist(x, y, p=2.0)

def get_inputs():
    return [torch.randn(30, 16), torch.randn(44, 16)]

def get_init_inputs():
    return []
