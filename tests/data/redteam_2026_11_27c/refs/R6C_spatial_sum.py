import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x):
        return torch.sum(x, dim=(2, 3))

batch_size = 4
channels = 8
height = width = 32

def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]

def get_init_inputs():
    return []
