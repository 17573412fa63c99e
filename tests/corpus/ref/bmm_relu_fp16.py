import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        return torch.relu(torch.bmm(a, b))

batch_size = 3
m = 40
k = 64
n = 48

def get_inputs():
    return [torch.randn(batch_size, m, k, dtype=torch.float16), torch.randn(batch_size, k, n, dtype=torch.float16)]

def get_init_inputs():
    return []
