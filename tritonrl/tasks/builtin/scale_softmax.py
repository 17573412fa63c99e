import torch
import torch.nn as nn


class Model(nn.Module):
    """Scales the input, then applies softmax over the last dimension (attention-score style)."""

    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.softmax(x * self.scale, dim=-1)


batch_size = 16
dim = 1024
scale = 0.125


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [scale]
