import torch
import torch.nn as nn

class Model(nn.Module):
    """Scale, masked fill with a large negative, softmax over last dim."""
    def __init__(self, scale: float):
        super().__init__()
        self.scale = scale
    def forward(self, scores, mask):
        s = scores * self.scale
        s = s.masked_fill(~mask, -1e9)
        return torch.softmax(s, dim=-1)

B, H, L = 2, 3, 24

def get_inputs():
    scores = torch.randn(B, H, L, L)
    mask = torch.tril(torch.ones(L, L, dtype=torch.bool)).expand(B, H, L, L).contiguous()
    return [scores, mask]

def get_init_inputs():
    return [0.125]
