"""Several verifier lanes on one GPU: they share it for correctness runs, and timing has it alone.

A reader-writer lock with writer preference. Correctness stages (compile probe, tiny, full) take it shared,
so several candidates compile and run at once; the timing stage takes it exclusive, so no other kernel
runs on the GPU while one is measured, and a waiting timing stage lets no new shared holder in ahead of it.
It lives in the trusted actor process: candidate code (in sandbox subprocesses) cannot reach or hold it.
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
        self.exclusive_s = 0.0  # time spent holding it exclusively (how much of the GPU timing took)

    @contextmanager
    def shared(self) -> Iterator[None]:
        with self._cond:
            while self._writer or self._writers_waiting:
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
                while self._writer or self._readers:
                    self._cond.wait()
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
