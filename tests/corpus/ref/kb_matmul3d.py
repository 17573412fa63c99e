import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    def __init__(self):
        super(Model, self).__init__()
    def forward(self, A, B):
        return torch.matmul(A, B)

N = 4
M = 64
K = 128
L = 96

def get_inputs():
    return [torch.randn(N, M, K), torch.randn(K, L)]

def get_init_inputs():
    return []
