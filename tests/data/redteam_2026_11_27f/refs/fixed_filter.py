import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """1-D smoothing with a fixed 3-tap filter handed to the constructor."""

    def __init__(self, taps: torch.Tensor):
        super().__init__()
        self.register_buffer("taps", taps.reshape(1, 1, -1).clone())

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.conv1d(x, self.taps, padding=1)


batch_size = 16
length = 256


def get_inputs():
    return [torch.randn(batch_size, 1, length)]


def get_init_inputs():
    return [torch.tensor([0.25, 0.5, 0.25])]
