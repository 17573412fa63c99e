import torch
import torch.nn as nn

class Model(nn.Module):
    """Linear followed by a configurable activation."""
    def __init__(self, in_features, out_features, activation: str):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        self.act = nn.ReLU() if activation == "relu" else nn.SiLU()
    def forward(self, x):
        return self.act(self.fc(x))

batch_size = 24
in_features = 40
out_features = 36

def get_inputs():
    return [torch.randn(batch_size, in_features)]

def get_init_inputs():
    return [in_features, out_features, "silu"]
