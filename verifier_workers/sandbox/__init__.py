"""The process boundary between trusted verifier code and generated code.

Runs where:
- `supervisor.py` runs in the trusted process (a verifier lane): it spawns each worker in its own session and
  process group with rlimits, a scrubbed environment, its own temp dir and (where the kernel has it) Landlock,
  enforces per-call timeouts and an RSS limit, and kills and replaces workers.
- `protocol.py` is the wire format on both sides: length-prefixed JSON plus tensors as safetensors. Never
  pickle: the supervisor must not execute anything a worker sends.
- `compare.py` holds pure tolerance and comparison functions, used by the supervisor and by the reference
  worker when outputs are compared on the GPU.
- `worker/` runs inside the untrusted worker process.
May import: the worker side (`worker/`, `protocol.py`, `compare.py`) imports nothing from the supervisor side
(funnel/, static/, the pool, verdicts); tests/test_layout.py enforces it.
"""
