import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, in_features, out_features, scale):
        super(Model, self).__init__()
        self.gemm = nn.Linear(in_features, out_features)
        self.scale = scale
    def forward(self, x):
        x = self.gemm(x)
        x = x * self.scale
        x = torch.relu(x)
        return x

batch_size = 32
in_features = 64
out_features = 48
scale = 2.0

def get_inputs():
    return [torch.randn(batch_size, in_features)]

def get_init_inputs():
    return [in_features, out_features, scale]
