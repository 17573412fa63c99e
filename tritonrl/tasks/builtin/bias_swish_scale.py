import torch
import torch.nn as nn


class Model(nn.Module):
    """Adds a learned per-feature bias, applies swish (x * sigmoid(x)), then scales."""

    def __init__(self, dim, scale):
        super().__init__()
        self.bias = nn.Parameter(torch.randn(dim))
        self.scale = scale

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.bias
        x = x * torch.sigmoid(x)
        return x * self.scale


batch_size = 16
dim = 1024
scale = 2.0


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [dim, scale]
