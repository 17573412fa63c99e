import torch
import torch.nn as nn


class Model(nn.Module):
    """Scaled, causally masked softmax over attention scores of shape (batch, seq, seq)."""

    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        seq = x.shape[-1]
        future = torch.ones(seq, seq, dtype=torch.bool, device=x.device).triu(1)
        scores = (x * self.scale).masked_fill(future, float("-inf"))
        return torch.softmax(scores, dim=-1)


batch_size = 2
seq_len = 32
scale = 0.125


def get_inputs():
    return [torch.randn(batch_size, seq_len, seq_len)]


def get_init_inputs():
    return [scale]
