import torch
import torch.nn as nn

batch = 16
channels = 16
height = 8
width = 8
groups = 4


class Model(nn.Module):
    def __init__(self, groups):
        super().__init__()
        self.groups = groups

    def forward(self, x):
        b, c, h, w = x.size()
        g = self.groups
        x = x.view(b, g, c // g, h, w).transpose(1, 2).contiguous()
        return x.view(b, c, h, w)


def get_inputs():
    return [torch.randn(batch, channels, height, width)]


def get_init_inputs():
    return [groups]
