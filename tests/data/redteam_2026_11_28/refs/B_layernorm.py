import torch
import torch.nn as nn

batch = 16
dim = 256


class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ln = nn.LayerNorm(dim)

    def forward(self, x):
        return self.ln(x)


def get_inputs():
    return [torch.randn(batch, dim)]


def get_init_inputs():
    return [dim]
