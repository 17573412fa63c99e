import torch
import torch.nn as nn

class Model(nn.Module):
    """Small Conv1d with padding, then ReLU."""
    def __init__(self, in_channels, out_channels, kernel_size, padding):
        super(Model, self).__init__()
        self.conv = nn.Conv1d(in_channels, out_channels, kernel_size, padding=padding)

    def forward(self, x):
        return torch.relu(self.conv(x))

def get_inputs():
    return [torch.randn(4, 6, 30)]

def get_init_inputs():
    return [6, 8, 3, 1]
