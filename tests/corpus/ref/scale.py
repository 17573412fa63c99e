import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return x * 2.0


batch = 16
dim = 128


def get_inputs():
    return [torch.randn(batch, dim)]


def get_init_inputs():
    return []
