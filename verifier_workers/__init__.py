"""The verifier: from (task, candidate code) to a Verdict, without ever trusting the candidate.

Where things run, from the outside in:
- Ray-facing (the trainer's process and the verifier actors): `pool.py` (VerifierPool: places actors, streams
  verdicts, re-queues a dead actor's work), `verifier_actor.py` (VerifierWorker, one per GPU, N lanes),
  `verdict.py` (the Verdict record), `verdict_cache.py`, `gpu_lock.py` (lanes share a GPU, timing holds it
  alone), `cli_verify.py` (`tritonrl verify`), `suite_run.py` (`tritonrl suite`), `corpus_run.py`.
- `funnel/`: the trusted supervisor of one lane. Runs the stages, compares outputs, decides pass/fail.
- `static/`: stage 1, pure AST work in the supervisor; the candidate is parsed, never imported.
- `sandbox/`: the process boundary. `supervisor.py` (trusted) spawns, limits and kills worker processes and
  speaks `protocol.py` with them; `sandbox/worker/` is everything that runs INSIDE a worker process, the only
  place generated code is ever imported or run.
"""
