"""Several verifier lanes on one GPU: they share it for correctness runs, and timing has it alone.

A reader-writer lock with writer preference. Correctness stages (compile probe, tiny, full) take it shared,
so several candidates compile and run at once; the timing stage takes it exclusive, so no other kernel
runs on the GPU while one is measured, and a waiting timing stage lets no new shared holder in ahead of it.
It lives in the trusted actor process: candidate code (in sandbox subprocesses) cannot reach or hold it.

`hold(seconds)` keeps timing out while another role (the learner, on a GPU shared through Ray's fractional
GPUs) runs kernels there: correctness stages go on meanwhile, and a waiting timing stage does not hold them
back. The hold lapses by itself, so a caller that dies cannot freeze the verifier.
"""
from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from typing import Iterator


class GPUShareLock:
    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._readers = 0
        self._writer = False
        self._writers_waiting = 0
        self._held_until = 0.0  # monotonic deadline of the current hold; 0: none
        self.exclusive_s = 0.0  # time spent holding it exclusively (how much of the GPU timing took)

    def hold(self, seconds: float) -> None:
        """Keep exclusive holders out for up to `seconds` from now; 0 lifts the hold."""
        with self._cond:
            self._held_until = time.monotonic() + seconds if seconds > 0 else 0.0
            self._cond.notify_all()

    def _held(self) -> float:
        """Seconds left of the hold (0 when none)."""
        return max(0.0, self._held_until - time.monotonic())

    @contextmanager
    def shared(self) -> Iterator[None]:
        with self._cond:
            while self._writer or (self._writers_waiting and not self._held()):
                self._cond.wait()
            self._readers += 1
        try:
            yield
        finally:
            with self._cond:
                self._readers -= 1
                if self._readers == 0:
                    self._cond.notify_all()

    @contextmanager
    def exclusive(self) -> Iterator[None]:
        with self._cond:
            self._writers_waiting += 1
            try:
                while self._writer or self._readers or self._held():
                    self._cond.wait(timeout=self._held() or None)
            finally:
                self._writers_waiting -= 1
            self._writer = True
        t = time.perf_counter()
        try:
            yield
        finally:
            with self._cond:
                self.exclusive_s += time.perf_counter() - t
                self._writer = False
                self._cond.notify_all()
