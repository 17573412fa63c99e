import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    def __init__(self, min_val, max_val):
        super().__init__()
        self.min_val = min_val
        self.max_val = max_val
    def forward(self, x):
        return F.hardtanh(x, min_val=self.min_val, max_val=self.max_val)

batch_size = 4
channels = 8
length = 300

def get_inputs():
    return [torch.randn(batch_size, channels, length)]

def get_init_inputs():
    return [-0.5, 1.5]
