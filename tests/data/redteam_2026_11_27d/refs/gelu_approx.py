import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """GELU with the approximation chosen at construction ('none' or 'tanh')."""
    def __init__(self, approximate):
        super().__init__()
        self.approximate = approximate

    def forward(self, x):
        return F.gelu(x, approximate=self.approximate)

batch_size = 16
dim = 128

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return ["tanh"]
