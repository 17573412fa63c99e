"""A kernel task in KernelBench's format, with optional gold solution and size overrides."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Task:
    """One PyTorch reference program to be rewritten in Triton.

    `reference_src` defines `Model(nn.Module)`, module-level size constants, `get_inputs()` and
    `get_init_inputs()` (KernelBench's format). `sizes` maps a device kind ("cpu", "cuda") to
    overrides of those module-level constants, so one task is small enough for the Triton
    interpreter on a CPU and realistic on a GPU.
    """

    name: str
    level: int
    reference_src: str
    gold_src: str | None = None
    source: str = "builtin"  # builtin | kernelbench | kernelbook | file
    sizes: dict[str, dict[str, int]] = field(default_factory=dict)
    split: str = "train"  # train | heldout

    def overrides_for(self, device: str) -> dict[str, int]:
        return dict(self.sizes.get(device, {}))

    @property
    def reference_hash(self) -> str:
        return hashlib.sha256(self.reference_src.encode()).hexdigest()[:16]
