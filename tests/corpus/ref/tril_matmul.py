import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super(Model, self).__init__()

    def forward(self, A, B):
        return torch.tril(torch.matmul(A, B))

M = 72

def get_inputs():
    A = torch.tril(torch.randn(M, M))
    B = torch.tril(torch.randn(M, M))
    return [A, B]

def get_init_inputs():
    return []
