"""Entry point of a sandbox worker process: the only place generated code runs.

Started by `sandbox.Sandbox` in its own session, with a scrubbed environment and a private temp dir.
It locks itself down (core dumps off, output size capped, dies with its parent, no network where the OS
allows), imports torch (and initialises CUDA) once, confines itself with Landlock (landlock.py: no writes
outside its temp dir, no TCP, no signals to processes outside it), then serves requests: `op` names map to
`harness.HANDLERS`. A handler that raises (even SystemExit) yields an error reply; the process lives on.
"""
from __future__ import annotations

import argparse
import ctypes
import gc
import os
import resource
import signal
import sys
import threading
import traceback

_PR_SET_PDEATHSIG = 1
_CLONE_NEWNET = 0x40000000


def _lock_down(max_output_mb: int, isolate_network: bool) -> bool:
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    cap = max_output_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_FSIZE, (cap, cap))
    # A file past the cap raises instead of killing us with SIGXFSZ.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() == 1:  # the supervisor died before prctl took effect
        os._exit(1)
    # A new, empty network namespace where permitted (root or user namespaces); elsewhere the static
    # checks' ban on network modules is the only guard.
    return bool(isolate_network and libc.unshare(_CLONE_NEWNET) == 0)


def _snapshot(objs) -> dict[tuple[str, str], int]:
    # ids of the objects' own namespace entries (vars(), not getattr: bound methods are fresh each time)
    snap = {}
    for obj in objs:
        label = getattr(obj, "__name__", repr(obj))
        try:
            namespace = dict(vars(obj))
        except TypeError:
            continue
        for name, value in namespace.items():
            snap[(label, name)] = id(value)
    return snap


def _integrity_objects(harness):
    import builtins
    import time

    import torch
    import torch.nn.functional as F

    objs = [torch, torch.Tensor, torch._C.TensorBase, torch.nn.Module, F, torch.cuda, time, builtins, torch.autograd]
    try:
        import triton
        import triton.language as tl

        objs += [triton, tl]
    except Exception:
        pass
    return objs + list(getattr(harness, "INTEGRITY_MODULES", []))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--fd-in", type=int, required=True)
    ap.add_argument("--fd-out", type=int, required=True)
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--role", default="candidate")
    ap.add_argument("--max-output-mb", type=int, default=64)
    ap.add_argument("--gpu-memory-fraction", type=float, default=0.0)
    ap.add_argument("--isolate-network", type=int, default=1)
    ap.add_argument("--landlock", type=int, default=1)
    args = ap.parse_args()
    netns = _lock_down(args.max_output_mb, bool(args.isolate_network))

    import torch  # noqa: E402  (after lock-down, so a hostile import path gains nothing)

    from tritonrl.verifier_workers.sandbox.protocol import PeerClosed, read_frame, write_frame

    if args.device == "cuda":
        torch.cuda.init()
        torch.cuda.set_device(0)
        if args.gpu_memory_fraction > 0:
            torch.cuda.set_per_process_memory_fraction(args.gpu_memory_fraction)
            from tritonrl.verifier_workers.sandbox.worker import device_compare

            total = torch.cuda.get_device_properties(0).total_memory
            device_compare.set_memory_cap(int(args.gpu_memory_fraction * total))
    else:
        torch.set_num_threads(int(os.environ.get("TRITONRL_SANDBOX_THREADS", "1")))

    try:
        import importlib

        harness = importlib.import_module("tritonrl.verifier_workers.sandbox.worker.harness")
    except ModuleNotFoundError as e:  # a bare worker (ping/integrity only) when no harness is installed
        if not (e.name or "").endswith("harness"):
            raise
        harness = None
    handlers = dict(getattr(harness, "HANDLERS", {}))
    objs = _integrity_objects(harness)
    baseline, baseline_threads = _snapshot(objs), threading.active_count()

    state_check = getattr(harness, "INTEGRITY_CHECK", None)  # harness state changed in place (not an id)
    stale_check = getattr(harness, "STALE_CHECK", None)  # torch settings a later candidate must not inherit

    def integrity(_args, _tensors):
        now = _snapshot(objs)
        changed = sorted(f"{m}.{n}" for (m, n), i in baseline.items() if now.get((m, n), i) != i)
        changed += state_check() if state_check is not None else []
        extra_threads = threading.active_count() - baseline_threads
        stale = stale_check() if stale_check is not None else []
        return {"clean": not changed and extra_threads <= 0, "changed": changed[:20], "extra_threads": extra_threads,
                "stale": stale}, {}

    handlers["ping"] = lambda a, t: ({"pid": os.getpid(), "role": args.role, "env_keys": sorted(os.environ)}, {})
    handlers["integrity"] = integrity

    # torch, triton and the harness are loaded: move their objects out of the collector's reach, so the full
    # collection of every reset scans only what candidates made (0.24 s a reset on the CPU otherwise)
    gc.freeze()

    # Last, once torch, CUDA and the harness are loaded: from here on only the temp dir is writable.
    landlock_abi = 0
    if args.landlock:
        from tritonrl.verifier_workers.sandbox.worker import landlock

        landlock_abi = landlock.restrict([os.getcwd(), "/dev/shm"])

    write_frame(args.fd_out, {"ok": True, "op": "ready", "pid": os.getpid(), "torch": torch.__version__,
                              "cuda": args.device == "cuda", "netns": netns, "landlock": landlock_abi})
    while True:
        try:
            header, tensors = read_frame(args.fd_in)
        except PeerClosed:
            os._exit(0)
        op = header.get("op")
        if op == "shutdown":
            os._exit(0)
        handler = handlers.get(op)
        try:
            if handler is None:
                raise KeyError(f"unknown op {op!r}")
            result, out = handler(header.get("args") or {}, tensors)
            reply, out_tensors = {"ok": True, **result}, out
        except BaseException as e:  # noqa: BLE001  SystemExit/KeyboardInterrupt from candidate code too
            msg = f"{type(e).__name__}: {e}".replace("\n", " ")
            reply = {"ok": False, "error_type": type(e).__name__, "error": msg[:500],
                     "traceback": traceback.format_exc()[-4000:]}
            out_tensors = {}
        try:
            write_frame(args.fd_out, reply, out_tensors)
        except Exception as e:  # e.g. an output that safetensors cannot hold
            write_frame(args.fd_out, {"ok": False, "error_type": type(e).__name__,
                                      "error": f"cannot send result: {e}"[:500], "traceback": ""})
        try:  # candidate code may have replaced or closed sys.stdout: the loop must go on
            sys.__stdout__.flush()
        except BaseException:  # noqa: BLE001
            pass


if __name__ == "__main__":
    main()
