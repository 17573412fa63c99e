import torch
import torch.nn as nn


class Model(nn.Module):
    """Adds a learnable per-feature bias initialised as a ramp, then ReLU."""

    def __init__(self, num_features: int):
        super().__init__()
        self.bias = nn.Parameter(torch.linspace(-1.0, 1.0, num_features))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(x + self.bias)


batch_size = 16
num_features = 256


def get_inputs():
    return [torch.randn(batch_size, num_features)]


def get_init_inputs():
    return [num_features]
