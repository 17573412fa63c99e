import torch
import torch.nn as nn

class Model(nn.Module):
    """ReLU followed by division by an integer divisor."""
    def __init__(self, divisor):
        super().__init__()
        self.divisor = divisor
    def forward(self, x):
        return torch.relu(x) / self.divisor

batch_size = 16
dim = 256
divisor = 3

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return [divisor]
