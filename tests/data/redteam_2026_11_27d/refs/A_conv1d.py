import torch
import torch.nn as nn


class Model(nn.Module):
    """1D convolution, no padding, stride 1."""

    def __init__(self, cin, cout, k):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, k)

    def forward(self, x):
        return self.conv(x)


def get_inputs():
    return [torch.randn(4, 8, 64)]


def get_init_inputs():
    return [8, 16, 3]
