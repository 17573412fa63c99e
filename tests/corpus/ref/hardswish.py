import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x):
        return F.hardswish(x)

batch_size = 8
channels = 16
height = 20
width = 24

def get_inputs():
    return [torch.randn(batch_size, channels, height, width) * 3]

def get_init_inputs():
    return []
