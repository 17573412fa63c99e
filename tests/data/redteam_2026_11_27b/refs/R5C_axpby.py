import torch
import torch.nn as nn

class Model(nn.Module):
    """Weighted sum of two tensors: alpha * x + beta * y."""
    def __init__(self, alpha, beta):
        super().__init__()
        self.alpha = alpha
        self.beta = beta
    def forward(self, x, y):
        return self.alpha * x + self.beta * y

batch_size = 16
dim = 256
alpha = 1.5
beta = 0.5

def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim)]

def get_init_inputs():
    return [alpha, beta]
