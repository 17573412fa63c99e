"""Which KernelBench problems are held out: a rule fixed in code, frozen into a documented list.

The rule (`derive_heldout`), never informed by any model's results:
  1. candidates: level-1 and level-2 problems whose `sha256("kernelbench/level{L}/{problem_id}")` is 0
     modulo HASH_MODULUS (about one in four);
  2. a candidate stays held out only if its reference is less than DERIVE_THRESHOLD similar
     (similarity.similarity: op names and numbers normalised) to every training-side item: every
     non-candidate KernelBench problem (levels 1-4), every built-in task outside the held-out split and its
     gold, and the generated SFT items (tasks/synthetic.py); repeated until no candidate moves.
Its output is frozen in KERNELBENCH_HELDOUT, so later changes to the training data cannot move the split:
they fail `tritonrl data audit` (tasks/audit.py) instead. The frozen list is the main-snapshot numbering of
ScalingIntelligence/KernelBench (the HF dataset's `problem_id`). The problems' text ships with the package
(`builtin/kernelbench_heldout.jsonl`, MIT, see tasks/kernelbench.py) so the held-out split works offline.
"""
from __future__ import annotations

import hashlib
from typing import Iterable

from tritonrl.tasks.similarity import neighbours, normalize

HASH_MODULUS = 4
DERIVE_THRESHOLD = 0.9  # = the audit threshold: families are closed under it, so the split passes by construction
HELDOUT_LEVELS = (1, 2)

# derive_heldout over ../shared/datasets/kernelbench (main snapshot 423217d), built-ins and synthetic_pairs(256)
# (30 problems: RMSNorm, depthwise conv, cumsum/cumprod, two losses; 23 level-2 fusions)
KERNELBENCH_HELDOUT: dict[int, tuple[int, ...]] = {
    1: (36, 85, 89, 90, 91, 95, 99),
    2: (2, 19, 26, 30, 36, 37, 45, 52, 53, 54, 55, 56, 62, 64, 66, 68, 79, 81, 83, 86, 91, 94, 98),
}


def hash_candidate(level: int, problem_id: int) -> bool:
    """Step 1 of the rule: the problem's identity, hashed; nothing about its content or any result."""
    digest = hashlib.sha256(f"kernelbench/level{int(level)}/{int(problem_id)}".encode()).hexdigest()
    return int(level) in HELDOUT_LEVELS and int(digest, 16) % HASH_MODULUS == 0


def kernelbench_split(level: int, problem_id: int) -> str:
    """"heldout" for a problem in the frozen list, else "train"."""
    return "heldout" if int(problem_id) in KERNELBENCH_HELDOUT.get(int(level), ()) else "train"


def derive_heldout(problems: Iterable[tuple[int, int, str]], training: Iterable[str],
                   threshold: float = DERIVE_THRESHOLD) -> dict[int, tuple[int, ...]]:
    """The rule. `problems`: (level, problem_id, reference source) of KernelBench (every level); `training`:
    the sources of every training-side item outside KernelBench. Returns {level: sorted held-out ids}.

    Families: problems joined, directly or through a chain, by similarity >= `threshold` (to each other or
    to a training item). A family is held out whole, or not at all: held out when it has only level-1/2
    KernelBench members and its first member (lowest (level, problem_id)) is a hash candidate."""
    kb = sorted((int(lv), int(pid), normalize(src)) for lv, pid, src in problems)
    others = sorted({normalize(s) for s in training})
    texts = [t for _, _, t in kb] + others
    parent = list(range(len(texts)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, (_, _, text) in enumerate(kb):  # pairs among training items alone change no KernelBench family
        for j in neighbours(text, texts[i + 1:], threshold):
            parent[find(i)] = find(i + 1 + j)
    families: dict[int, list[int]] = {}
    for i in range(len(texts)):
        families.setdefault(find(i), []).append(i)
    held: dict[int, list[int]] = {lv: [] for lv in HELDOUT_LEVELS}
    for members in families.values():
        if any(i >= len(kb) or kb[i][0] not in HELDOUT_LEVELS for i in members):
            continue
        first = min(kb[i][:2] for i in members)
        if hash_candidate(*first):
            for i in members:
                held[kb[i][0]].append(kb[i][1])
    return {lv: tuple(sorted(ids)) for lv, ids in held.items()}
