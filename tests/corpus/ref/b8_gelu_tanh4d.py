import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """GELU (tanh approximation) on a 4D tensor."""
    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x):
        return F.gelu(x, approximate="tanh")

def get_inputs():
    return [torch.randn(2, 6, 20, 18)]

def get_init_inputs():
    return []
