"""The funnel: one verifier lane's trusted supervisor, static -> compile -> tiny -> full -> timing.

Runs where: the verifier actor's process (or the CLI's), never with candidate code in it. `verifier.py`
(`Verifier.verify(task, code) -> Verdict`) runs the stages in order with early exit; `runs.py` (`WorkerRuns`)
owns the lane's reference, candidate and compile workers and judges one input variant; `timing_stage.py`
(`TimingStage`) measures the speedup of a correct candidate; `variants.py` builds the input variants
(multi-input testing); `judge.py` is the optional LLM judge. The funnel reports which stages passed; what
that earns is `reward/credit.py`'s.
May import: static/, sandbox/ (supervisor, protocol, compare, and worker/timing's pure statistics), config.
"""
