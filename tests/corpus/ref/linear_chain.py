import torch
import torch.nn as nn

class Model(nn.Module):
    """Two stacked linear layers (no activation in between)."""
    def __init__(self, in_features, hidden, out_features):
        super(Model, self).__init__()
        self.fc1 = nn.Linear(in_features, hidden)
        self.fc2 = nn.Linear(hidden, out_features)

    def forward(self, x):
        return self.fc2(self.fc1(x))

batch_size = 16
in_features = 64
hidden = 64
out_features = 48

def get_inputs():
    return [torch.randn(batch_size, in_features)]

def get_init_inputs():
    return [in_features, hidden, out_features]
