import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super(Model, self).__init__()
    def forward(self, x):
        return torch.nn.functional.softplus(x)

batch_size = 16
dim = 700

def get_inputs():
    return [torch.randn(batch_size, dim) * 10]

def get_init_inputs():
    return []
