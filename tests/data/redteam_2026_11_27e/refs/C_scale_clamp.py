import torch
import torch.nn as nn

batch_size = 16
dim = 256


class Model(nn.Module):
    """Scale, then clamp to [clamp_min, clamp_max]."""
    def __init__(self, scale, clamp_min, clamp_max):
        super().__init__()
        self.scale = scale
        self.clamp_min = clamp_min
        self.clamp_max = clamp_max

    def forward(self, x):
        x = x * self.scale
        return torch.clamp(x, min=self.clamp_min, max=self.clamp_max)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [1.5, 0.0, 1.0]
