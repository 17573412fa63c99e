import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size):
        super(Model, self).__init__()
        self.conv1d = nn.Conv1d(in_channels, out_channels, kernel_size)
    def forward(self, x):
        return self.conv1d(x)

batch_size = 4
in_channels = 6
out_channels = 10
kernel_size = 5
length = 120

def get_inputs():
    return [torch.randn(batch_size, in_channels, length)]

def get_init_inputs():
    return [in_channels, out_channels, kernel_size]
