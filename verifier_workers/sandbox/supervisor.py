"""Supervisor side of a sandbox worker process.

A `Sandbox` owns one worker (`sandbox_main.py`) started in its own session with a scrubbed environment,
a private temp dir as cwd/HOME/TMPDIR/Triton cache, and capped output. Each `call` runs one harness op
under a wall-clock deadline while the supervisor watches the worker's memory. A worker that times out,
crashes, exits, exceeds memory or sends garbage is killed with its whole process group (and any
children that escaped it) and replaced on the next call; the caller gets a `SandboxError`, never a hang.
"""
from __future__ import annotations

import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

import psutil
import torch

from tritonrl.config import SandboxConfig
from tritonrl.verifier_workers.sandbox.protocol import PeerClosed, ProtocolError, read_frame, write_frame

# Only these variables reach a worker: no tokens, cloud credentials, Ray or MLflow addresses.
TOKEN_VAR = "TRITONRL_SANDBOX_TOKEN"
_ENV_ALLOW = ("PATH", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "PYTHONPATH", "LD_LIBRARY_PATH", "CUDA_HOME",
              "CUDA_PATH", "TRITON_PTXAS_PATH", "TRITON_CUOBJDUMP_PATH", "TRITON_NVDISASM_PATH",
              "TRITON_LIBCUDA_PATH", "TRITONRL_SANDBOX_THREADS")


class SandboxError(Exception):
    """The worker died or was killed. `kind`: start | timeout | crash | memory | exit | protocol."""

    def __init__(self, kind: str, detail: str, log_tail: str = ""):
        super().__init__(f"{kind}: {detail}")
        self.kind, self.detail, self.log_tail = kind, detail, log_tail


TMP_PREFIX = "tritonrl-sandbox-"  # + "<supervisor pid>-<role>-<random>" under the temp dir
_swept = False


def sweep_stale_dirs(tmp_root: str | None = None) -> list[str]:
    """Delete sandbox temp dirs whose supervisor process is gone (a supervisor killed with SIGKILL, as Ray
    kills an actor, cannot clean up after itself). Returns what it deleted. A reused pid keeps a stale dir
    for a while; a live supervisor's dir is never touched."""
    root = tmp_root or tempfile.gettempdir()
    gone = []
    try:
        names = [n for n in os.listdir(root) if n.startswith(TMP_PREFIX)]
    except OSError:
        return gone
    for name in names:
        pid = name[len(TMP_PREFIX):].split("-", 1)[0]
        if pid.isdigit() and not psutil.pid_exists(int(pid)):
            shutil.rmtree(os.path.join(root, name), ignore_errors=True)
            gone.append(name)
    return gone


def _signal_name(returncode: int) -> str:
    try:
        return signal.Signals(-returncode).name
    except ValueError:
        return f"signal {-returncode}"


class Sandbox:
    def __init__(self, role: str, device: str, cfg: SandboxConfig | None = None, interpret: bool = False,
                 gpu: int | None = None):
        self.role, self.device, self.interpret, self.gpu = role, device, interpret, gpu
        self.cfg = cfg or SandboxConfig()
        self._proc: subprocess.Popen | None = None
        self._tmp: str | None = None
        self._to_child = self._from_child = -1
        self._lock = threading.RLock()
        self.starts = 0  # how many processes this sandbox has started (a reuse metric)
        self.exit_grace_s = 10.0  # how long a worker that closed its reply pipe has to exit
        # inherited by everything the worker starts, wherever it is reparented (a setsid double fork ends up
        # under init, outside the process group and the worker's descendants): how strays are found
        self.token = secrets.token_hex(12)
        self.netns, self.landlock_abi = False, 0  # what the running worker's confinement achieved

    # ----------------------------------------------------------------- lifecycle
    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc else None

    @property
    def alive(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def _env(self) -> dict[str, str]:
        env = {k: os.environ[k] for k in _ENV_ALLOW if k in os.environ}
        env.update(HOME=self._tmp, TMPDIR=self._tmp, TRITON_CACHE_DIR=os.path.join(self._tmp, "triton"),
                   PYTHONDONTWRITEBYTECODE="1", PYTHONUNBUFFERED="1", PYTHONHASHSEED=str(secrets.randbelow(2**31)))
        env[TOKEN_VAR] = self.token
        if self.interpret:
            env["TRITON_INTERPRET"] = "1"
        if self.device == "cuda":
            visible = os.environ.get("CUDA_VISIBLE_DEVICES")
            if self.gpu is not None:
                ids = visible.split(",") if visible else [str(i) for i in range(torch.cuda.device_count() or 1)]
                env["CUDA_VISIBLE_DEVICES"] = ids[self.gpu]
            elif visible is not None:
                env["CUDA_VISIBLE_DEVICES"] = visible.split(",")[0]
        else:
            env["CUDA_VISIBLE_DEVICES"] = ""
        return env

    def start(self) -> None:
        with self._lock:
            if self.alive:
                return
            self._cleanup()
            global _swept
            if not _swept:  # once per supervisor process
                _swept = True
                sweep_stale_dirs()
            # the supervisor's pid in the name: sweep_stale_dirs finds what a killed supervisor left
            self._tmp = tempfile.mkdtemp(prefix=f"{TMP_PREFIX}{os.getpid()}-{self.role}-")
            to_child_r, to_child_w = os.pipe()
            from_child_r, from_child_w = os.pipe()
            log = open(os.path.join(self._tmp, "worker.log"), "wb")
            cmd = [sys.executable, "-m", "tritonrl.verifier_workers.sandbox.worker.main",
                   "--fd-in", str(to_child_r), "--fd-out", str(from_child_w), "--device", self.device,
                   "--role", self.role, "--max-output-mb", str(self.cfg.max_output_mb),
                   "--gpu-memory-fraction", str(self.cfg.gpu_memory_fraction if self.device == "cuda" else 0),
                   "--isolate-network", str(int(self.cfg.isolate_network)),
                   "--landlock", str(int(self.cfg.landlock))]
            try:
                self._proc = subprocess.Popen(cmd, pass_fds=(to_child_r, from_child_w), stdin=subprocess.DEVNULL,
                                              stdout=log, stderr=subprocess.STDOUT, cwd=self._tmp, env=self._env(),
                                              start_new_session=True)
            finally:
                log.close()
                os.close(to_child_r)
                os.close(from_child_w)
            self._to_child, self._from_child = to_child_w, from_child_r
            self.starts += 1
            try:
                header, _ = self._read(self.cfg.startup_timeout_s)
            except SandboxError as e:
                raise SandboxError("start", f"worker failed to start ({e.detail})", e.log_tail) from None
            if header.get("op") != "ready":
                self.kill()
                raise SandboxError("start", f"unexpected first message {header!r:.200}")
            self.netns = bool(header.get("netns"))
            self.landlock_abi = int(header.get("landlock") or 0)  # 0: the kernel could not confine it

    def call(self, op: str, args: dict | None = None, tensors: dict[str, torch.Tensor] | None = None,
             timeout: float = 60.0) -> tuple[dict, dict[str, torch.Tensor]]:
        with self._lock:
            self.start()
            try:
                write_frame(self._to_child, {"op": op, "args": args or {}}, tensors)
            except (BrokenPipeError, OSError) as e:
                raise self._die("exit", f"worker gone before {op}: {e}") from None
            return self._read(timeout)

    def ensure_clean(self) -> bool:
        """Restart the worker unless it is alive, unmodified and alone. Returns True if it restarted."""
        with self._lock:
            if not self.alive:
                return False
            clean = False
            try:
                reply, _ = self.call("integrity", timeout=30.0)
                clean = bool(reply.get("ok") and reply.get("clean"))
                clean = clean and not psutil.Process(self._proc.pid).children(recursive=True) and not self.strays()
            except (SandboxError, psutil.Error):
                clean = False
            if clean and self.cfg.reuse_after_clean_run:
                return False
            self.restart()
            return True

    def restart(self) -> None:
        with self._lock:
            self.kill()
            self.start()

    def close(self) -> None:
        with self._lock:
            if self.alive:
                try:
                    write_frame(self._to_child, {"op": "shutdown"})
                    self._proc.wait(timeout=5)
                except Exception:
                    pass
            self.kill()

    def __del__(self):
        try:
            self.kill()
        except Exception:
            pass

    # ----------------------------------------------------------------- internals
    def _read(self, timeout: float) -> tuple[dict, dict[str, torch.Tensor]]:
        limit = self.cfg.memory_mb * 1024 * 1024

        def watch():
            if self._proc.poll() is not None:
                raise PeerClosed
            try:
                proc = psutil.Process(self._proc.pid)
                rss = proc.memory_info().rss + sum(c.memory_info().rss for c in proc.children(recursive=True))
            except psutil.Error:
                return
            if rss > limit:
                raise MemoryError(rss)

        try:
            return read_frame(self._from_child, deadline=time.monotonic() + timeout, on_wait=watch)
        except TimeoutError:
            raise self._die("timeout", f"no answer within {timeout:.0f} s") from None
        except MemoryError as e:
            raise self._die("memory", f"resident memory {e.args[0] >> 20} MiB over the {self.cfg.memory_mb} MiB limit") from None
        except ProtocolError as e:
            raise self._die("protocol", str(e)) from None
        except PeerClosed:
            try:
                code = self._proc.wait(timeout=self.exit_grace_s) if self._proc else None
            except subprocess.TimeoutExpired:  # it closed (or dup2'd over) its reply pipe but lives on
                # (the verdict shows the detail's last word: "crash (reply_channel_closed) in stage ...")
                raise self._die("crash", "worker lived on with its reply channel closed: reply_channel_closed") from None
            if code is not None and code < 0:
                raise self._die("crash", f"worker killed by {_signal_name(code)}") from None
            raise self._die("exit", f"worker exited with status {code}") from None

    def _die(self, kind: str, detail: str) -> SandboxError:
        tail = self.log_tail()
        self.kill()
        return SandboxError(kind, detail, tail)

    def log_tail(self, n: int = 2000) -> str:
        try:
            with open(os.path.join(self._tmp, "worker.log"), "rb") as f:
                f.seek(0, os.SEEK_END)
                f.seek(max(0, f.tell() - n))
                return f.read().decode(errors="replace")
        except (OSError, TypeError):
            return ""

    def strays(self) -> list[psutil.Process]:
        """Processes this sandbox's workers started that still run, wherever they were reparented (found by
        the token in their environment; the current worker itself excluded)."""
        out = []
        for p in psutil.process_iter(["environ"]):
            env = p.info.get("environ") or {}
            if env.get(TOKEN_VAR) == self.token and p.pid != self.pid:
                out.append(p)
        return out

    def kill(self) -> None:
        """Kill the worker, its process group, any descendants that left the group and any strays."""
        proc, self._proc = self._proc, None
        stray = []
        if proc is not None:
            try:
                stray = psutil.Process(proc.pid).children(recursive=True)
            except psutil.Error:
                pass
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        for p in stray + self.strays():
            try:
                p.kill()
            except psutil.Error:
                pass
        if proc is not None:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        self._cleanup()

    def _cleanup(self) -> None:
        for fd in (self._to_child, self._from_child):
            if fd >= 0:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._to_child = self._from_child = -1
        if self._tmp:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None
