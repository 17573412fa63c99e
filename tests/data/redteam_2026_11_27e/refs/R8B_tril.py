import torch
import torch.nn as nn

B = 4
M = 40


class Model(nn.Module):
    """Lower triangle of each matrix of a batch (torch.tril)."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.tril(x)


def get_inputs():
    return [torch.randn(B, M, M)]


def get_init_inputs():
    return []
