import torch
import torch.nn as nn


class Model(nn.Module):
    """Gated activation as in SwiGLU: silu(gate) * up."""

    def __init__(self):
        super().__init__()

    def forward(self, gate: torch.Tensor, up: torch.Tensor) -> torch.Tensor:
        return torch.nn.functional.silu(gate) * up


batch_size = 16
dim = 1024


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
