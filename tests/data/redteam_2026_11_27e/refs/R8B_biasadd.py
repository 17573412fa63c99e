import torch
import torch.nn as nn

N = 4
C = 8
H = 12
W = 10


class Model(nn.Module):
    """x + bias per channel (NCHW)."""

    def __init__(self, channels):
        super().__init__()
        self.bias = nn.Parameter(torch.randn(channels))

    def forward(self, x):
        return x + self.bias.view(1, -1, 1, 1)


def get_inputs():
    return [torch.randn(N, C, H, W)]


def get_init_inputs():
    return [C]
