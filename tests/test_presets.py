"""Presets fit the hardware (issue 22): the laptop preset warns, in one logging line naming preset=gpu1 and
preset=gpu, where CUDA GPUs are visible; the README's table names each preset once per hardware row."""
from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest
from hydra import compose, initialize_config_module
from hydra.core.hydra_config import HydraConfig

import tritonrl.train  # noqa: F401  (registers the schema node the defaults list names)
from tritonrl.presets import chosen_preset, preset_for, resolve_auto_preset, visible_cuda_gpus, warn_if_laptop_on_gpus

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def dev(tmp_path):
    for name in ("nvidia0", "nvidia1", "nvidia2", "nvidiactl", "nvidia-uvm", "null"):
        (tmp_path / name).touch()
    return str(tmp_path)


@pytest.mark.parametrize("visible, expected", [(None, 3), ("0", 1), ("0,2", 2), ("", 0), ("-1", 0),
                                                ("0,1,2,3,4", 3), ("GPU-5f0c,GPU-77aa", 2)])
def test_visible_gpus_count_device_files_and_cuda_visible_devices(dev, visible, expected):
    env = {} if visible is None else {"CUDA_VISIBLE_DEVICES": visible}
    assert visible_cuda_gpus(dev, env) == expected


def test_no_device_files_no_gpus(tmp_path):
    assert visible_cuda_gpus(str(tmp_path), {}) == 0
    assert visible_cuda_gpus(str(tmp_path / "missing"), {}) == 0


def test_laptop_preset_on_gpus_logs_one_warning_line(caplog):
    with caplog.at_level(logging.WARNING, logger="tritonrl"):
        warn_if_laptop_on_gpus("laptop", gpus=8)
    (record,) = caplog.records
    assert record.levelno == logging.WARNING and record.name == "tritonrl.presets"
    message = record.getMessage()
    assert "\n" not in message and "preset=gpu1" in message and "preset=gpu " in message and "8" in message


@pytest.mark.parametrize("preset, gpus", [("laptop", 0), ("gpu1", 1), ("gpu", 8), (None, 2)])
def test_no_warning_where_the_preset_fits(caplog, preset, gpus):
    with caplog.at_level(logging.WARNING, logger="tritonrl"):
        assert warn_if_laptop_on_gpus(preset, gpus=gpus) is None
    assert not caplog.records


@pytest.mark.parametrize("overrides, expected", [([], "laptop"), (["preset=gpu1"], "gpu1")])
def test_chosen_preset_reads_hydras_choice(overrides, expected):
    assert chosen_preset() is None  # outside a Hydra app
    with initialize_config_module("tritonrl.conf", version_base=None):
        cfg = compose("config", overrides=overrides, return_hydra_config=True)
        HydraConfig.instance().set_config(cfg)
        try:
            assert chosen_preset() == expected
        finally:
            HydraConfig.instance().cfg = None


def test_readme_table_maps_hardware_to_presets():
    readme = (ROOT / "README.md").read_text()
    rows = [line for line in readme.splitlines() if re.match(r"\|.*\| `preset=", line)]
    presets = [re.search(r"`preset=(\w+)", row).group(1) for row in rows]
    assert presets == ["laptop", "gpu1", "gpu"], rows
    assert "CPU" in rows[0] and "one GPU" in rows[1] and "GPUs" in rows[2]


@pytest.mark.parametrize("gpus, preset", [(0, "laptop"), (1, "gpu1"), (2, "gpu1"), (3, "gpu")])
def test_auto_picks_the_preset_of_the_readme_table(dev, gpus, preset):
    env = {"CUDA_VISIBLE_DEVICES": ",".join(str(i) for i in range(gpus)) or "-1"}
    out = resolve_auto_preset(["train.rl_steps=3", "preset=auto"], env=env, dev=dev)  # the fake /dev has 3
    assert out == ["train.rl_steps=3", f"preset={preset}"]
    assert preset_for(gpus) == preset == preset_for(gpus if gpus < 3 else 8)


def test_auto_leaves_an_explicit_preset_alone(dev):
    assert resolve_auto_preset(["preset=gpu1"], env={}, dev=dev) == ["preset=gpu1"]


def test_auto_resolves_before_hydra_composes(tmp_path):
    import subprocess
    import sys

    env = {"PATH": "/usr/bin:/bin", "CUDA_VISIBLE_DEVICES": "-1", "HOME": str(tmp_path)}
    out = subprocess.run([sys.executable, "-m", "tritonrl.cli", "train", "preset=auto", "--cfg", "job",
                          "--package", "learner"], capture_output=True, text=True, timeout=120, cwd=ROOT, env=env)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "preset=auto: 0 GPU(s) on this machine -> preset=laptop" in out.stderr
