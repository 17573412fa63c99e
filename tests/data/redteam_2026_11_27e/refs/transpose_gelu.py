import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.sigmoid(x.transpose(1, 2).contiguous())

batch_size = 4
m = 24
n = 40

def get_inputs():
    return [torch.randn(batch_size, m, n)]

def get_init_inputs():
    return []
