import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, normalized_shape):
        super().__init__()
        self.ln = nn.LayerNorm(normalized_shape)

    def forward(self, x):
        return self.ln(x)

batch_size = 16
features = 256

def get_inputs():
    return [torch.randn(batch_size, features)]

def get_init_inputs():
    return [features]
