import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, kernel_size: int, stride: int = None, padding: int = 0):
        super(Model, self).__init__()
        self.pool = nn.MaxPool1d(kernel_size=kernel_size, stride=stride, padding=padding)
    def forward(self, x):
        return self.pool(x)

batch_size = 8
features = 16
sequence_length = 100
kernel_size = 4
stride = 2
padding = 1

def get_inputs():
    return [torch.randn(batch_size, features, sequence_length)]

def get_init_inputs():
    return [kernel_size, stride, padding]
