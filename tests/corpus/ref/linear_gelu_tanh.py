import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Linear (with bias) followed by tanh-approximate GELU."""
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
    def forward(self, x):
        return F.gelu(self.fc(x), approximate="tanh")

def get_inputs():
    return [torch.randn(20, 64)]

def get_init_inputs():
    return [64, 36]
