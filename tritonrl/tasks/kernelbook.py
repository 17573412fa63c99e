"""SFT pairs in KernelBook's format (HF `GPUMODE/KernelBook`): PyTorch module -> Triton code.

KernelBook rows carry `python_code` (the PyTorch module with get_inputs/get_init_inputs), `triton_code`
(the Triton version), `entry_point` / `module_name`, `uuid`, `repo_name`, `repo_link`, `sha`, `licenses`,
`stars` and `synthetic`. It has no plan, so rows without our extra `plan` column get a generic one.
Our built-in gold can be exported in the same format (`write_kernelbook_jsonl`) and read back.
"""
from __future__ import annotations

import glob
import hashlib
import json
import os
from dataclasses import dataclass

from tritonrl.tasks.task import Task

HF_DATASET = "GPUMODE/KernelBook"


@dataclass(frozen=True)
class SFTPair:
    """One supervised example: a reference program and its plan + Triton code."""

    reference_src: str
    plan: str
    code: str
    name: str


def _generic_plan(entry_point: str) -> str:
    return (f"Rewrite {entry_point}'s forward pass as Triton kernels: fuse its elementwise and reduction ops "
            f"into as few @triton.jit kernels as possible, with masked loads and fp32 accumulation.")


def _pair_from_row(row: dict, index: int) -> SFTPair | None:
    src, code = row.get("python_code"), row.get("triton_code")
    if not isinstance(src, str) or not isinstance(code, str) or not src.strip() or not code.strip():
        return None
    entry = str(row.get("entry_point") or row.get("module_name") or "Model")
    name = row.get("name") or f"kbook_{entry}_{row.get('uuid', index)}"
    plan = row.get("plan") or _generic_plan(entry)
    return SFTPair(reference_src=src, plan=str(plan), code=code, name=str(name))


def _read_rows(path: str) -> list[dict]:
    if os.path.isdir(path):
        files = sorted(glob.glob(os.path.join(path, "*.parquet")) + glob.glob(os.path.join(path, "*.jsonl")))
        if not files:
            raise FileNotFoundError(f"KernelBook directory {path!r} holds no .parquet or .jsonl file")
        return [r for f in files for r in _read_rows(f)]
    if path.endswith(".parquet"):
        import pyarrow.parquet as pq  # lazy: only for Parquet files

        return pq.read_table(path).to_pylist()
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if text.lstrip().startswith("["):  # dataset_permissive.json: one JSON list
        return json.loads(text)
    rows = []
    for i, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                raise ValueError(f"{path}:{i}: not valid JSON ({e.msg})") from None
    return rows


def _hub_rows(dataset_id: str, limit: int | None) -> list[dict]:
    try:
        import datasets  # lazy: an optional dependency (tritonrl[hub])
    except ImportError:
        raise RuntimeError(f"{dataset_id!r} is not a local file and `datasets` is not installed "
                           f"(pip install 'tritonrl[hub]')") from None
    split = "train" if limit is None else f"train[:{int(limit)}]"
    try:
        return list(datasets.load_dataset(dataset_id, split=split))
    except Exception as e:  # offline, unknown dataset: one clear line
        raise RuntimeError(f"could not load {dataset_id!r} from the hub: {type(e).__name__}: "
                           f"{str(e).splitlines()[0] if str(e) else ''}") from None


def load_kernelbook(path_or_hub: str, limit: int | None = None) -> list[SFTPair]:
    """SFT pairs from a KernelBook JSONL/JSON/Parquet file or directory, or a hub id (e.g. GPUMODE/KernelBook)."""
    if os.path.exists(path_or_hub):
        rows = _read_rows(path_or_hub)
    elif path_or_hub.count("/") == 1 and not path_or_hub.startswith((".", "/")):
        rows = _hub_rows(path_or_hub, limit)
    else:
        raise FileNotFoundError(f"KernelBook source {path_or_hub!r} is neither a local path nor a hub id")
    pairs = [p for i, r in enumerate(rows) if (p := _pair_from_row(r, i)) is not None]
    return pairs[:limit] if limit is not None else pairs


def gold_pairs(tasks: list[Task]) -> list[SFTPair]:
    """SFT pairs from tasks that have a gold solution; plans come from the built-in suite."""
    from tritonrl.tasks.suite import plans

    known = plans()
    return [SFTPair(reference_src=t.reference_src, plan=known.get(t.name) or _generic_plan("Model"),
                    code=t.gold_src, name=t.name) for t in tasks if t.gold_src]


def write_kernelbook_jsonl(pairs: list[SFTPair], path: str) -> None:
    """Write pairs as KernelBook rows (plus our `plan` and `name` columns), one JSON object per line."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        for p in pairs:
            row = {
                "uuid": hashlib.sha256(p.name.encode()).hexdigest()[:32],
                "entry_point": "Model",
                "module_name": "Model",
                "repo_name": "tritonrl/builtin",
                "repo_link": "",
                "sha": "",
                "licenses": ["Apache-2.0"],
                "stars": 0,
                "synthetic": True,
                "python_code": p.reference_src,
                "triton_code": p.code,
                "plan": p.plan,
                "name": p.name,
            }
            f.write(json.dumps(row) + "\n")
