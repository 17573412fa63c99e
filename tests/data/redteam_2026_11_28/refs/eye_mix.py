import torch
import torch.nn as nn

batch_size = 16
dim = 256


class Model(nn.Module):
    """A learnable channel-mixing matrix initialised to the identity."""
    def __init__(self, dim):
        super().__init__()
        self.mix = nn.Parameter(torch.eye(dim))

    def forward(self, x):
        return x @ self.mix


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [dim]
