import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, a, b):
        return torch.matmul(a, b)

M = 64
K = 64
N = 64

def get_inputs():
    return [torch.randn(M, K, dtype=torch.float64), torch.randn(K, N, dtype=torch.float64)]

def get_init_inputs():
    return []
