import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Linear -> LayerNorm -> GELU."""
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)
        self.norm = nn.LayerNorm(out_features)

    def forward(self, x):
        return F.gelu(self.norm(self.linear(x)))

batch_size = 20
in_features = 48
out_features = 64

def get_inputs():
    return [torch.randn(batch_size, in_features)]

def get_init_inputs():
    return [in_features, out_features]
