import torch
import torch.nn as nn

class Model(nn.Module):
    """Batched matmul with the second operand transposed: A @ B^T."""
    def __init__(self):
        super(Model, self).__init__()

    def forward(self, A, B):
        return torch.bmm(A, B.transpose(1, 2))

batch = 4
M = 24
K = 40
N = 36

def get_inputs():
    return [torch.randn(batch, M, K), torch.randn(batch, N, K)]

def get_init_inputs():
    return []
