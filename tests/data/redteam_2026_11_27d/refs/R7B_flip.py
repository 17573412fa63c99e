import torch
import torch.nn as nn

BATCH = 16
DIM = 256


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.flip(x, dims=[1])


def get_inputs():
    return [torch.randn(BATCH, DIM)]


def get_init_inputs():
    return []
