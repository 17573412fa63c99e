import torch
import torch.nn as nn

class Model(nn.Module):
    """A is handed over as a non-contiguous view (a transpose)."""
    def __init__(self):
        super(Model, self).__init__()

    def forward(self, A, B):
        return torch.matmul(A, B)

M = 40
K = 72
N = 36

def get_inputs():
    A = torch.randn(K, M).t()
    B = torch.randn(K, N)
    return [A, B]

def get_init_inputs():
    return []
