"""`tritonrl` console script: train | verify | suite | corpus."""
from __future__ import annotations

import sys

USAGE = """usage: tritonrl {train,eval,verify,suite,corpus,data} ...

  train   [hydra overrides]            SFT then GRPO with HRD on Ray (the `ray job submit` entrypoint)
  eval    [hydra overrides]            KernelBench metrics of a model on a task set (eval.*), JSON + MLflow
  verify  REFERENCE CANDIDATE [opts]   run one candidate through the verifier funnel
  suite   [--device ...] [--json]      verify every built-in task's gold solution through the Ray pool
  corpus  [--device ...] [-j N]        run the red-team corpus (tests/corpus) through `verify`, report misses
          [--every N] [--list FILE]    (a subset: every Nth case, or the corpus paths listed in FILE)
  data audit [--kernelbench PATH]      held-out references vs training items: exit 1 at similarity >= 0.9

`tritonrl <command> --help` for details.
"""


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if argv else 2
    command, rest = argv[0], argv[1:]
    if command in ("train", "eval") and "preset=auto" in rest:
        import logging

        from tritonrl.presets import resolve_auto_preset

        logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")  # Hydra's comes later
        rest = resolve_auto_preset(rest)
    if command == "train":
        from tritonrl import train

        sys.argv = ["tritonrl train", *rest]  # Hydra reads its overrides from sys.argv
        train.main()
        return 0
    if command == "eval":
        from tritonrl.evaluation import main as eval_main

        sys.argv = ["tritonrl eval", *rest]
        eval_main.main()
        return 0
    if command == "data":
        if rest[:1] != ["audit"]:
            print("usage: tritonrl data audit [--kernelbench PATH] [--kernelbook PATH] [--synthetic N]",
                  file=sys.stderr)
            return 2
        from tritonrl.tasks.audit import main as audit_main

        return audit_main(rest[1:])
    if command == "verify":
        import argparse

        from tritonrl.verifier_workers.cli_verify import add_verify_args, exit_on_sigterm, run_verify

        parser = argparse.ArgumentParser(prog="tritonrl verify", description="Verify one Triton candidate.")
        add_verify_args(parser)
        exit_on_sigterm()
        return run_verify(parser.parse_args(rest))
    if command == "suite":
        from tritonrl.verifier_workers.suite_run import main as suite_main

        return suite_main(rest)
    if command == "corpus":
        from tritonrl.verifier_workers.corpus_run import main as corpus_main

        return corpus_main(rest)
    print(f"tritonrl: unknown command {command!r}\n\n{USAGE}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
