"""Inputs and models built in a sandbox worker from seeds, so that the reference's and the candidate's
workers draw the same values and weights: `make_inputs` (heterogeneous values on request: `_mix`),
`later_inputs` (a later call's inputs: the first call's with a share of the elements drawn afresh) and
`make_model` (the constructor under the compute watch, its ops counted as construction work).
"""
from __future__ import annotations

import builtins
import random

import torch

from tritonrl.verifier_workers.sandbox.worker.launches import LAUNCHES
from tritonrl.verifier_workers.sandbox.worker.loader import LOW_PRECISION, OP_TOTAL, STATE
from tritonrl.verifier_workers.sandbox.worker.value_moves import move_forward_values, move_init_tensor, redraw_constant
from tritonrl.verifier_workers.sandbox.worker.watch import SCALAR_READS_PER_FORWARD, ComputeWatch, NoWatch

# captured at import, before any candidate exists: later monkey-patching changes nothing here
_isinstance, _len = builtins.isinstance, builtins.len
_Tensor = torch.Tensor
_torch_seed = torch.manual_seed
_random_seed = random.seed
try:
    import numpy as _np

    _numpy_seed = _np.random.seed
except ImportError:  # numpy is optional for torch
    _numpy_seed = None


def _manual_seed(seed: int) -> None:
    """Seed every generator a reference's get_inputs or constructor may draw from (torch, random, numpy)."""
    _torch_seed(seed)
    _random_seed(seed)
    if _numpy_seed is not None:
        _numpy_seed(seed % 2**32)


DTYPES = {"float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16,
          "float64": torch.float64}


def _gen_on(device: torch.device, seed: int) -> torch.Generator:
    """A generator on `device`: full-size draws stay where the tensor is (on a GPU host, drawing one
    4096 x 8192 input's factors on the CPU took ~2 s of the worker's one thread). Each role's worker draws on
    the same kind of device, so both get the same values; on the CPU this is torch.Generator()'s stream."""
    return torch.Generator(device=device).manual_seed(seed)


def _mix(x: torch.Tensor, seed: int, ramp_seed: int = 0) -> torch.Tensor:
    """Heterogeneous values: x * f * s * r + o, with f = 2**U(-1, 1) per element, s = 2**U(-1, 1) and
    o = U(0, 2) * rms(x) per index of the leading dim, and r a ramp along the last dim times a pattern of
    period 2 and 3. Signs, positivity, zeros (triangular or masked inputs) and symmetry (of square matrices)
    are kept; the inputs stop being i.i.d. and zero-mean, so no statistic of theirs is known in advance and no
    row stands for the others. Drawn on x's device from `seed` (the ramp, one row long, on the CPU): the
    reference's and the candidate's workers get the same values."""
    gen = _gen_on(x.device, seed ^ 0x5EED)
    lead = (x.shape[0],) + (1,) * (x.dim() - 1) if x.dim() >= 2 else ()
    f = torch.pow(2.0, torch.rand(x.shape, generator=gen, device=x.device) * 2 - 1)
    row_scale = torch.pow(2.0, torch.rand(lead, generator=gen, device=x.device) * 2 - 1)
    rms = float(x.float().pow(2).mean().sqrt()) if x.numel() else 0.0
    o = torch.rand(lead, generator=gen, device=x.device) * 2 * (rms or 1.0)
    # a ramp along the last dim (2**(±u) at its ends, u in [0.6, 0.85]): no block of columns stands for the
    # others (a sum of squares from the first half or quarter of each row, scaled up, is off by ~2x);
    # one ramp for all the inputs (`ramp_seed`): opposite ramps on p and t would cancel in (p - t)**2
    ramp_gen = torch.Generator().manual_seed(ramp_seed ^ 0x7A3B)
    u = (0.6 + 0.25 * float(torch.rand((), generator=ramp_gen))) * (
        1.0 if float(torch.rand((), generator=ramp_gen)) < 0.5 else -1.0)
    last = x.shape[-1] if x.dim() >= 1 else 1
    ramp = torch.pow(2.0, u * torch.linspace(-1.0, 1.0, last)) if last > 1 else torch.ones(max(last, 1))
    # and a pattern of period 2 and 3 along it (random phase): every 2nd, 4th, 8th... or 3rd column alone is a
    # biased sample (a ramp is smooth, so a strided sample of the columns still stood for all of them). The
    # ramp is gentler than it was (u was in [0.75, 1.5]) so that the values' range stays 2**(±3.6)
    j = torch.arange(max(last, 1)) + int(torch.randint(0, 6, (), generator=ramp_gen))
    period = 0.5 * (1.0 - 2.0 * (j % 2)) + 0.25 * ((j % 3) - 1.0)
    ramp = ramp * torch.pow(2.0, period if last > 1 else torch.zeros_like(period))
    if x.dim() == 0:
        ramp = ramp.reshape(())
    xf = x.float()
    y = xf * (f * row_scale * ramp.to(x.device)) + o * (xf != 0)
    if x.dim() >= 2 and x.shape[-1] == x.shape[-2] and bool(torch.equal(x, x.transpose(-1, -2))):
        y = (y + y.transpose(-1, -2)) / 2
    return y.to(x.dtype)


def make_inputs(ref, seed: int, device: str, dtype: torch.dtype | None, scale: float,
                on_device: bool = False, mix: bool = False, value_factors: list[float] | None = None,
                redraw: bool = False, move_ints: bool = False) -> list:
    """The task's inputs for `seed` on `device` (scaled, mixed, cast to `dtype` as asked); `value_factors`
    move its Python floats, `move_ints` its Python ints and `redraw` its constant float tensors
    (value_moves.py)."""
    _manual_seed(seed)
    if on_device and device != "cpu":
        with torch.device(device):
            raw = list(ref.get_inputs())
    else:
        raw = list(ref.get_inputs())
    raw = move_forward_values(raw, value_factors, move_ints)
    out = []
    for x in raw:
        if _isinstance(x, _Tensor):
            x = x.to(device)
            if x.is_floating_point():
                if redraw:
                    x = redraw_constant(x, seed, len(out))
                if scale != 1.0:
                    x = x * scale
                if mix:
                    x = _mix(x, seed + len(out), ramp_seed=seed)
                if dtype is not None and x.dtype == torch.float32:
                    x = x.to(dtype)
        out.append(x)
    return out


def jittered(inputs: list, seed: int, args: dict) -> list:
    """The float inputs with each element times (1 + args["jitter"] * u), u uniform in [-1, 1] drawn from `seed`
    and args["jitter_draw"]: the float64 reference runs whose spread from the plain one is the task's
    conditioning (sandbox/precision.py, K_COND)."""
    rel = float(args["jitter"])
    draw = (seed * 7 + 104_729 * (1 + int(args.get("jitter_draw") or 0))) % 2**31
    gen, out = None, []
    for x in inputs:
        if _isinstance(x, _Tensor) and x.is_floating_point() and x.numel():
            gen = gen or _gen_on(x.device, draw)  # (every input is on the one device)
            u = torch.rand(x.shape, generator=gen, dtype=torch.float64, device=x.device).to(x.dtype)
            with torch.no_grad():
                x = x * (1 + rel * (2 * u - 1))
        out.append(x)
    return out


def call_seed(seed: int, call: int) -> int:
    """The seed of the fresh values a model's later call (`call` >= 1) draws; the same in both workers."""
    return (seed * 1_000_003 + 7919 * call) % 2**31


_overlaps = getattr(torch, "_debug_has_internal_overlap", None)


def _writable(t, like: torch.Tensor) -> bool:
    """Can `like`'s values be written into the harness's input tensor `t` (same shape, dtype and device, no
    element stored twice, as in an expanded view)?"""
    return (_isinstance(t, _Tensor) and t.shape == like.shape and t.dtype == like.dtype and t.device == like.device
            and _overlaps is not None and _overlaps(t) == 0)


EXTREMES_SHARE = 1 / 16  # (variants.RESAMPLE_LADDER: the original's 1/8 and one other variant's 1/16)


def _changed_mask(x: torch.Tensor, share: float, gen: torch.Generator) -> torch.Tensor:
    """A random share of x's positions (at least one), and for a share of EXTREMES_SHARE or more each row's
    largest and smallest element (last dimension): a statistic memoised from the first call (a max baked into an
    autotune config keyed on one sampled element, R10B_07) goes stale whatever the share drew, while the small
    shares still change almost nothing (a memo keyed on a sample of the values must hit, and replay); symmetric
    where x is a symmetric matrix (kept so)."""
    n, dev = x.numel(), x.device
    mask = torch.zeros(n, dtype=torch.bool, device=dev)  # (built where x is: a large input stays on its device)
    mask[torch.randint(0, n, (max(1, round(share * n)),), generator=gen).to(dev)] = True
    mask = mask.reshape(x.shape)
    if x.dim() and x.shape[-1] > 2 and share >= EXTREMES_SHARE:
        rows = x.detach().reshape(-1, x.shape[-1])
        extremes = torch.zeros(rows.shape, dtype=torch.bool, device=dev)
        for idx in (rows.argmax(-1), rows.argmin(-1)):
            extremes[torch.arange(rows.shape[0], device=dev), idx] = True
        mask = mask | extremes.reshape(x.shape)
    if x.dim() >= 2 and x.shape[-1] == x.shape[-2] and bool(torch.equal(x, x.transpose(-1, -2))):
        mask = mask | mask.transpose(-1, -2)
    return mask


def swap_in_rows(x: torch.Tensor, gen: torch.Generator) -> torch.Tensor:
    """x with two of its non-zero elements swapped in every row (last dimension) that has two, at positions
    drawn per row: every row keeps its sum, extremes and any other order-free summary while its values move
    (R9B_08: a result memo keyed on a row checksum replays the stale row). Zeros stay where they are (a
    triangular or masked input keeps its pattern); a symmetric matrix instead has two indices swapped in both
    of its last dimensions (P x P^T: symmetric, and positive definite where x is)."""
    n = x.shape[-1]
    if x.dim() >= 2 and x.shape[-2] == n and bool(torch.equal(x, x.transpose(-1, -2))):
        i = int(torch.randint(0, n, (1,), generator=gen))
        j = (i + int(torch.randint(1, n, (1,), generator=gen))) % n
        perm = torch.arange(n)
        perm[i], perm[j] = j, i
        perm = perm.to(x.device)
        return x.index_select(-1, perm).index_select(-2, perm)
    rows, dev = x.reshape(-1, n), x.device  # (all on x's device; only the per-row draws come from the CPU)
    r = torch.arange(rows.shape[0], device=dev)
    nonzero = rows != 0
    count = nonzero.sum(1)
    first = torch.argsort((~nonzero).to(torch.int8), dim=1, stable=True)  # the non-zero positions first
    k1 = (torch.rand(rows.shape[0], generator=gen).to(dev) * count).long().clamp(max=n - 1)
    k2 = (k1 + 1 + (torch.rand(rows.shape[0], generator=gen).to(dev) * (count - 1).clamp(min=1)).long()) \
        % count.clamp(min=1)
    i, j = first[r, k1], first[r, k2]
    keep = count < 2
    i, j = torch.where(keep, r * 0, i), torch.where(keep, r * 0, j)
    idx = torch.arange(n, device=dev).repeat(rows.shape[0], 1)
    idx[r, i], idx[r, j] = j, i
    return rows.gather(1, idx).reshape(x.shape)


def later_inputs(ref, inputs: list, seed: int, call: int, device: str, dtype: torch.dtype | None, scale: float,
                 on_device: bool, mix: bool, share: float, swap: bool = False,
                 value_factors: list[float] | None = None, redraw: bool = False, move_ints: bool = False) -> list:
    """The inputs of a model's later call (`call` >= 1), the same in the reference's and the candidate's workers.

    Each float tensor holds the first call's values (rebuilt from `seed`, whatever a forward did to them) with
    a random `share` of its elements (at least one) taken from a fresh draw (`call_seed`, the same scale,
    mix and dtype); share >= 1 takes the fresh draw whole. Other tensors (indices, labels, masks) keep the
    first call's values, so their structure holds, unless no input is float: then they are drawn afresh whole.
    The values are written into the first call's tensors (`inputs`) where they fit: a memo keyed on the
    tensors' identity or address, or on a sample of their values, then hits and replays a stale answer, which
    the comparison with the reference's output on these inputs refuses. `swap` (and share < 1): instead, each
    float tensor of rows of two elements or more keeps the first call's values with two swapped in every row
    (`swap_in_rows`); the others keep theirs whole."""
    moves = (value_factors, redraw, move_ints)
    first = make_inputs(ref, seed, device, dtype, scale, on_device, mix, *moves)
    fresh = make_inputs(ref, call_seed(seed, call), device, dtype, scale, on_device, mix, *moves)
    if _len(first) != _len(fresh) or _len(first) != _len(inputs):
        return fresh
    # positions drawn per share too: variants that share a seed (values x2, other precision) change other
    # elements (a CPU generator keeps only a seed's low 32 bits)
    per_share = 104_729 * round(1 / min(max(share, 1e-9), 1.0))
    gen = torch.Generator().manual_seed((call_seed(seed, call) + per_share) % 2**31)
    any_float = any(_isinstance(a, _Tensor) and a.is_floating_point() for a in first)
    out = []
    for cur, a, b in zip(inputs, first, fresh):
        if not _isinstance(a, _Tensor):  # a Python number: the task's constant
            out.append(a)
            continue
        if not _isinstance(b, _Tensor) or a.shape != b.shape or a.dtype != b.dtype:
            new = b
        elif a.is_floating_point() and share < 1 and swap:
            new = swap_in_rows(a, gen) if a.dim() and a.shape[-1] >= 2 and a.numel() else a
        elif a.is_floating_point() and share < 1 and a.numel():
            new = torch.where(_changed_mask(a, share, gen), b, a)
        elif a.is_floating_point() or not any_float:
            new = b
        else:
            new = a
        if _writable(cur, new):
            with torch.no_grad():
                cur.copy_(new)
            new = cur
        out.append(new)
    return out


def vary_init(init: list, factors: list[float] | None, int_positions: list[int] | None,
              zero_kept: list[int] | None = None, tensors: bool = False) -> list:
    """The init inputs of a variant that moves them (funnel/init_values.py decides which and how much):
    every float, at any depth of a tuple, list or dict (a `(low, high)` pair, R8C_03), times its own factor
    (factors[j % len(factors)], j counting floats in order), and a float 0.0 moved to ZERO_STEP times that
    factor (scaling keeps a zero, R8C_05), except at the top-level positions `zero_kept` (a dropout
    probability: a non-zero one makes the task random); the ints at `int_positions` moved one away from zero;
    with `tensors`, every float tensor at any depth times the factor of its top-level position and a random
    per-element factor (value_moves.move_init_tensor: filter taps handed to the constructor, R9A_14); the
    rest as they are. Both sides get the same."""
    count = [0]

    def move(x):
        if type(x) is float:
            f = float(factors[count[0] % _len(factors)])
            count[0] += 1
            return x * f if x != 0.0 or keep else ZERO_STEP * f
        if type(x) in (tuple, list):
            return type(x)(move(y) for y in x)
        if type(x) is dict:
            return {k: move(v) for k, v in x.items()}
        if tensors and _isinstance(x, _Tensor):
            return move_init_tensor(x, float(factors[i % _len(factors)]), i)  # i: vary_init's loop
        return x

    out = []
    for i, x in enumerate(init):
        keep = bool(zero_kept) and i in zero_kept
        if factors and (type(x) in (float, tuple, list, dict) or (tensors and _isinstance(x, _Tensor))):
            x = move(x)
        elif type(x) is int and int_positions and i in int_positions:
            x = x + 1 if x >= 0 else x - 1
        out.append(x)
    return out


# a 0.0 init float becomes this times its factor: positive and small (a clamp's lower bound of 0 stays below an
# upper bound of 1 moved to 0.5; an eps of 0 becomes a small eps), yet far from 0 at any tolerance
ZERO_STEP = 0.25


def make_model(mod, cls_name: str, ref, init_seed: int, device: str, dtype: torch.dtype | None,
               init_ops: dict | None = None, init_factors: list[float] | None = None,
               init_ints: list[int] | None = None, init_zero_kept: list[int] | None = None,
               init_tensors: bool = False):
    """Construct with the task's init inputs and seed (so candidate and reference draw the same weights).
    With `init_ops`, the constructor runs under the compute watch and its aten compute ops are counted there.
    `init_factors`/`init_ints` move the init inputs (vary_init), the same on both sides."""
    _manual_seed(init_seed)
    init = vary_init(list(ref.get_init_inputs()), init_factors, init_ints, init_zero_kept, init_tensors)
    # `.to()` runs under the watch too: a candidate's `to`/`_apply` override is constructor code
    # (a dtype variant's `.to(dtype)` rounds the weights to the task's dtype: not compute)
    mode = ComputeWatch(SCALAR_READS_PER_FORWARD, {dtype} if dtype is not None else ()) if init_ops is not None \
        else NoWatch()
    if init_ops is not None:  # a Triton kernel the constructor launches computes from the weights (a fold)
        LAUNCHES.begin(None)
    try:
        with mode:
            model = getattr(mod, cls_name)(*init)
            model = model.to(device)
            if dtype is not None:
                model = model.to(dtype)
    finally:
        launched = LAUNCHES.end()["count"] if init_ops is not None else 0
    if init_ops is not None:
        init_ops.update(mode.ops)
        if launched:
            init_ops["triton_launch"] = launched
        init_ops.update(STATE["import_ops"].get(mod.__name__, {}))  # module-level code counts as construction
        init_ops[OP_TOTAL] = mode.total + STATE["import_ops"].get(mod.__name__, {}).get(OP_TOTAL, 0)
        init_ops[LOW_PRECISION] = mode.low_precision + STATE["import_ops"].get(mod.__name__, {}).get(LOW_PRECISION, 0)
    return model
