import torch
import torch.nn as nn

batch_size = 16
dim = 256
gamma = 0.97


class Model(nn.Module):
    """Exponentially decayed positions: y[b, i] = x[b, i] * gamma ** i."""
    def __init__(self, gamma):
        super().__init__()
        self.gamma = gamma

    def forward(self, x):
        pos = torch.arange(x.shape[1], device=x.device, dtype=x.dtype)
        return x * torch.pow(self.gamma, pos)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [gamma]
