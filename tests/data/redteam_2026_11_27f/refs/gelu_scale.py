import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
dim = 256


class Model(nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x):
        return F.gelu(x) * self.scale


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [2.0]
