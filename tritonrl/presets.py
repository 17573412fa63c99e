"""Which preset fits the hardware (the README's table): `preset=laptop` on a CPU machine, `preset=gpu1` on
one GPU (learner, vLLM and verifier share it), `preset=gpu` on 3+ GPUs (whole GPUs per role); `preset=auto`
picks one of them (`resolve_auto_preset`, called by the CLI before Hydra composes).

`tritonrl train` calls `warn_if_laptop_on_gpus(chosen_preset())` once the config is valid: the laptop preset
(the default) on a machine with CUDA GPUs trains 6 layers for 2 steps, which is never what a GPU user meant,
so it logs one warning line naming the GPU presets. GPUs are counted from the device files (/dev/nvidiaN),
narrowed by CUDA_VISIBLE_DEVICES, without starting CUDA: a CUDA context in the driver process would be
inherited by forked workers.
"""
from __future__ import annotations

import logging
import os
import re

log = logging.getLogger(__name__)

DEVICE = re.compile(r"nvidia\d+")


def visible_cuda_gpus(dev: str = "/dev", env: dict | None = None) -> int:
    """CUDA GPUs this process may use: /dev/nvidiaN files, at most as many as CUDA_VISIBLE_DEVICES lists."""
    env = os.environ if env is None else env
    try:
        present = sum(1 for name in os.listdir(dev) if DEVICE.fullmatch(name))
    except OSError:
        return 0
    visible = env.get("CUDA_VISIBLE_DEVICES")
    if visible is None:
        return present
    listed = [d for d in visible.split(",") if d.strip()]
    if any(d.strip().startswith("-") for d in listed):  # "-1" hides every GPU
        return 0
    return min(present, len(listed))


def laptop_on_gpus_message(preset: str | None, gpus: int) -> str | None:
    """The warning's one line, or None when the preset fits."""
    if preset != "laptop" or gpus <= 0:
        return None
    return (f"preset=laptop on a machine with {gpus} visible CUDA GPU(s): it trains SmolLM2's top 6 layers for "
            "2 steps; use preset=gpu1 (one GPU shared by all roles) or preset=gpu (3+ GPUs, whole GPUs per role)")


def chosen_preset() -> str | None:
    """The `preset` group Hydra composed (None outside a Hydra app)."""
    from hydra.core.hydra_config import HydraConfig

    if not HydraConfig.initialized():
        return None
    return HydraConfig.get().runtime.choices.get("preset")


def warn_if_laptop_on_gpus(preset: str | None, gpus: int | None = None) -> str | None:
    """Log the warning (logging.warning, one line) when the laptop preset runs where CUDA GPUs are visible."""
    message = laptop_on_gpus_message(preset, visible_cuda_gpus() if gpus is None else gpus)
    if message:
        log.warning(message)
    return message


def preset_for(gpus: int) -> str:
    """The preset that fits `gpus` GPUs (the README's table): none -> laptop, 1-2 -> gpu1, 3+ -> gpu."""
    return "laptop" if gpus <= 0 else "gpu1" if gpus < 3 else "gpu"


def resolve_auto_preset(overrides: list[str], env: dict | None = None, dev: str = "/dev") -> list[str]:
    """Replace `preset=auto` with preset_for(the GPUs the job will get), logging the choice.

    Under `ray job submit` (RAY_ADDRESS set, or a `ray.address=` override) the GPUs are the cluster's, so the
    driver connects here (train's own connect then finds it connected); elsewhere they are this machine's
    visible CUDA GPUs, counted without starting CUDA.
    """
    if "preset=auto" not in overrides:
        return overrides
    env = os.environ if env is None else env
    address = next((o.split("=", 1)[1] for o in overrides if o.startswith("ray.address=")), "") \
        or env.get("RAY_ADDRESS", "")
    if address:
        from tritonrl.cluster import ensure_ray
        from tritonrl.config import RayConfig

        gpus, where = int(ensure_ray(RayConfig(address=address))["gpus"]), f"the Ray cluster at {address}"
    else:
        gpus, where = visible_cuda_gpus(dev, env), "this machine"
    preset = preset_for(gpus)
    log.info("preset=auto: %d GPU(s) on %s -> preset=%s", gpus, where, preset)
    return [f"preset={preset}" if o == "preset=auto" else o for o in overrides]
