"""Reward terms, GRPO/RLOO baselines and HRD routing (pure functions; hypothesis property tests)."""
from __future__ import annotations

import math

import pytest
import torch
from hypothesis import given, settings, strategies as st

from tritonrl.config import RewardConfig
from tritonrl.reward.advantages import group_advantages, grpo, rloo
from tritonrl.reward.hrd import build_token_advantages, token_advantages
from tritonrl.reward.terms import cheat_penalty, correctness_reward, speedup_reward
from tritonrl.verifier_workers.verdict import Verdict

# no per-example deadline: CI shares 2 cores with Ray/DeepSpeed tests, and the first torch call is slow
relaxed = settings(deadline=None, max_examples=60)

finite = st.floats(min_value=-10, max_value=10, allow_nan=False, allow_infinity=False)


def v(**kw) -> Verdict:
    return Verdict(task="t", code_hash="h", **kw)


def passed(*stages: str) -> dict:
    return {s: {"passed": True} for s in stages}


# ------------------------------------------------------------------ terms
def test_correctness_staged_vs_binary():
    cfg = RewardConfig()
    partial = v(correct=False, stage="compile", stages=passed("static", "compile"))
    assert correctness_reward(partial, cfg, staged=True) == 0.5
    assert correctness_reward(partial, cfg, staged=False) == 0.0
    assert correctness_reward(v(correct=True, stages=passed("static", "compile", "full")), cfg, staged=False) == 1.0


def test_speedup_reward_rules():
    cfg = RewardConfig(speedup_clip=2.0)
    assert speedup_reward(v(correct=False, speedup=3.0), cfg) == 0.0  # incorrect earns no speed
    assert speedup_reward(v(correct=True, speedup=None), cfg) == 0.0  # CPU: untimed
    assert speedup_reward(v(correct=True, speedup=1.5), cfg) == 1.5
    assert speedup_reward(v(correct=True, speedup=9.0), cfg) == 2.0  # clipped
    assert speedup_reward(v(correct=True, speedup=3.0, violations=["X"]), cfg) == 0.0
    log_cfg = RewardConfig(speedup_clip=2.0, speedup_log=True)
    assert speedup_reward(v(correct=True, speedup=1.5), log_cfg) == pytest.approx(math.log(1.5))
    assert speedup_reward(v(correct=True, speedup=100.0), log_cfg) == pytest.approx(math.log(2.0))
    assert speedup_reward(v(correct=True, speedup=0.01), log_cfg) == pytest.approx(-math.log(2.0))


def test_cheat_penalty_and_no_credit_for_a_cheat():
    cfg = RewardConfig(cheat_penalty=-0.5)
    assert cheat_penalty(v(), cfg) == 0.0
    cheat = v(correct=True, speedup=5.0, violations=["TORCH_COMPUTE"], stages=passed("static", "compile", "full"))
    assert cheat_penalty(cheat, cfg) == -0.5
    assert correctness_reward(cheat, cfg, staged=True) == 0.0 and speedup_reward(cheat, cfg) == 0.0


def test_broken_code_is_not_penalised_as_a_cheat():
    cfg = RewardConfig(cheat_penalty=-0.5)
    assert cheat_penalty(v(violations=["syntax_error"]), cfg) == 0.0
    assert cheat_penalty(v(violations=["no_model_new", "no_triton_kernel"]), cfg) == 0.0
    assert cheat_penalty(v(violations=["syntax_error", "torch_compute"]), cfg) == -0.5


@relaxed
@given(st.floats(min_value=0, max_value=1e6, allow_nan=False), st.floats(min_value=1.01, max_value=10),
       st.booleans())
def test_speedup_bounded(s, clip, log):
    r = speedup_reward(v(correct=True, speedup=s), RewardConfig(speedup_clip=clip, speedup_log=log))
    assert math.isfinite(r) and abs(r) <= (math.log(clip) if log else clip) + 1e-12


# ------------------------------------------------------------------ advantages
@relaxed
@given(st.lists(finite, min_size=1, max_size=16), st.booleans())
def test_grpo_zero_sum_and_finite(rewards, norm):
    a = grpo(rewards, norm)
    assert len(a) == len(rewards) and all(math.isfinite(x) for x in a)
    assert abs(sum(a)) <= 1e-6 * max(1.0, len(a) * max(abs(x) for x in a))
    if norm and any(a):
        # normalised by the group std: the population std of the advantages is ~1
        std = math.sqrt(sum(x * x for x in a) / len(a))
        assert std == pytest.approx(1.0, rel=1e-3) or std < 1.0


@relaxed
@given(st.lists(finite, min_size=1, max_size=16))
def test_rloo_matches_definition(rewards):
    a = rloo(rewards)
    assert all(math.isfinite(x) for x in a)
    g = len(rewards)
    if g > 1 and len(set(rewards)) > 1:
        for i, r in enumerate(rewards):
            others = [x for j, x in enumerate(rewards) if j != i]
            assert a[i] == pytest.approx(r - sum(others) / (g - 1), abs=1e-9)


@relaxed
@given(finite, st.integers(min_value=1, max_value=8), st.sampled_from(["grpo", "rloo"]))
def test_degenerate_groups_give_zeros(r, g, baseline):
    assert group_advantages([r] * g, baseline) == [0.0] * g


def test_grpo_order_and_bad_input():
    a = group_advantages([0.0, 1.0, 0.5], "grpo")
    assert a[1] > a[2] > a[0]
    with pytest.raises(ValueError, match="baseline"):
        group_advantages([1.0, 2.0], "ppo")
    with pytest.raises(ValueError, match="non-finite"):
        group_advantages([1.0, float("nan")], "grpo")


# ------------------------------------------------------------------ HRD
masks = st.lists(st.tuples(st.booleans(), st.booleans()), min_size=1, max_size=32)


@relaxed
@given(masks, finite, finite, st.floats(min_value=0, max_value=2))
def test_hrd_routes_each_term(pairs, a_c, a_s, alpha):
    plan = [int(p) for p, _ in pairs]
    code = [int(c) for _, c in pairs]
    out = token_advantages(plan, code, a_c, a_s, alpha=alpha, hrd=True)
    for p, c, x in zip(plan, code, out):
        expect = alpha * a_s if (p and not c) else a_c  # code (and overlap, and markers) <- correctness
        assert x == pytest.approx(expect, abs=1e-5)
    uniform = token_advantages(plan, code, a_c, a_s, alpha=alpha, hrd=False)
    assert all(x == pytest.approx(a_c + alpha * a_s, abs=1e-5) for x in uniform)


@relaxed
@given(st.integers(min_value=1, max_value=6), st.integers(min_value=1, max_value=20),
       st.floats(min_value=0, max_value=3))
def test_build_token_advantages_batched_alpha_scaling(b, t, alpha):
    g = torch.Generator().manual_seed(b * 100 + t)
    plan = torch.rand(b, t, generator=g) > 0.5
    code = (torch.rand(b, t, generator=g) > 0.5) & ~plan
    a_c, a_s = torch.randn(b, generator=g), torch.randn(b, generator=g)
    out = build_token_advantages(plan, code, a_c, a_s, alpha)
    assert out.shape == (b, t) and torch.isfinite(out).all()
    torch.testing.assert_close(out[plan], (alpha * a_s[:, None].expand(b, t))[plan])
    torch.testing.assert_close(out[~plan], a_c[:, None].expand(b, t)[~plan])
    # alpha scales only the speed part: plan tokens at alpha=2x are twice those at x
    doubled = build_token_advantages(plan, code, a_c, a_s, 2 * alpha)
    torch.testing.assert_close(doubled[plan], 2 * out[plan])
    torch.testing.assert_close(doubled[~plan], out[~plan])


def test_hrd_missing_masks_and_mismatch():
    assert token_advantages(None, None, 0.7, 1.0, alpha=0.1, length=3) == pytest.approx([0.7] * 3)
    assert token_advantages([1, 0], None, 0.7, 1.0, alpha=0.1) == pytest.approx([0.1, 0.7])
    with pytest.raises(ValueError, match="differ"):
        token_advantages([1, 0], [0], 0.0, 0.0, alpha=0.1)
