"""Attach to a Ray cluster (the `ray job submit` case) or start a local one.

Address resolution: `cfg.address`, else `$RAY_ADDRESS` (which Ray sets for `ray job submit` entrypoints),
else a fresh local cluster. Ray's own connect retries for minutes when an address is dead, so a plain
TCP probe with a short deadline runs first and turns that into a one-line error.
"""
from __future__ import annotations

import ipaddress
import logging
import os
import socket
from urllib.parse import urlsplit

import ray

from tritonrl.config import RayConfig

CONNECT_TIMEOUT_S = 5.0
# Ray's connect to a GCS that answers gives up after ~30 s; a head busy on a loaded machine (CI's two test
# processes, an e2e run beside a `ray start --head`: 2026-11-28) can take longer, so once more before failing
CONNECT_ATTEMPTS = 2
log = logging.getLogger(__name__)


class ClusterUnreachable(ConnectionError):
    """An address was given but no Ray cluster answers there."""


def _split_host_port(address: str) -> tuple[str, int] | None:
    """host:port of a GCS (`host:6379`) or Ray Client (`ray://host:10001`) address; None for `auto`/`local`."""
    if address in ("auto", "local"):
        return None
    parts = urlsplit(address if "://" in address else f"gcs://{address}")
    if parts.scheme in ("http", "https"):
        raise ValueError(f"ray address {address!r} is a dashboard/job URL; give the GCS address (host:6379, "
                         "see `ray status`) or a Ray Client address (ray://host:10001)")
    if parts.scheme not in ("gcs", "ray") or not parts.hostname or parts.port is None:
        raise ValueError(f"ray address {address!r} is not host:port, ray://host:port, 'auto' or 'local'")
    return parts.hostname, parts.port


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _probe(host: str, port: int, timeout_s: float) -> None:
    try:
        with socket.create_connection((host, port), timeout=timeout_s):
            pass
    except OSError as e:
        raise ClusterUnreachable(
            f"no Ray cluster reachable at {host}:{port} ({e.strerror or type(e).__name__}, waited <= {timeout_s:g} s); "
            "start one with `ray start --head` or unset ray.address / RAY_ADDRESS for a local cluster") from None


def _loopback_only() -> None:
    """Keep Ray on 127.0.0.1. Ray otherwise binds to (and, as a driver, resolves 127.0.0.1 to) the
    external address, so attaching to a loopback cluster hangs. The constant is read at import, hence
    the env var for child processes and the module attribute for this one."""
    os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
    try:
        from ray._private import ray_constants

        ray_constants.ENABLE_RAY_CLUSTER = False
    except (ImportError, AttributeError):  # a Ray without this switch binds where it likes
        pass


def cluster_summary() -> dict:
    """Address, CPUs, GPUs and live nodes of the connected cluster (keys also as Ray names them: CPU, GPU)."""
    res = ray.cluster_resources()
    cpus, gpus = float(res.get("CPU", 0)), float(res.get("GPU", 0))
    try:
        address = ray.get_runtime_context().gcs_address
    except AttributeError:
        address = ""
    return {"address": address, "cpus": cpus, "gpus": gpus, "CPU": cpus, "GPU": gpus,
            "nodes": sum(1 for n in ray.nodes() if n.get("Alive"))}


LOCAL_MIN_LOGICAL_CPUS = 8


def ensure_ray(cfg: RayConfig | None = None, connect_timeout_s: float = CONNECT_TIMEOUT_S) -> dict:
    """Connect this process to Ray (once) and return `cluster_summary()`."""
    if ray.is_initialized():
        return cluster_summary()
    cfg = cfg or RayConfig()
    address = (cfg.address or os.environ.get("RAY_ADDRESS", "")).strip()
    hostport = _split_host_port(address) if address else None
    if hostport is not None:
        host, port = hostport
        _probe(host, port, connect_timeout_s)
        if _is_loopback(host):
            _loopback_only()
        for attempt in range(CONNECT_ATTEMPTS):
            try:
                ray.init(address=address, logging_level="WARNING")
                break
            except ConnectionError as e:  # the port answers but no Ray GCS does (Ray gives up after ~30 s)
                if attempt + 1 == CONNECT_ATTEMPTS:
                    raise ClusterUnreachable(f"ray address {address!r}: {str(e).splitlines()[0]}") from None
                log.warning("ray address %r: no answer yet (%s); trying again", address, str(e).splitlines()[0])
    elif address == "auto":
        try:
            ray.init(address="auto", logging_level="WARNING")
        except ConnectionError as e:
            raise ClusterUnreachable(f"ray address 'auto': {str(e).splitlines()[0]}") from None
    else:
        # A fresh single-node cluster ("local": never a `ray start` cluster Ray finds in /tmp/ray), on
        # loopback only, where token auth buys nothing (platform.md).
        os.environ.setdefault("RAY_AUTH_MODE", "disabled")
        _loopback_only()
        if cfg.lease_one_gpu:
            from tritonrl.gpu_lease import lease_one_gpu

            lease_one_gpu(runs_per_gpu=cfg.runs_per_gpu, stagger_s=cfg.lease_stagger_s)
        # Logical CPUs, not cores: rollout, learner and verifier actors take turns within a step, so a
        # laptop-class machine must still be able to place all of them at once.
        num_cpus = cfg.num_cpus or max(os.cpu_count() or 1, LOCAL_MIN_LOGICAL_CPUS)
        ray.init(address="local", num_cpus=num_cpus, include_dashboard=False, logging_level="WARNING")
    return cluster_summary()


def cluster_has_gpus() -> bool:
    """True when the connected cluster (started by `ensure_ray` if needed) offers any GPU."""
    return ensure_ray()["gpus"] > 0


def free_port() -> int:
    """A TCP port that is free on this node now (for a rendezvous that starts right after)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("", 0))
        return s.getsockname()[1]
