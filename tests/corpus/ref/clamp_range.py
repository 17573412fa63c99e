import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, min_val: float = -0.5, max_val: float = 0.5):
        super(Model, self).__init__()
        self.min_val = min_val
        self.max_val = max_val

    def forward(self, x):
        return torch.clamp(x, min=self.min_val, max=self.max_val)

batch_size = 16
dim = 1200

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return [-0.25]
