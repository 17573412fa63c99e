import torch
import torch.nn as nn


class Model(nn.Module):
    """RMSNorm with a learned weight, plus a residual input: rmsnorm(x) * weight + residual."""

    def __init__(self, dim, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(dim))
        self.eps = eps

    def forward(self, x: torch.Tensor, residual: torch.Tensor) -> torch.Tensor:
        rms = torch.sqrt(torch.mean(x * x, dim=-1, keepdim=True) + self.eps)
        return x / rms * self.weight + residual


batch_size = 16
dim = 1024
eps = 1e-6


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim)]


def get_init_inputs():
    return [dim, eps]
