import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def fwd_kernel(X, Y, O, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    x = tl.load(X + i, mask=m, other=0.0).to(tl.float32)
    y = tl.load(Y + i, mask=m, other=0.0).to(tl.float32)
    t = 2.0 * tl.sigmoid(2.0 * x) - 1.0
    tl.store(O + i, (2.0 * t + y).to(O.dtype.element_ty), mask=m)


class TanhScaleAdd(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y):
        x_c = x.contiguous()
        y_c = y.contiguous()
        out = torch.empty_like(x_c)
        n = out.numel()
        fwd_kernel[(triton.cdiv(n, 1024),)](x_c, y_c, out, n, BLOCK=1024)
        ctx.save_for_backward(x_c)
        return out

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        t = torch.tanh(x)
        grad_x = grad_out * 2.0 * (1.0 - t * t)
        return grad_x, grad_out


def torch_reference(x, y):
    """Used only by the self-test below."""
    return 2.0 * torch.tanh(x) + y


class ModelNew(nn.Module):
    def forward(self, x, y):
        return TanhScaleAdd.apply(x, y)


if __name__ == "__main__":
    a = torch.randn(32, 100, requires_grad=True)
    b = torch.randn(32, 100, requires_grad=True)
    out = ModelNew()(a, b)
    torch.testing.assert_close(out, torch_reference(a, b))
    out.sum().backward()
    print("ok")
