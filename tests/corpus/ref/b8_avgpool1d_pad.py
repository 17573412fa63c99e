import torch
import torch.nn as nn

class Model(nn.Module):
    """AvgPool1d with padding and stride (count_include_pad=True)."""
    def __init__(self, kernel_size, stride, padding):
        super(Model, self).__init__()
        self.pool = nn.AvgPool1d(kernel_size=kernel_size, stride=stride, padding=padding)

    def forward(self, x):
        return self.pool(x)

def get_inputs():
    return [torch.randn(4, 6, 41)]

def get_init_inputs():
    return [4, 2, 1]
