import torch
import torch.nn as nn


class Model(nn.Module):
    """Linear layer whose weight is normalised by its Frobenius norm on every call."""

    def __init__(self, in_features: int, out_features: int):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(out_features, in_features))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        w = self.weight / self.weight.norm()
        return x @ w.t()


batch_size = 16
in_features = 256
out_features = 128


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features]
