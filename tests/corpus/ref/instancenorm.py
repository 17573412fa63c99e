import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, num_features: int):
        super(Model, self).__init__()
        self.inorm = nn.InstanceNorm2d(num_features=num_features)
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.inorm(x)

batch_size = 4
features = 8
dim1 = 15
dim2 = 20

def get_inputs():
    return [torch.randn(batch_size, features, dim1, dim2) * 2 + 1]

def get_init_inputs():
    return [features]
