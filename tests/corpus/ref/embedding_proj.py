import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Token embedding followed by a projection and GELU."""
    def __init__(self, num_embeddings, embedding_dim, out_dim):
        super().__init__()
        self.emb = nn.Embedding(num_embeddings, embedding_dim)
        self.proj = nn.Linear(embedding_dim, out_dim)

    def forward(self, idx):
        return F.gelu(self.proj(self.emb(idx)))

batch_size = 8
seq_len = 32
num_embeddings = 100
embedding_dim = 64
out_dim = 48

def get_inputs():
    return [torch.randint(0, num_embeddings, (batch_size, seq_len))]

def get_init_inputs():
    return [num_embeddings, embedding_dim, out_dim]
