import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, dims=(1, 2)):
        super(Model, self).__init__()
        self.dims = tuple(dims)

    def forward(self, x):
        return torch.sum(x, dim=self.dims, keepdim=True)

batch_size = 6
d1 = 10
d2 = 12
d3 = 14

def get_inputs():
    return [torch.randn(batch_size, d1, d2, d3)]

def get_init_inputs():
    return [(1, 2)]
