import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, predictions, targets):
        cos = torch.nn.functional.cosine_similarity(predictions, targets, dim=1)
        return torch.mean(1 - cos)

def get_inputs():
    return [torch.randn(64, 4096), torch.randn(64, 4096)]

def get_init_inputs():
    return []
