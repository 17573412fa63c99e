import torch
import torch.nn as nn

class Model(nn.Module):
    """Softmax over the channel dim of an NCHW tensor, then multiply by a per-channel scale."""
    def __init__(self, channels):
        super().__init__()
        self.scale = nn.Parameter(torch.rand(channels, 1, 1) + 0.5)
    def forward(self, x):
        return torch.softmax(x, dim=1) * self.scale

batch_size = 2
channels = 12
height = 9
width = 11

def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]

def get_init_inputs():
    return [channels]
