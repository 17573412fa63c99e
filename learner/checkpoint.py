"""Save / resume the learner: DeepSpeed engine state + step counter + per-rank RNG.

Layout under `root`:  step_000012/ (DeepSpeed tag dir, with COMPLETE written last) and `latest` (a tag
name, replaced atomically). A save interrupted before COMPLETE never becomes latest; resume skips it.
`root` must be storage every rank can see (shared disk on a multi-node cluster).
"""
from __future__ import annotations

import os
import random
import re

import torch
import torch.distributed as dist

COMPLETE = "COMPLETE"
LATEST = "latest"
_TAG = re.compile(r"^step_(\d+)$")


def tag_for(step: int) -> str:
    return f"step_{step:06d}"


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


def save(engine, root: str, step: int, rank: int) -> str:
    """Collective: every rank calls it. Returns the tag directory."""
    tag = tag_for(step)
    os.makedirs(root, exist_ok=True)
    # save_latest=False: DeepSpeed's own `latest` would be written before we know every rank finished
    engine.save_checkpoint(root, tag=tag, client_state={"step": step}, save_latest=False)
    torch.save(_rng_state(), os.path.join(root, tag, f"rng_rank{rank}.pt"))
    _barrier()  # every rank's shards and RNG are on disk
    if rank == 0:
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


def latest_complete(root: str) -> str | None:
    """The newest tag with a COMPLETE marker (the `latest` pointer if it is complete, else a scan)."""
    if not os.path.isdir(root):
        return None
    pointer = os.path.join(root, LATEST)
    if os.path.isfile(pointer):
        tag = open(pointer).read().strip()
        if os.path.isfile(os.path.join(root, tag, COMPLETE)):
            return tag
    done = [(int(m.group(1)), d) for d in os.listdir(root) if (m := _TAG.match(d))
            and os.path.isfile(os.path.join(root, d, COMPLETE))]
    return max(done)[1] if done else None


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
