import torch
import torch.nn as nn

class Model(nn.Module):
    """Fused QKV projection: one Linear, split into q, k, v."""
    def __init__(self, d_model: int):
        super().__init__()
        self.qkv = nn.Linear(d_model, 3 * d_model)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        return q, k, v

batch_size = 20
d_model = 32

def get_inputs():
    return [torch.randn(batch_size, d_model)]

def get_init_inputs():
    return [d_model]
