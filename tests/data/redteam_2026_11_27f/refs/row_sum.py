import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sum(x, dim=1)


batch_size = 16
dim = 256


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
