import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, kernel_size: int, stride: int):
        super(Model, self).__init__()
        self.maxpool = nn.MaxPool2d(kernel_size=kernel_size, stride=stride)
    def forward(self, x):
        return self.maxpool(x)

batch_size = 4
channels = 8
height = 24
width = 22
kernel_size = 2
stride = 2

def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]

def get_init_inputs():
    return [kernel_size, stride]
