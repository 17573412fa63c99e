import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, Q, K, V):
        return F.scaled_dot_product_attention(Q, K, V)

batch_size = 2
num_heads = 2
seq_len = 40
head_dim = 16

def get_inputs():
    return [torch.randn(batch_size, num_heads, seq_len, head_dim) for _ in range(3)]

def get_init_inputs():
    return []
