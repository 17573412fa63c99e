import torch
import torch.nn as nn

class Model(nn.Module):
    """Circular shift of each row by `shift` positions (torch.roll along dim 1)."""
    def __init__(self, shift):
        super().__init__()
        self.shift = shift

    def forward(self, x):
        return torch.roll(x, self.shift, 1)

batch_size = 16
dim = 96
shift = 5

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return [shift]
