import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, repeats):
        super().__init__()
        self.repeats = repeats

    def forward(self, x, y):
        return x.repeat(1, self.repeats) * y

batch_size = 16
dim = 64
repeats = 3

def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim * repeats)]

def get_init_inputs():
    return [repeats]
