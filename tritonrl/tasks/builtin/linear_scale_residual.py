import torch
import torch.nn as nn


class Model(nn.Module):
    """Linear layer, scaled, plus a residual input: linear(x) * scale + residual."""

    def __init__(self, in_features, out_features, scale):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)
        self.scale = scale

    def forward(self, x: torch.Tensor, residual: torch.Tensor) -> torch.Tensor:
        return self.linear(x) * self.scale + residual


batch_size = 32
in_features = 64
out_features = 64
scale = 0.5


def get_inputs():
    return [torch.randn(batch_size, in_features), torch.randn(batch_size, out_features)]


def get_init_inputs():
    return [in_features, out_features, scale]
