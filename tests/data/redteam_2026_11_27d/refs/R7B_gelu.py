import torch
import torch.nn as nn
import torch.nn.functional as F

BATCH = 16
DIM = 256


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return F.gelu(x, approximate="tanh")


def get_inputs():
    return [torch.randn(BATCH, DIM)]


def get_init_inputs():
    return []
