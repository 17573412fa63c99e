import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, exponent):
        super().__init__()
        self.exponent = exponent
    def forward(self, x):
        return x ** self.exponent

batch_size = 16
dim = 256
exponent = 3

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return [exponent]
