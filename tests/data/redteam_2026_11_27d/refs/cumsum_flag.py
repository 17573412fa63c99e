import torch
import torch.nn as nn

class Model(nn.Module):
    """Cumulative sum along dim 1, optionally reversed (suffix sums)."""
    def __init__(self, reverse):
        super().__init__()
        self.reverse = reverse

    def forward(self, x):
        if self.reverse:
            return torch.cumsum(x.flip(1), dim=1).flip(1)
        return torch.cumsum(x, dim=1)

batch_size = 16
dim = 64

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return [True]
