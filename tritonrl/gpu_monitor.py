"""How busy each GPU of this node is, per phase of an RL step (NVML utilisation, sampled in a thread).

NVML's utilisation is the share of the last sample period in which some kernel ran on the GPU: averaged
over a phase it says how much of that phase the GPU worked, whatever role (vLLM, learner, verifier) ran.
"""
from __future__ import annotations

import threading


class GPUMonitor:
    def __init__(self, period_s: float = 0.05):
        import pynvml  # nvidia-ml-py

        pynvml.nvmlInit()
        self._nvml = pynvml
        self._handles = [pynvml.nvmlDeviceGetHandleByIndex(i) for i in range(pynvml.nvmlDeviceGetCount())]
        self._sums = [0.0] * len(self._handles)
        self._n = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._period = period_s
        self._thread = threading.Thread(target=self._run, daemon=True, name="gpu-monitor")
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self._period):
            util = [self._nvml.nvmlDeviceGetUtilizationRates(h).gpu / 100.0 for h in self._handles]
            with self._lock:
                self._sums = [s + u for s, u in zip(self._sums, util)]
                self._n += 1

    def mark(self) -> list[float]:
        """Mean busy fraction of each GPU since the previous mark (NaN if no sample fell in between)."""
        with self._lock:
            out = [s / self._n if self._n else float("nan") for s in self._sums]
            self._sums, self._n = [0.0] * len(self._handles), 0
        return out

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=1.0)


def start_monitor(device: str) -> GPUMonitor | None:
    """A monitor on a GPU node; None on a CPU or where NVML is missing (the metrics are then absent)."""
    if device != "cuda":
        return None
    try:
        return GPUMonitor()
    except Exception:  # no pynvml, or no driver access: busy fractions are a nicety, not a requirement
        return None


def phase_metrics(monitor: GPUMonitor | None, phase: str, seconds: float) -> dict[str, float]:
    """{gpu/busy_{phase}_gpu{i}: fraction} for the phase that just ended, plus its GPU-seconds busy."""
    if monitor is None:
        return {}
    busy = monitor.mark()
    out = {f"gpu/busy_{phase}_gpu{i}": b for i, b in enumerate(busy)}
    out[f"gpu/busy_s_{phase}"] = sum(b * seconds for b in busy if b == b)
    return out

