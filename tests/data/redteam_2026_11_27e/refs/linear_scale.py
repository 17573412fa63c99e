import torch
import torch.nn as nn

class Model(nn.Module):
    """Gemm followed by a learned per-feature scale (KernelBench level-2 style)."""
    def __init__(self, in_features, out_features, scale_shape):
        super().__init__()
        self.gemm = nn.Linear(in_features, out_features)
        self.scale = nn.Parameter(torch.randn(scale_shape) * 0.02)

    def forward(self, x):
        x = self.gemm(x)
        return x * self.scale

batch_size = 16
in_features = 48
out_features = 40
scale_shape = (out_features,)

def get_inputs():
    return [torch.randn(batch_size, in_features)]

def get_init_inputs():
    return [in_features, out_features, scale_shape]
