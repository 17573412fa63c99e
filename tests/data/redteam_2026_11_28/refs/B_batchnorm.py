import torch
import torch.nn as nn

batch = 16
features = 32
height = 8
width = 8


class Model(nn.Module):
    def __init__(self, num_features):
        super().__init__()
        self.bn = nn.BatchNorm2d(num_features)

    def forward(self, x):
        return self.bn(x)


def get_inputs():
    return [torch.randn(batch, features, height, width)]


def get_init_inputs():
    return [features]
