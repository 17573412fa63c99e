import torch
import torch.nn as nn

class Model(nn.Module):
    """RMSNorm with a learned weight, bf16 activations and weight."""
    def __init__(self, hidden: int, eps: float = 1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(hidden).to(torch.bfloat16))
        self.eps = eps

    def forward(self, x):
        xf = x.float()
        y = xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + self.eps)
        return (y * self.weight.float()).to(torch.bfloat16)

batch_size = 12
hidden = 96

def get_inputs():
    return [torch.randn(batch_size, hidden, dtype=torch.bfloat16)]

def get_init_inputs():
    return [hidden]
