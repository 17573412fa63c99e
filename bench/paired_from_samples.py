"""RL - SFT on held-out valid and compiled rates, from the per-sample files of runs recorded before the eval
JSON kept per-task valid/compiled counts (`samples/heldout_<tag>/<task>_<i>.md`, each ending in a
`<!-- correct=... stage=... -->` footer; `stage` is the last funnel stage the sample passed).

    python bench/paired_from_samples.py SFT_DIR RL_DIR [RL_DIR ...]

valid here = passed the static stage (stage static or later), compiled = passed the compile stage (stage compile
or later): the footer carries no violation list, so `valid` can count a sample the metric `heldout/valid_<tag>`
does not (one with a violation found after static). The interval is the paired bootstrap over tasks of
tritonrl.evaluation.metrics.paired_difference. Newer runs: bench/learning_report.py reads the counts directly.
"""
from __future__ import annotations

import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tritonrl.evaluation.metrics import COMPILED, VALID, paired_difference  # noqa: E402

PASSED_STATIC = ("static", "compile", "tiny", "full", "timing")


def counts(folder: str) -> dict[str, tuple[int, int, int, int]]:
    """{task: (samples, correct, valid, compiled)} from one evaluation's sample files."""
    out: dict[str, tuple[int, int, int, int]] = {}
    for path in glob.glob(os.path.join(folder, "*.md")):
        task = re.sub(r"_\d+\.md$", "", os.path.basename(path))
        text = open(path, encoding="utf-8", errors="replace").read()
        footer = re.findall(r"<!-- correct=(\w+) stage=([a-z_]*)", text)
        correct, stage = footer[-1] if footer else ("False", "")
        n, c, v, k = out.get(task, (0, 0, 0, 0))
        out[task] = (n + 1, c + (correct == "True"), v + (stage in PASSED_STATIC), k + (stage in PASSED_STATIC[1:]))
    return out


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__)
        return 2
    sft = counts(argv[0])
    print("| evaluation | valid | valid - SFT [95% paired CI] | compiled | compiled - SFT [95% paired CI] |")
    print("|---|---|---|---|---|")
    for folder in argv:
        c = counts(folder)
        n = sum(x[0] for x in c.values())
        cells = []
        for col in (VALID, COMPILED):
            mean, lo, hi = paired_difference(sft, c, column=col)
            cells += [f"{sum(x[col] for x in c.values()) / n:.3f}", f"{mean:+.3f} [{lo:+.3f}, {hi:+.3f}]"]
        print(f"| {folder} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
