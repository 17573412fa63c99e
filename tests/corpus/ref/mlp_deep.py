import torch
import torch.nn as nn

class Model(nn.Module):
    """KernelBench L3 #1 MLP (small): Linear+ReLU stack, final Linear."""
    def __init__(self, input_size, layer_sizes, output_size):
        super().__init__()
        layers = []
        current_input_size = input_size
        for layer_size in layer_sizes:
            layers.append(nn.Linear(current_input_size, layer_size))
            layers.append(nn.ReLU())
            current_input_size = layer_size
        layers.append(nn.Linear(current_input_size, output_size))
        self.network = nn.Sequential(*layers)

    def forward(self, x):
        return self.network(x)

batch_size = 8
input_size = 64
layer_sizes = [96, 80, 72, 48, 40, 56, 88, 36]
output_size = 24

def get_inputs():
    return [torch.randn(batch_size, input_size)]

def get_init_inputs():
    return [input_size, layer_sizes, output_size]
