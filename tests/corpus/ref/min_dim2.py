import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim
    def forward(self, x):
        return torch.min(x, dim=self.dim)[0]

batch_size = 8
dim1 = 30
dim2 = 50

def get_inputs():
    return [torch.randn(batch_size, dim1, dim2)]

def get_init_inputs():
    return [2]
