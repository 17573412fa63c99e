import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Linear, GELU, Dropout (p=0) and a scale."""
    def __init__(self, in_features, out_features, dropout_p, scale):
        super(Model, self).__init__()
        self.linear = nn.Linear(in_features, out_features)
        self.dropout = nn.Dropout(dropout_p)
        self.scale = scale

    def forward(self, x):
        x = self.linear(x)
        x = F.gelu(x)
        x = self.dropout(x)
        return x * self.scale

batch_size = 24
in_features = 40
out_features = 56
dropout_p = 0.0
scale = 2.0

def get_inputs():
    return [torch.randn(batch_size, in_features)]

def get_init_inputs():
    return [in_features, out_features, dropout_p, scale]
