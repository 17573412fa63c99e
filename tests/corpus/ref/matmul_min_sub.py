import torch
import torch.nn as nn

class Model(nn.Module):
    """Matmul, minimum with a constant, subtraction (KernelBench L2 #68, small sizes)."""
    def __init__(self, in_features, out_features, constant):
        super(Model, self).__init__()
        self.linear = nn.Linear(in_features, out_features)
        self.constant = nn.Parameter(torch.tensor(constant))

    def forward(self, x):
        x = self.linear(x)
        x = torch.min(x, self.constant)
        x = x - self.constant
        return x

batch_size = 40
in_features = 24
out_features = 20
constant = 0.3

def get_inputs():
    return [torch.randn(batch_size, in_features)]

def get_init_inputs():
    return [in_features, out_features, constant]
