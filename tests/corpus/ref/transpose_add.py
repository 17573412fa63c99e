import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x, y):
        return x.transpose(1, 2) + y

batch_size = 4
rows = 40
cols = 56

def get_inputs():
    return [torch.randn(batch_size, rows, cols), torch.randn(batch_size, cols, rows)]

def get_init_inputs():
    return []
