import torch
import torch.nn as nn


class Model(nn.Module):
    """log-gamma of count data (non-negative integer-valued floats)."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.lgamma(x + 1.0)


def get_inputs():
    return [torch.randint(0, 200, (32, 64)).float()]


def get_init_inputs():
    return []
