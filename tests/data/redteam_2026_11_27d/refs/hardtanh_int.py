import torch
import torch.nn as nn

class Model(nn.Module):
    """Hardtanh with integer bounds."""
    def __init__(self, min_val, max_val):
        super().__init__()
        self.act = nn.Hardtanh(min_val, max_val)

    def forward(self, x):
        return self.act(x)

batch_size = 16
dim = 128

def get_inputs():
    return [torch.randn(batch_size, dim) * 2]

def get_init_inputs():
    return [-1, 1]
