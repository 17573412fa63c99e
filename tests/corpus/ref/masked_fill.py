import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, fill_value: float):
        super().__init__()
        self.fill_value = fill_value
    def forward(self, x, mask):
        return x.masked_fill(mask, self.fill_value)

batch_size = 16
seq = 300

def get_inputs():
    return [torch.randn(batch_size, seq), torch.rand(batch_size, seq) > 0.5]

def get_init_inputs():
    return [-4.0]
