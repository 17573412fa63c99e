import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl


@triton.jit
def cosine_loss_kernel(p_ptr, t_ptr, out_ptr, B, D, inv_B, BLOCK_D: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK_D)
    m = offs < D
    p = tl.load(p_ptr + row * D + offs, mask=m, other=0.0)
    t = tl.load(t_ptr + row * D + offs, mask=m, other=0.0)
    dot = tl.sum(p * t, axis=0)
    np_ = tl.sum(p * p, axis=0)
    nt = tl.sum(t * t, axis=0)
    # cosine_similarity: x.y / max(||x|| * ||y||, eps)
    cos = dot / tl.maximum(tl.sqrt(np_) * tl.sqrt(nt), 1e-8)
    tl.atomic_add(out_ptr, (1.0 - cos) * inv_B)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, predictions: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        predictions = predictions.contiguous()
        targets = targets.contiguous()
        B, D = predictions.shape
        out = torch.zeros((), device=predictions.device, dtype=torch.float32)
        cosine_loss_kernel[(B,)](predictions, targets, out, B, D, 1.0 / B, BLOCK_D=triton.next_power_of_2(D))
        return out


if __name__ == "__main__":
    torch.manual_seed(0)
    p, t = torch.randn(64, 1024), torch.randn(64, 1024)
    ref = torch.mean(1 - F.cosine_similarity(p, t, dim=1))
    got = ModelNew()(p, t)
    print("max abs diff:", (ref - got).abs().item())
