"""Save / resume the learner: DeepSpeed engine state + step counter + per-rank RNG.

Layout under `root` (tritonrl/resume.py): step_000012/ (DeepSpeed tag dir, the driver's trainer_state.json,
COMPLETE written last) and `latest` (a tag name, replaced atomically). A save interrupted before COMPLETE never becomes latest; resume skips it.
`root` must be storage every rank can see (shared disk on a multi-node cluster).
"""
from __future__ import annotations

import json
import os
import random

import torch
import torch.distributed as dist

from tritonrl.resume import COMPLETE, LATEST, STATE_FILE, latest_complete, tag_for

__all__ = ["COMPLETE", "LATEST", "latest_complete", "load", "save", "tag_for"]


def _rng_state() -> dict:
    state = {"python": random.getstate(), "torch": torch.get_rng_state()}
    try:
        import numpy as np

        state["numpy"] = np.random.get_state()
    except ImportError:
        pass
    if torch.cuda.is_available():
        state["cuda"] = torch.cuda.get_rng_state()
    return state


def _set_rng_state(state: dict) -> None:
    random.setstate(state["python"])
    torch.set_rng_state(state["torch"])
    if "numpy" in state:
        import numpy as np

        np.random.set_state(state["numpy"])
    if "cuda" in state and torch.cuda.is_available():
        torch.cuda.set_rng_state(state["cuda"])


def _barrier() -> None:
    if dist.is_available() and dist.is_initialized():
        dist.barrier()


def save(engine, root: str, step: int, rank: int, state: dict | None = None) -> str:
    """Collective: every rank calls it. `state`: the driver's JSON-able state (curriculum, ...), written by
    rank 0 as trainer_state.json before COMPLETE. Returns the tag directory."""
    tag = tag_for(step)
    os.makedirs(root, exist_ok=True)
    # save_latest=False: DeepSpeed's own `latest` would be written before we know every rank finished
    engine.save_checkpoint(root, tag=tag, client_state={"step": step}, save_latest=False)
    torch.save(_rng_state(), os.path.join(root, tag, f"rng_rank{rank}.pt"))
    _barrier()  # every rank's shards and RNG are on disk
    if rank == 0:
        with open(os.path.join(root, tag, STATE_FILE), "w") as f:
            json.dump({"step": step, **(state or {})}, f)
        with open(os.path.join(root, tag, COMPLETE), "w") as f:
            f.write(f"{step}\n")
        tmp = os.path.join(root, f".{LATEST}.tmp")
        with open(tmp, "w") as f:
            f.write(tag)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, os.path.join(root, LATEST))
    _barrier()
    return os.path.join(root, tag)


def load(engine, root: str, rank: int) -> int:
    """Collective: restores the newest complete checkpoint; returns its step, or 0 when there is none."""
    tag = latest_complete(root)
    if tag is None:
        return 0
    path, client = engine.load_checkpoint(root, tag=tag, load_optimizer_states=True, load_lr_scheduler_states=True)
    if path is None:
        raise RuntimeError(f"DeepSpeed could not load checkpoint {os.path.join(root, tag)}")
    rng = os.path.join(root, tag, f"rng_rank{rank}.pt")
    if os.path.isfile(rng):  # a resume on a different world size keeps fresh RNG on the new ranks
        _set_rng_state(torch.load(rng, weights_only=False))
    return int(client.get("step", 0))
