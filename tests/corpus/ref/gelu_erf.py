import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Simple model that performs a GELU activation."""
    def __init__(self):
        super(Model, self).__init__()
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.nn.functional.gelu(x)

batch_size = 8
dim = 1024

def get_inputs():
    x = torch.randn(batch_size, dim)
    return [x]

def get_init_inputs():
    return []
