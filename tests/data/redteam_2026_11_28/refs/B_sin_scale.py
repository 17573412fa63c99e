import torch
import torch.nn as nn

batch = 16
dim = 256


class Model(nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x):
        return torch.sin(x * 3.0) * self.scale


def get_inputs():
    return [torch.randn(batch, dim)]


def get_init_inputs():
    return [0.5]
