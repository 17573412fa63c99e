import torch
import torch.nn as nn

batch_size = 16
dim = 256


class Model(nn.Module):
    """Scale then clamp into a range given as a (low, high) pair."""
    def __init__(self, scale, clamp_range):
        super().__init__()
        self.scale = scale
        self.low, self.high = clamp_range

    def forward(self, x):
        return torch.clamp(x * self.scale, min=self.low, max=self.high)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [2.0, (-0.5, 0.75)]
