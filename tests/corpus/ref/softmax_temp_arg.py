import torch
import torch.nn as nn

class Model(nn.Module):
    """Softmax over the last dim with the temperature passed to forward."""
    def __init__(self):
        super().__init__()
    def forward(self, x, temperature: float):
        return torch.softmax(x / temperature, dim=-1)

def get_inputs():
    return [torch.randn(16, 70), 0.5]

def get_init_inputs():
    return []
