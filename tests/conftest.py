"""Fixtures shared across test files: one local Ray cluster per session (starting one costs ~5 s), and the CPU
verifiers the verifier tests use (session-scoped, as training reuses its warm workers across candidates: starting
one costs ~15 s on 2 cores, and a worker a candidate left unclean is replaced by the verifier itself)."""
import os

import pytest

# The slowest files first (CI of 7291933, 2026-11-28): `make test` runs two xdist processes that take whole files
# in collection order (--dist loadfile --no-loadscope-reorder), so these start at once and the rest fill in
# around them; in alphabetical order the e2e train run started 20 minutes in and ran alone at the end.
SLOW_FIRST = ("test_train_e2e.py", "test_learner.py", "test_rollout_engines.py", "test_pool.py", "test_corpus.py",
              "test_specialisation_reach.py", "test_funnel.py", "test_cli_verify.py")


def pytest_collection_modifyitems(config, items):
    rank = {name: i for i, name in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # stable: each file's tests stay together


@pytest.fixture(scope="session")
def ray_session():
    ray = pytest.importorskip("ray")
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    started = not ray.is_initialized()
    if started:
        # logical CPUs: rollout, learner and verifier actors coexist on a 2-core machine, as in `tritonrl train`
        ray.init(address="local", num_cpus=8, include_dashboard=False, log_to_driver=False, logging_level="WARNING")
    yield ray
    if started:
        ray.shutdown()


# ---------------------------------------------------------------- CPU verifiers (one of each per session)
# Verifier is imported inside each fixture: collecting tests must not start torch for files that need none.

@pytest.fixture(scope="session")
def verifier():
    """The whole funnel on the CPU (static stage first), fresh seeds per verification."""
    from tritonrl.config import ExtensionsConfig, VerifierConfig
    from tritonrl.verifier_workers.funnel.verifier import Verifier

    v = Verifier(VerifierConfig(seed_entropy=True), ExtensionsConfig(), device="cpu")
    yield v
    v.close()


@pytest.fixture(scope="session")
def unchecked():
    """Static stage off: the run time alone must catch what these candidates try."""
    from tritonrl.config import ExtensionsConfig, VerifierConfig
    from tritonrl.verifier_workers.funnel.verifier import Verifier

    v = Verifier(VerifierConfig(stages=["compile", "tiny", "full"], seed_entropy=True), ExtensionsConfig(),
                 device="cpu")
    yield v
    v.close()


@pytest.fixture(scope="session")
def runtime_only():
    """Tiny and full stages only: what an interpreted launch does is judged at run time, not by static rules."""
    from tritonrl.config import ExtensionsConfig, VerifierConfig
    from tritonrl.verifier_workers.funnel.verifier import Verifier

    v = Verifier(VerifierConfig(stages=["tiny", "full"], seed_entropy=True), ExtensionsConfig(), device="cpu")
    yield v
    v.close()


@pytest.fixture(scope="module")
def seeded_verifier():
    """Reproducible seeds: a statistical shortcut escapes a draw now and then (the heterogeneous variant's
    offsets can put the first row near the mean); with these seeds the variant's rows differ."""
    from tritonrl.config import ExtensionsConfig, VerifierConfig
    from tritonrl.verifier_workers.funnel.verifier import Verifier

    v = Verifier(VerifierConfig(seed_entropy=False, base_seed=1234), ExtensionsConfig(), device="cpu")
    yield v
    v.close()
