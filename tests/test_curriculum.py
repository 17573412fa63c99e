import math
from collections import Counter

import pytest

from tritonrl.config import CurriculumConfig
from tritonrl.tasks.curriculum import CurriculumSampler, level2_share
from tritonrl.tasks.suite import load_builtin


@pytest.mark.parametrize("acc1, share", [(0.0, 0.1), (0.2, 0.3), (0.4, 0.5), (0.9, 0.5)])
def test_share_grows_with_level1_accuracy(acc1, share):
    assert level2_share(acc1, CurriculumConfig(), enabled=True) == pytest.approx(share)


def test_share_disabled_is_fixed():
    cfg = CurriculumConfig(fixed_level2_share=0.3)
    assert [level2_share(a, cfg, enabled=False) for a in (0.0, 0.5, 1.0)] == [0.3, 0.3, 0.3]


def test_update_is_an_ema():
    s = CurriculumSampler(load_builtin("train"), CurriculumConfig(ema=0.5), enabled=True)
    assert s.share == pytest.approx(0.1)
    s.update(0.4)
    assert s.level1_acc == pytest.approx(0.2) and s.share == pytest.approx(0.3)
    s.update(0.8)
    assert s.level1_acc == pytest.approx(0.5) and s.share == pytest.approx(0.5)
    s.update(math.nan)  # a step without level-1 tasks
    assert s.level1_acc == pytest.approx(0.5)


@pytest.mark.parametrize("enabled, acc, expected", [(True, 0.4, 0.3), (False, 0.0, 0.3), (True, 2.0, 0.5)])
def test_sampler_proportions(enabled, acc, expected):
    tasks = load_builtin("train")
    s = CurriculumSampler(tasks, CurriculumConfig(), enabled=enabled, seed=1)
    s.update(acc)  # EMA from 0 with ema=0.5: acc/2
    assert s.share == pytest.approx(expected)
    counts = Counter()
    for _ in range(2000):
        batch = s.sample(5)
        assert len(batch) == 5
        assert len({t.name for t in batch}) == 5  # no repeats within a step while pools last
        counts.update(t.level for t in batch)
    frac2 = counts[2] / (counts[1] + counts[2])
    assert abs(frac2 - expected) < 0.02


def test_sampler_single_level_and_small_pools():
    level1 = [t for t in load_builtin() if t.level == 1][:2]
    s = CurriculumSampler(level1, CurriculumConfig(), enabled=True)
    assert s.share == 0.0
    batch = s.sample(5)  # larger than the pool: refills, still only level 1
    assert len(batch) == 5 and {t.level for t in batch} == {1}
    with pytest.raises(ValueError):
        CurriculumSampler([], CurriculumConfig())


def test_sampler_is_seeded():
    tasks = load_builtin("train")
    a = CurriculumSampler(tasks, CurriculumConfig(), seed=7)
    b = CurriculumSampler(tasks, CurriculumConfig(), seed=7)
    assert [t.name for t in a.sample(8)] == [t.name for t in b.sample(8)]
