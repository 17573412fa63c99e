import torch
import torch.nn as nn


class Model(nn.Module):
    """Adds two tensors, clamps the sum to [min_val, max_val], then multiplies by a constant."""

    def __init__(self, min_val, max_val, scale):
        super().__init__()
        self.min_val = min_val
        self.max_val = max_val
        self.scale = scale

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return torch.clamp(x + y, min=self.min_val, max=self.max_val) * self.scale


batch_size = 16
dim = 1024
min_val = -0.5
max_val = 1.5
scale = 3.0


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim)]


def get_init_inputs():
    return [min_val, max_val, scale]
