import torch
import torch.nn as nn


class Model(nn.Module):
    """Multiply x by the nonzero mask of y."""

    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        return x * (y != 0).to(x.dtype)


def get_inputs():
    y = torch.randn(32, 64)
    y = y * (y.abs() > 0.5)
    return [torch.randn(32, 64), y]


def get_init_inputs():
    return []
