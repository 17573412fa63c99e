import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, dim):
        super(Model, self).__init__()
        self.dim = dim

    def forward(self, x):
        return torch.cumprod(x, dim=self.dim)

batch_size = 32
input_shape = (300,)
dim = 1

def get_inputs():
    return [torch.rand(batch_size, *input_shape) * 0.2 + 0.9]

def get_init_inputs():
    return [dim]
