import torch
import torch.nn as nn

class Model(nn.Module):
    """where(x>0, clamp(x, max=hi), alpha*x) then clamp(min=lo) then multiply by y."""
    def __init__(self, alpha: float, lo: float, hi: float):
        super().__init__()
        self.alpha = alpha
        self.lo = lo
        self.hi = hi
    def forward(self, x, y):
        z = torch.where(x > 0, torch.clamp(x, max=self.hi), self.alpha * x)
        z = torch.clamp(z, min=self.lo)
        return z * y

def get_inputs():
    return [torch.randn(16, 300) * 3, torch.randn(16, 300)]

def get_init_inputs():
    return [0.2, -0.5, 2.0]
