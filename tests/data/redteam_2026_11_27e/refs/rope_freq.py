import torch
import torch.nn as nn

class Model(nn.Module):
    """Rotary-style frequency scaling: x * cos(pos * inv_freq), inv_freq = base^(-2i/d)."""
    def __init__(self, base):
        super().__init__()
        self.base = base

    def forward(self, x):
        seq, d = x.shape[1], x.shape[2]
        inv_freq = 1.0 / (self.base ** (torch.arange(0, d, 2, device=x.device, dtype=torch.float32) / d))
        pos = torch.arange(seq, device=x.device, dtype=torch.float32)
        ang = pos[:, None] * inv_freq[None, :]
        return x[..., 0::2] * torch.cos(ang) - x[..., 1::2] * torch.sin(ang)

batch_size = 4
seq_len = 24
head_dim = 64

def get_inputs():
    return [torch.randn(batch_size, seq_len, head_dim)]

def get_init_inputs():
    return [10000.0]
