import torch
import torch.nn as nn


class Model(nn.Module):
    """RMSNorm over the last dimension, without a weight."""

    def __init__(self, eps):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x / torch.sqrt(torch.mean(x * x, dim=-1, keepdim=True) + self.eps)


batch_size = 16
dim = 1024
eps = 1e-5


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [eps]
