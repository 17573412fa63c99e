"""Loss masks, PPO clip, KL and SFT cross-entropy against HF's own loss."""
from __future__ import annotations

import pytest
import torch

from tritonrl.learner.batch import Sequence, collate
from tritonrl.learner.loss import LossScale, finish_metrics, policy_loss, sft_loss, token_logprobs


@pytest.fixture(scope="module")
def tiny():
    from transformers import LlamaConfig, LlamaForCausalLM

    torch.manual_seed(0)
    cfg = LlamaConfig(vocab_size=64, hidden_size=64, num_attention_heads=1, num_key_value_heads=1, head_dim=64,
                      intermediate_size=64, num_hidden_layers=2, max_position_embeddings=64)
    return LlamaForCausalLM(cfg).eval()


def seqs():
    return [Sequence([1, 2, 3], [4, 5, 6, 7], advantages=[1.0, -0.5, 2.0, 0.25]),
            Sequence([9], [10, 11], advantages=[0.5, 0.5], loss_mask=[1, 0])]


def test_collate_alignment():
    b = collate(seqs())
    assert b["input_ids"].shape == (2, 7) and b["response_mask"].shape == (2, 6)
    # column j predicts input token j+1: response token 4 is input position 3, column 2
    assert b["response_mask"][0].tolist() == [0, 0, 1, 1, 1, 1]
    assert b["response_mask"][1].tolist() == [1, 0, 0, 0, 0, 0]
    assert b["advantages"][0, 2:].tolist() == [1.0, -0.5, 2.0, 0.25]
    assert b["attention_mask"][1].tolist() == [1, 1, 1, 0, 0, 0, 0]
    with pytest.raises(ValueError, match="advantages"):
        Sequence([1], [2, 3], advantages=[1.0])


def test_prompt_and_padding_get_zero_gradient(tiny):
    b = collate(seqs())
    emb = tiny.model.embed_tokens(b["input_ids"]).detach().requires_grad_(True)
    lp = token_logprobs(tiny(inputs_embeds=emb, attention_mask=b["attention_mask"]).logits, b["input_ids"])
    lp.retain_grad()
    loss, _ = policy_loss(lp, b, LossScale(global_tokens=5))
    loss.backward()
    assert (lp.grad[b["response_mask"] == 0] == 0).all()
    assert (lp.grad[b["response_mask"] == 1] != 0).all()
    # the padded tail of row 1 (and its masked response token) influences nothing upstream either
    assert (emb.grad[1, 3:] == 0).all()


def _clip_case(ratio: float, adv: float, clip: float = 0.2):
    s = Sequence([1], [2], advantages=[adv], old_logprobs=[0.0])
    b = collate([s])
    lp = torch.tensor([[float(torch.log(torch.tensor(ratio)))]], requires_grad=True)
    loss, m = policy_loss(lp, b, LossScale(global_tokens=1), clip=clip)
    loss.backward()
    return lp.grad.item(), m["clip_frac"]


def test_ppo_clip_behaviour():
    # positive advantage, ratio above 1+eps: clipped, no gradient
    g, frac = _clip_case(1.5, 1.0)
    assert g == 0.0 and frac == 1.0
    # positive advantage, ratio inside: gradient -A * ratio
    g, frac = _clip_case(1.1, 1.0)
    assert g == pytest.approx(-1.1) and frac == 0.0
    # negative advantage, ratio below 1-eps: clipped
    g, frac = _clip_case(0.5, -1.0)
    assert g == 0.0 and frac == 1.0
    # negative advantage, ratio high: the pessimistic bound keeps the gradient
    g, frac = _clip_case(1.5, -1.0)
    assert g == pytest.approx(1.5)
    # clip disabled
    g, _ = _clip_case(1.5, 1.0, clip=0.0)
    assert g == pytest.approx(-1.5)


def test_reinforce_without_old_logprobs():
    b = collate([Sequence([1], [2, 3], advantages=[2.0, -1.0])])
    lp = torch.tensor([[-1.0, -3.0]], requires_grad=True)
    loss, m = policy_loss(lp, b, LossScale(global_tokens=2))
    loss.backward()
    assert m["ratio"] == pytest.approx(2.0)  # summed over 2 tokens: each ratio is 1
    torch.testing.assert_close(lp.grad, torch.tensor([[-2.0, 1.0]]) / 2)


def test_kl_k3_zero_at_reference_and_positive_elsewhere():
    b = collate([Sequence([1], [2, 3], advantages=[0.0, 0.0])])
    lp = torch.tensor([[-1.0, -2.0]])
    _, m = policy_loss(lp, b, LossScale(2), ref_logprobs=lp.clone(), kl_coef=0.1)
    assert m["kl"] == 0.0
    _, m = policy_loss(lp, b, LossScale(2), ref_logprobs=lp - 0.5, kl_coef=0.1)
    assert m["kl"] > 0


def test_loss_scale_compensates_dp_and_accumulation():
    # 2 ranks, 10 tokens total: DeepSpeed averages the ranks (x 1/2), the factor undoes it
    assert LossScale(global_tokens=10, world_size=2).factor * 0.5 == pytest.approx(1 / 10)
    assert LossScale(global_tokens=10, world_size=2, grad_accum=4).factor * 0.5 / 4 == pytest.approx(1 / 10)
    assert finish_metrics({"loss": 6.0, "tokens": 3.0})["loss"] == 2.0


def test_sft_loss_equals_hf_cross_entropy(tiny):
    s = Sequence([5, 6, 7, 8], [9, 10, 11], advantages=[1.0] * 3)
    b = collate([s])
    with torch.no_grad():
        labels = b["input_ids"].clone()
        labels[:, :4] = -100
        hf = tiny(input_ids=b["input_ids"], labels=labels).loss
        lp = token_logprobs(tiny(input_ids=b["input_ids"]).logits, b["input_ids"])
        ours, m = sft_loss(lp, b, LossScale(global_tokens=3))
    torch.testing.assert_close(ours, hf, atol=1e-5, rtol=1e-5)
    assert m["loss"] / m["tokens"] == pytest.approx(hf.item(), abs=1e-5)
