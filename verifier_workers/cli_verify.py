"""`tritonrl verify REFERENCE CANDIDATE`: run one candidate through the verifier funnel.

Exit status: 0 correct, 1 rejected or incorrect, 2 unusable input. With --json, stdout carries exactly one
JSON object: the verdict, or for unusable input a rejection with the reason (also on stderr, one line), so a
caller that parses stdout always gets an object; logs go to stderr. Both files are only ever executed inside sandbox workers.
"""
from __future__ import annotations

import argparse
import ast
import json
import os
import signal
import stat
import sys
import threading


class UsageError(Exception):
    pass


def add_verify_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("reference", help="PyTorch reference file (Model, get_inputs, get_init_inputs)")
    parser.add_argument("candidate", help="Triton candidate file (ModelNew)")
    parser.add_argument("--device", choices=["auto", "cpu", "cuda"], default="auto")
    parser.add_argument("--json", action="store_true", help="print the verdict as one JSON object")
    parser.add_argument("--no-multi-input", action="store_true", help="only the original input variant")
    parser.add_argument("--no-staged", action="store_true", help="binary reward, no tiny stage")
    parser.add_argument("--no-calibrated-timing", action="store_true", help="single-shot timing")
    parser.add_argument("--seed", type=int, default=None, help="reproducible seeds (default: fresh ones)")


MAX_FILE_BYTES = 4 << 20  # far beyond any reference or generated kernel; the static stage stops at 1M chars


def _read(path: str, what: str) -> str:
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):  # a FIFO would block open(), /dev/zero would never end
            raise UsageError(f"cannot read {what} {path!r}: not a regular file")
        if st.st_size > MAX_FILE_BYTES:
            raise UsageError(f"{what} {path!r} is too large ({st.st_size} bytes, limit {MAX_FILE_BYTES})")
        with open(path, encoding="utf-8-sig") as f:
            return f.read(MAX_FILE_BYTES + 1)
    except (OSError, UnicodeDecodeError) as e:
        raise UsageError(f"cannot read {what} {path!r}: {e.strerror if isinstance(e, OSError) else e}") from None


def _top_level_names(src: str, path: str, what: str) -> set[str]:
    try:
        tree = ast.parse(src, filename=path)
    except SyntaxError as e:
        raise UsageError(f"{what} {path!r} is not valid Python (line {e.lineno}: {e.msg})") from None
    except (MemoryError, RecursionError, ValueError, OverflowError) as e:  # the parser's own limits
        raise UsageError(f"{what} {path!r} cannot be parsed ({type(e).__name__})") from None
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return names


def load_inputs(args: argparse.Namespace):
    """Read and check both files by parsing them (nothing is executed here)."""
    from tritonrl.tasks.task import Task

    ref_src, cand_src = _read(args.reference, "reference"), _read(args.candidate, "candidate")
    missing = {"Model", "get_inputs", "get_init_inputs"} - _top_level_names(ref_src, args.reference, "reference")
    if missing:
        raise UsageError(f"reference {args.reference!r} defines no {', '.join(sorted(missing))}")
    try:
        cand_names = _top_level_names(cand_src, args.candidate, "candidate")
    except UsageError:
        cand_names = None  # a candidate with a syntax error is a rejected candidate, not unusable input
    if cand_names is not None and "ModelNew" not in cand_names:
        raise UsageError(f"candidate {args.candidate!r} defines no ModelNew")
    name = os.path.splitext(os.path.basename(args.reference))[0]
    return Task(name=name, level=0, reference_src=ref_src, source="file"), cand_src


def _format(d: dict) -> str:
    speedup = "n/a" if d["speedup"] is None else f"{d['speedup']:.3f}x"
    lines = [f"{'CORRECT' if d['correct'] else 'REJECTED'}  task={d['task']}  stage={d['stage']}  "
             f"reward={d['reward']:.2f}  speedup={speedup}  ({d['seconds']:.1f} s on {d['device']})"]
    if d["error"]:
        lines.append(f"  error: {d['error']}")
    if d["violations"]:
        lines.append(f"  violations: {', '.join(d['violations'])}")
    for name, st in d["stages"].items():
        lines.append(f"  {name:8s} {'pass' if st.get('passed') else ('skip' if st.get('skipped') else 'FAIL')}"
                     f"  {st.get('seconds', 0):.2f} s")
    for var in d["variants"]:
        lines.append(f"    variant {var['name']:16s} {'pass' if var['passed'] else 'FAIL'}"
                     f"  max_abs_err={var.get('max_abs_err')}  atol={var.get('atol')}")
    return "\n".join(lines)


def unusable(message: str) -> dict:
    """The JSON object printed for unusable input (exit 2)."""
    return {"correct": False, "stage": "none", "reward": 0.0, "speedup": None, "violations": [],
            "error": f"unusable input: {message}", "usable": False}


def configs(args: argparse.Namespace):
    """The verifier and extension configs a `tritonrl verify` invocation asks for."""
    from tritonrl.config import ExtensionsConfig, VerifierConfig

    cfg, ext = VerifierConfig(), ExtensionsConfig()
    ext.multi_input = not args.no_multi_input
    ext.staged = not args.no_staged
    ext.calibrated_timing = not args.no_calibrated_timing
    if args.seed is not None:
        cfg.seed_entropy, cfg.base_seed = False, args.seed
    return cfg, ext


def verify_files(args: argparse.Namespace, verifier=None) -> tuple[int, dict, str | None]:
    """The whole contract of `tritonrl verify` without printing: (exit status, the JSON object, the one-line
    reason for stderr when the input is unusable). `verifier`: a warm Verifier to reuse (its configs must be
    `configs(args)`'s); None starts one for this call and stops it after."""
    try:
        task, code = load_inputs(args)
    except UsageError as e:
        return 2, unusable(str(e)), str(e)
    from tritonrl.reward.credit import stage_credit
    from tritonrl.verifier_workers.funnel.verifier import Verifier

    if args.device == "cuda" and verifier is None:
        import torch

        if not torch.cuda.is_available():
            msg = "--device cuda but no CUDA device is available"
            return 2, unusable(msg), msg
    cfg, ext = configs(args)
    try:
        if verifier is not None:
            verdict = verifier.verify(task, code)
        else:
            with Verifier(cfg, ext, device=args.device) as own:
                verdict = own.verify(task, code)
    except Exception as e:  # the verifier itself could not start (e.g. no worker): not a verdict
        msg = f"verifier failed: {type(e).__name__}: {e}"[:500]
        return 2, unusable(msg), msg
    if getattr(verdict, "reference_failed", False):  # the task itself cannot run: not a verdict on the code
        msg = f"reference {args.reference!r} does not run: {verdict.error}"[:500]
        return 2, unusable(msg), msg
    reward = stage_credit(verdict, staged=ext.staged)  # the trainer's table, at its default credits
    return (0 if verdict.correct else 1), {**verdict.to_dict(), "reward": reward}, None


def run_verify(args: argparse.Namespace) -> int:
    import logging

    logging.basicConfig(stream=sys.stderr, level=logging.WARNING)
    rc, payload, reason = verify_files(args)
    if reason is not None:
        print(f"tritonrl verify: {reason}", file=sys.stderr)
    if args.json:
        sys.stdout.write(json.dumps(payload, default=str) + "\n")
    elif reason is None:
        print(_format(payload))
    return rc


def exit_on_sigterm() -> None:
    """SIGTERM unwinds like Ctrl-C: workers killed, temp dirs (with the candidate's source) removed."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, lambda signum, _frame: sys.exit(128 + signum))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tritonrl verify", description="Verify one Triton candidate.")
    add_verify_args(parser)
    exit_on_sigterm()
    return run_verify(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
