import torch
import torch.nn as nn


class Model(nn.Module):
    """One Elman RNN step: h' = tanh(W_ih x + b_ih + W_hh h + b_hh)."""

    def __init__(self, input_size: int, hidden_size: int):
        super().__init__()
        self.ih = nn.Linear(input_size, hidden_size)
        self.hh = nn.Linear(hidden_size, hidden_size)

    def forward(self, x: torch.Tensor, h: torch.Tensor) -> torch.Tensor:
        return torch.tanh(self.ih(x) + self.hh(h))


batch_size = 16
input_size = 256
hidden_size = 128


def get_inputs():
    return [torch.randn(batch_size, input_size), torch.zeros(batch_size, hidden_size)]


def get_init_inputs():
    return [input_size, hidden_size]
