import torch
import torch.nn as nn

class Model(nn.Module):
    """Linear layer followed by tanh."""
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
    def forward(self, x):
        return torch.tanh(self.fc(x))

batch_size = 96
in_features = 128
out_features = 128

def get_inputs():
    return [torch.randn(batch_size, in_features)]

def get_init_inputs():
    return [in_features, out_features]
