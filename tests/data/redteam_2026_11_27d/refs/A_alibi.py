import torch
import torch.nn as nn


class Model(nn.Module):
    """ALiBi: add a per-head linear relative-position bias slope_h * (j - i) to attention scores."""

    def __init__(self, n_heads):
        super().__init__()
        self.n_heads = n_heads

    def forward(self, scores):
        B, H, N, M = scores.shape
        slopes = torch.tensor([2.0 ** (-8.0 * (h + 1) / H) for h in range(H)], dtype=scores.dtype)
        rel = (torch.arange(M)[None, :] - torch.arange(N)[:, None]).to(scores.dtype)
        return scores + slopes[:, None, None] * rel[None, :, :]


def get_inputs():
    return [torch.randn(2, 4, 32, 32)]


def get_init_inputs():
    return [4]
