import torch
import torch.nn as nn

class Model(nn.Module):
    """Concatenate two feature maps along the feature dim, then ReLU."""
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        return torch.relu(torch.cat([a, b], dim=1))

batch_size = 16
features = 96

def get_inputs():
    return [torch.randn(batch_size, features), torch.randn(batch_size, features)]

def get_init_inputs():
    return []
