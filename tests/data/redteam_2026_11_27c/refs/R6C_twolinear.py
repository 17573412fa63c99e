import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, in_features, hidden, out_features):
        super().__init__()
        self.fc1 = nn.Linear(in_features, hidden, bias=False)
        self.fc2 = nn.Linear(hidden, out_features, bias=False)
    def forward(self, x):
        return self.fc2(self.fc1(x))

batch_size = 32
in_features = 64
hidden = 256
out_features = 32

def get_inputs():
    return [torch.randn(batch_size, in_features)]

def get_init_inputs():
    return [in_features, hidden, out_features]
