import torch
import torch.nn as nn


class Model(nn.Module):
    """Matrix-scalar multiplication (KernelBench style: the scalar comes from get_inputs)."""

    def __init__(self):
        super().__init__()

    def forward(self, A: torch.Tensor, s: float) -> torch.Tensor:
        return A * s


M = 16
N = 256


def get_inputs():
    A = torch.randn(M, N)
    s = 3.5
    return [A, s]


def get_init_inputs():
    return []
