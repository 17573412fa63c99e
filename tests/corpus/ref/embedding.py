import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, num_embeddings, embedding_dim):
        super().__init__()
        self.emb = nn.Embedding(num_embeddings, embedding_dim)
    def forward(self, idx):
        return self.emb(idx)

batch_size = 8
seq_len = 20
num_embeddings = 100
embedding_dim = 48

def get_inputs():
    return [torch.randint(0, num_embeddings, (batch_size, seq_len))]

def get_init_inputs():
    return [num_embeddings, embedding_dim]
