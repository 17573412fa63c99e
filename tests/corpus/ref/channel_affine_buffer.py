import torch
import torch.nn as nn

class Model(nn.Module):
    """Per-channel affine with fixed (non-trainable) buffers."""
    def __init__(self, channels: int):
        super(Model, self).__init__()
        self.register_buffer("scale", torch.randn(channels))
        self.register_buffer("shift", torch.randn(channels))

    def forward(self, x):
        return x * self.scale.view(1, -1, 1, 1) + self.shift.view(1, -1, 1, 1)

batch_size = 6
channels = 10
height = 14
width = 18

def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]

def get_init_inputs():
    return [channels]
