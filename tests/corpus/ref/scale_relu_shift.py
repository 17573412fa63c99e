import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, scale, shift):
        super().__init__()
        self.scale = scale
        self.shift = shift
    def forward(self, x):
        return torch.relu(x * self.scale) + self.shift

def get_inputs():
    return [torch.randn(16, 200)]

def get_init_inputs():
    return [2.0, 0.5]
