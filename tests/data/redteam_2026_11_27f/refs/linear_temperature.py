import torch
import torch.nn as nn


class Model(nn.Module):
    """Linear layer with small-std init, logits divided by a temperature."""

    def __init__(self, in_features: int, out_features: int, temperature: float):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(out_features, in_features) * 0.02)
        self.bias = nn.Parameter(torch.randn(out_features) * 0.02)
        self.temperature = temperature

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return (x @ self.weight.t() + self.bias) / self.temperature


batch_size = 16
in_features = 256
out_features = 128
temperature = 0.5


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features, temperature]
