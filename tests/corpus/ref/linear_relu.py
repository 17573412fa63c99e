import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)
    def forward(self, x):
        return torch.relu(self.linear(x))

batch = 24
in_features = 48
out_features = 40

def get_inputs():
    return [torch.randn(batch, in_features)]

def get_init_inputs():
    return [in_features, out_features]
