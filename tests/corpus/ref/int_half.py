import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x):
        return x.to(torch.float32) * 0.5

def get_inputs():
    return [torch.randint(-100, 100, (16, 128), dtype=torch.int32)]

def get_init_inputs():
    return []
