import torch
import torch.nn as nn

class Model(nn.Module):
    """ViT patch embedding: a convolution whose stride equals its kernel size."""
    def __init__(self, in_channels, embed_dim, patch_size):
        super().__init__()
        self.proj = nn.Conv2d(in_channels, embed_dim, kernel_size=patch_size, stride=patch_size)

    def forward(self, x):
        return self.proj(x)

batch_size = 2
in_channels = 3
embed_dim = 24
patch_size = 4
image_size = 20

def get_inputs():
    return [torch.randn(batch_size, in_channels, image_size, image_size)]

def get_init_inputs():
    return [in_channels, embed_dim, patch_size]
