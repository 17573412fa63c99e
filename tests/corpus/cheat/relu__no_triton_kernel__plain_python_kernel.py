import torch
import torch.nn as nn


def relu_kernel(x):  # not @triton.jit: no Triton kernel at all
    return x.clamp(min=0)


class ModelNew(nn.Module):
    def forward(self, x):
        return relu_kernel(x)
