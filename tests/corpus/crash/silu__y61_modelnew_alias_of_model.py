import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x):
        return x * torch.sigmoid(x)

batch = 16
dim = 100

def get_inputs():
    return [torch.randn(batch, dim)]

def get_init_inputs():
    return []

ModelNew = Model
