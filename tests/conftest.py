"""Fixtures shared across test files: one local Ray cluster per session (starting one costs ~5 s)."""
import os

import pytest


@pytest.fixture(scope="session")
def ray_session(tmp_path_factory):
    ray = pytest.importorskip("ray")
    # one DeepSpeed op build dir per session: the first rank builds, later ones reuse (a killed build's
    # lock file in a shared dir would hang every later run)
    os.environ.setdefault("TORCH_EXTENSIONS_DIR", str(tmp_path_factory.mktemp("torch_ext")))
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    started = not ray.is_initialized()
    if started:
        # logical CPUs: rollout, learner and verifier actors coexist on a 2-core machine, as in `tritonrl train`
        ray.init(address="local", num_cpus=8, include_dashboard=False, log_to_driver=False, logging_level="WARNING")
    yield ray
    if started:
        ray.shutdown()
