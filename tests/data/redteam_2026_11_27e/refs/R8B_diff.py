import torch
import torch.nn as nn

B = 8
D = 400


class Model(nn.Module):
    """First difference along the rows: y[:, 0] = x[:, 0], y[:, j] = x[:, j] - x[:, j-1]."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.cat([x[:, :1], x[:, 1:] - x[:, :-1]], dim=1)


def get_inputs():
    return [torch.randn(B, D)]


def get_init_inputs():
    return []
