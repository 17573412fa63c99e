import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.ln = nn.LayerNorm(hidden)
    def forward(self, x):
        return self.ln(x)

batch = 12
hidden = 64

def get_inputs():
    return [torch.randn(batch, hidden)]

def get_init_inputs():
    return [hidden]
