import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits, targets):
        return F.binary_cross_entropy_with_logits(logits, targets)

batch_size = 32
dim = 100

def get_inputs():
    return [torch.randn(batch_size, dim) * 2.0, torch.randint(0, 2, (batch_size, dim)).float()]

def get_init_inputs():
    return []
