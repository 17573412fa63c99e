import torch
import torch.nn as nn

class Model(nn.Module):
    """ConvTranspose2d, stride 2, padding 1, output_padding 1 (KernelBench L1 style, small)."""
    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, output_padding):
        super().__init__()
        self.conv_transpose = nn.ConvTranspose2d(in_channels, out_channels, kernel_size, stride=stride,
                                                 padding=padding, output_padding=output_padding)

    def forward(self, x):
        return self.conv_transpose(x)

batch_size = 2
in_channels = 4
out_channels = 6
kernel_size = 3
height = 7
width = 9

def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]

def get_init_inputs():
    return [in_channels, out_channels, kernel_size, 2, 1, 1]
