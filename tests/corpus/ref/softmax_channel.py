import torch
import torch.nn as nn

class Model(nn.Module):
    """Softmax over the channel dim of an NCHW tensor."""
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.softmax(x, dim=1)

batch_size = 2
channels = 19
height = 9
width = 10

def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]

def get_init_inputs():
    return []
