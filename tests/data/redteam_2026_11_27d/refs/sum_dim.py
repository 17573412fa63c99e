import torch
import torch.nn as nn

class Model(nn.Module):
    """Sum reduction over the dimension given at construction (keepdim)."""
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        return torch.sum(x, dim=self.dim, keepdim=True)

batch_size = 8
dim1 = 32
dim2 = 24
reduce_dim = 1

def get_inputs():
    return [torch.randn(batch_size, dim1, dim2)]

def get_init_inputs():
    return [reduce_dim]
