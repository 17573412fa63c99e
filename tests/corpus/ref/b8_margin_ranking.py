import torch
import torch.nn as nn

class Model(nn.Module):
    """Margin ranking loss, mean reduction."""
    def __init__(self, margin=0.1):
        super(Model, self).__init__()
        self.loss_fn = nn.MarginRankingLoss(margin=margin)

    def forward(self, x1, x2, y):
        return self.loss_fn(x1, x2, y)

def get_inputs():
    return [torch.randn(512), torch.randn(512), torch.randint(0, 2, (512,)).float() * 2 - 1]

def get_init_inputs():
    return [0.1]
