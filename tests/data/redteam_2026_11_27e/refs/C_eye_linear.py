import torch
import torch.nn as nn

batch_size = 16
features = 64


class Model(nn.Module):
    """A learnable square mixing matrix (initialised to the identity), then ReLU."""
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.eye(features))

    def forward(self, x):
        return torch.relu(x @ self.weight)


def get_inputs():
    return [torch.randn(batch_size, features)]


def get_init_inputs():
    return []
