import torch
import torch.nn as nn

class Model(nn.Module):
    """Argmax over dim 1."""
    def __init__(self, dim: int):
        super(Model, self).__init__()
        self.dim = dim
    def forward(self, x):
        return torch.argmax(x, dim=self.dim)

batch_size = 16
dim1 = 128
dim2 = 10

def get_inputs():
    return [torch.randn(batch_size, dim1, dim2)]

def get_init_inputs():
    return [1]
