import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, a, b):
        return torch.relu(a + b)

batch_size = 16
dim = 640

def get_inputs():
    return [torch.randn(batch_size, dim).to(torch.bfloat16), torch.randn(batch_size, dim).to(torch.bfloat16)]

def get_init_inputs():
    return []
