import torch
import torch.nn as nn

class Model(nn.Module):
    """Conv2d (stride 2, padding 1) followed by ReLU."""
    def __init__(self, in_ch, out_ch, k, stride, padding):
        super().__init__()
        self.conv = nn.Conv2d(in_ch, out_ch, k, stride=stride, padding=padding)
    def forward(self, x):
        return torch.relu(self.conv(x))

def get_inputs():
    return [torch.randn(2, 3, 15, 13)]

def get_init_inputs():
    return [3, 8, 3, 2, 1]
