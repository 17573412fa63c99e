import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl


@triton.jit
def fused_hardswish_relu6_kernel(
    input_ptr,
    output_ptr,
    n_elements,
    BLOCK_SIZE: tl.constexpr,
):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(input_ptr + offsets, mask=mask)
    x = x * 3.0
    # hardswish: x * relu6(x + 3) / 6
    hs = x * tl.clamp(x + 3.0, 0.0, 6.0) / 6.0
    # relu6
    out = tl.clamp(hs, 0.0, 6.0)
    tl.store(output_ptr + offsets, out, mask=mask)


def fused_hardswish_relu6(x: torch.Tensor) -> torch.Tensor:
    assert x.is_contiguous()
    output = torch.empty_like(x)
    n_elements = output.numel()
    grid = lambda meta: (triton.cdiv(n_elements, meta["BLOCK_SIZE"]),)
    fused_hardswish_relu6_kernel[grid](x, output, n_elements, BLOCK_SIZE=1024)
    return output


class ModelNew(nn.Module):
    """
    Optimized model: hardswish(3x) followed by relu6, fused into a single Triton kernel.
    """
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x):
        return fused_hardswish_relu6(x.contiguous())


batch_size = 4
channels = 8
height = 12
width = 10


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []


if __name__ == "__main__":
    model = ModelNew()
    inp = get_inputs()[0]
    ref = F.relu6(F.hardswish(inp * 3.0))
    print(torch.allclose(model(inp), ref, atol=1e-5))
