import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x, gate):
        return x * F.silu(gate)

batch_size = 16
hidden = 512

def get_inputs():
    return [torch.randn(batch_size, hidden, dtype=torch.float16), torch.randn(batch_size, hidden, dtype=torch.float16)]

def get_init_inputs():
    return []
