import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x):
        return (x > 0).sum(dim=1)

batch_size = 40
dim = 513

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return []
