import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    def __init__(self):
        super(Model, self).__init__()
    def forward(self, A, B):
        return torch.bmm(A, B)

batch_size = 4
m = 64
k = 96
n = 80

def get_inputs():
    return [torch.randn(batch_size, m, k), torch.randn(batch_size, k, n)]

def get_init_inputs():
    return []
