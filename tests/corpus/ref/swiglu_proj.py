import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """SwiGLU gate: silu(x W1^T) * (x W2^T)."""
    def __init__(self, d_in, d_hidden):
        super().__init__()
        self.w1 = nn.Linear(d_in, d_hidden, bias=False)
        self.w2 = nn.Linear(d_in, d_hidden, bias=False)
    def forward(self, x):
        return F.silu(self.w1(x)) * self.w2(x)

batch, d_in, d_hidden = 32, 48, 40

def get_inputs():
    return [torch.randn(batch, d_in)]

def get_init_inputs():
    return [d_in, d_hidden]
