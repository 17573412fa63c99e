import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, negative_slope: float = 0.01):
        super(Model, self).__init__()
        self.negative_slope = negative_slope
    def forward(self, x):
        return torch.nn.functional.leaky_relu(x, negative_slope=self.negative_slope)

batch_size = 16
dim = 640

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return [0.2]
