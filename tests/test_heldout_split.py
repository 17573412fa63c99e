"""The held-out split is disjoint from the training data by construction (tasks/heldout.py, select.py) and
stays so (`tritonrl data audit`): no held-out reference is >= 0.9 similar, op names and numbers normalised,
to any training task, gold, generated SFT item or KernelBench training problem."""
import json
from pathlib import Path

import pytest

from tritonrl.config import Config, ConfigError
from tritonrl.tasks.audit import heldout_items, main as audit_main, training_items
from tritonrl.tasks.heldout import KERNELBENCH_HELDOUT, derive_heldout
from tritonrl.tasks.select import load_tasks, spread
from tritonrl.tasks.similarity import closest, similarity

KB = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "kernelbench"
needs_kb = pytest.mark.skipif(not (KB / "level1.jsonl").is_file(), reason="no local KernelBench copy")


def test_normalisation_catches_op_swaps_and_size_changes():
    a = "import torch\nclass Model:\n    def forward(self, x):\n        return torch.sin(x)  # sin\nn = 16\n"
    b = 'import torch\nclass Model:\n    """Cos."""\n    def forward(self, x):\n        return torch.cos(x)\nn = 4096\n'
    assert similarity(a, b) > 0.9
    assert similarity(a, a.replace("torch.sin", "tl.sin")) == 1.0
    assert closest([("a", a)], [("b", b)])[1:] == ("a", "b")


def test_builtin_split_has_enough_heldout_tasks_over_both_levels():
    train, held = load_tasks(Config())
    assert len(held) >= 24 and {t.level for t in held} == {1, 2}
    assert not {t.name for t in train} & {t.name for t in held}
    assert not any(t.split == "dev" for t in train + held)


@needs_kb
def test_audit_passes_against_every_training_item():
    train = training_items(kernelbench_path=str(KB))
    score, a, b = closest(heldout_items(), train)
    assert score < 0.9, (a, b, score)
    assert audit_main(["--kernelbench", str(KB)]) == 0


def test_audit_fails_on_a_leak(tmp_path, capsys):
    """A training item that copies a held-out reference (op name swapped) is caught, exit status 1."""
    held_name, held_src = heldout_items()[0]
    leak = tmp_path / "kb.jsonl"
    leak.write_text(json.dumps({"level": 3, "problem_id": 1, "name": "1_copy",
                                "source": held_src.replace("torch.", "torch.nn.functional.")}) + "\n")
    assert audit_main(["--kernelbench", str(leak), "--synthetic", "0"]) == 1
    assert "FAIL" in capsys.readouterr().out


@needs_kb
def test_frozen_list_is_what_the_rule_gives_and_the_shipped_text_is_upstreams():
    rows = [json.loads(line) for lv in (1, 2, 3, 4) for line in (KB / f"level{lv}.jsonl").read_text().splitlines()]
    training = [src for _, src in training_items(synthetic=256)]
    assert derive_heldout([(r["level"], r["problem_id"], r["source"]) for r in rows], training) == KERNELBENCH_HELDOUT
    from tritonrl.tasks.kernelbench import load_kernelbench_heldout

    upstream = {(r["level"], r["name"]): r["source"] for r in rows}
    shipped = load_kernelbench_heldout()
    assert len(shipped) == sum(len(v) for v in KERNELBENCH_HELDOUT.values())
    for t in shipped:
        level, pid = t.level, int(t.name.split("_")[2])
        assert t.split == "heldout" and pid in KERNELBENCH_HELDOUT[level]
        assert any(src == t.reference_src for (lv, _), src in upstream.items() if lv == level)


@needs_kb
def test_kernelbench_suite_has_a_heldout_split():
    cfg = Config()
    cfg.data.suite, cfg.data.kernelbench_path = "kernelbench", str(KB)
    train, held = load_tasks(cfg)
    assert len(held) == 30 and len(train) == 170
    assert all(t.split == "heldout" for t in held) and not {t.name for t in train} & {t.name for t in held}
    cfg.data.kernelbench_levels = [3]
    with pytest.raises(ConfigError, match="no held-out tasks"):
        load_tasks(cfg)


def test_spread_is_deterministic_and_covers_levels():
    _, held = load_tasks(Config())
    few = spread(held, 4)
    assert [t.name for t in few] == [t.name for t in spread(list(reversed(held)), 4)]
    assert {t.level for t in few} == {1, 2} and len(few) == 4
    assert spread(held, 0) == held
