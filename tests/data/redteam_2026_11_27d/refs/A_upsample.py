import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Nearest-neighbour 1D upsampling by 2, then a residual scale: y = 2 * up(x)."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        return F.interpolate(x, scale_factor=2, mode="nearest") * 2.0


def get_inputs():
    return [torch.randn(4, 16, 48)]


def get_init_inputs():
    return []
