import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x):
        return torch.div(x, 7, rounding_mode='floor')

def get_inputs():
    return [torch.randint(0, 100000, (16, 256), dtype=torch.int32)]

def get_init_inputs():
    return []
