"""Where checkpoints are and which one a run continues from (`learner.resume`). Torch-free: `tritonrl train`
checks `learner.resume` with it right after the config is composed, before Ray starts.

Layout of a checkpoint root (learner/checkpoint.py writes it): `step_000012/` (DeepSpeed tag dir, with the
driver's `trainer_state.json` and, written last, `COMPLETE`) and `latest` (a tag name, replaced atomically).
A run's root is `<hydra run dir>/checkpoints`.

learner.resume:
  ""/false  a fresh run;
  true      continue from learner.checkpoint_dir's newest complete checkpoint, or start fresh when it holds
            none (a restarted job resumes itself: set checkpoint_dir to storage that outlives the job);
  <path>    a run directory (its `checkpoints/`) or a checkpoint root: continue from its newest complete
            checkpoint; the path must exist and hold one.
"""
from __future__ import annotations

import json
import os
import re

from tritonrl.config import Config, ConfigError

COMPLETE = "COMPLETE"
LATEST = "latest"
STATE_FILE = "trainer_state.json"  # the driver's state (step, curriculum sampler), next to the learner's
CHECKPOINTS = "checkpoints"  # under a run directory
TAG_RE = re.compile(r"^step_(\d+)$")
TRUE = ("true", "yes", "on", "1")
FALSE = ("", "false", "no", "off", "0")


def tag_for(step: int) -> str:
    return f"step_{step:06d}"


def latest_complete(root: str) -> str | None:
    """The newest tag with a COMPLETE marker (the `latest` pointer if it is complete, else a scan)."""
    if not os.path.isdir(root):
        return None
    pointer = os.path.join(root, LATEST)
    if os.path.isfile(pointer):
        with open(pointer) as f:
            tag = f.read().strip()
        if tag and os.path.isfile(os.path.join(root, tag, COMPLETE)):
            return tag
    done = [(int(m.group(1)), d) for d in os.listdir(root) if (m := TAG_RE.match(d))
            and os.path.isfile(os.path.join(root, d, COMPLETE))]
    return max(done)[1] if done else None


def read_state(root: str) -> dict:
    """The driver state saved with the newest complete checkpoint under `root` ({} when none or absent)."""
    tag = latest_complete(root)
    path = os.path.join(root, tag, STATE_FILE) if tag else ""
    if not tag or not os.path.isfile(path):
        return {}
    with open(path) as f:
        return json.load(f)


def resume_root(cfg: Config) -> str | None:
    """The checkpoint root this run continues from; None: a fresh run. Raises ConfigError (one line) for a
    learner.resume that names nothing to resume."""
    value = str(cfg.learner.resume).strip()
    if value.lower() in FALSE:
        return None
    if value.lower() in TRUE:
        if not cfg.learner.checkpoint_dir:
            raise ConfigError("learner.resume=true needs learner.checkpoint_dir; or give the run to continue: "
                              "learner.resume=<run dir>")
        root = cfg.learner.checkpoint_dir
        return root if latest_complete(root) else None
    path = os.path.abspath(os.path.expanduser(value))
    if not os.path.isdir(path):
        raise ConfigError(f"learner.resume={value!r}: no such directory (give a run directory, "
                          f"e.g. runs/<date_time>, or true with learner.checkpoint_dir)")
    for root in (os.path.join(path, CHECKPOINTS), path):
        if latest_complete(root):
            return root
    raise ConfigError(f"learner.resume={value!r}: no complete checkpoint in {os.path.join(path, CHECKPOINTS)} "
                      f"(a run saves one at each train.eval_every and at its end)")
