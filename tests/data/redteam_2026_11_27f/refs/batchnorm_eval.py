import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Inference-mode batch norm: normalises by the running statistics."""

    def __init__(self, num_features: int, eps: float):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(num_features))
        self.bias = nn.Parameter(torch.zeros(num_features))
        self.register_buffer("running_mean", torch.zeros(num_features))
        self.register_buffer("running_var", torch.ones(num_features))
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.batch_norm(x, self.running_mean, self.running_var, self.weight, self.bias,
                            training=False, eps=self.eps)


batch_size = 16
num_features = 256
eps = 1e-5


def get_inputs():
    return [torch.randn(batch_size, num_features)]


def get_init_inputs():
    return [num_features, eps]
