import torch
import torch.nn as nn

class Model(nn.Module):
    """Min reduction over the middle dim of a 3D tensor."""
    def __init__(self, dim):
        super(Model, self).__init__()
        self.dim = dim

    def forward(self, x):
        return torch.min(x, dim=self.dim)[0]

def get_inputs():
    return [torch.randn(8, 33, 40)]

def get_init_inputs():
    return [1]
