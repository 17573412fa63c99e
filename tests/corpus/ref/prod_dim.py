import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, dim: int):
        super(Model, self).__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.prod(x, dim=self.dim)

batch_size = 8
dim1 = 48
dim2 = 40

def get_inputs():
    x = torch.rand(batch_size, dim1, dim2) * 0.5 + 0.75
    return [x]

def get_init_inputs():
    return [1]
