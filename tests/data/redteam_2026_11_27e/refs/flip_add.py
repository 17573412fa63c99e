import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return x * torch.flip(x, dims=[0])

batch_size = 24
dim = 160

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return []
