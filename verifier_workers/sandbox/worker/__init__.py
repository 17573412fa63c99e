"""Everything that runs inside a sandbox worker process: the only place generated code is imported or run.

`main.py` is the process entry point (`python -m tritonrl.verifier_workers.sandbox.worker.main`): it locks the
process down, then serves the supervisor's requests through `harness.py` (its op table: load and reset in
`loader.py`, run in `run_op.py`, time in `time_op.py`, compile in `compile_check.py`, inputs and models from
seeds in `build.py`). `launches.py` installs the Triton launch hook and `watch.py` the torch-compute watch
before any candidate is imported; `triton_shims.py` (with the interpreter and Inductor modules) makes CPU runs
match the GPU's.
Trust: this process is assumed hostile once a candidate is loaded. Nothing it computes is believed except
the outputs it returns, which the supervisor compares itself; so nothing here may import the supervisor's
side (funnel/, static/, pool, verdicts). After each run the worker is reused only if the integrity snapshot
(`harness.INTEGRITY_MODULES`: torch, triton, builtins and the harness, watch and launch modules) is unchanged.
May import: the standard library, torch, triton, numpy, `..protocol`, `..compare`, `tritonrl.config`.
"""
