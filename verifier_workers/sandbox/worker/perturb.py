"""The model's constant parameters moved off their init values, identically in the reference's and the
candidate's workers, before the forward calls of a `run`.

Why: both models are built from one seed, so their weights agree; but parameters that the constructor fills
with a constant (LayerNorm/GroupNorm/BatchNorm weight 1 and bias 0, a zero bias, `nn.Parameter(torch.ones(d))`,
a scalar from the init args) are known in advance, and a kernel that skips them (no affine transform, no bias)
matched the reference. Each such parameter p = c becomes c * (1 + 0.1 * n1) + 0.1 * max(|c|, 1) * n2 (n1, n2
standard normal per element, from a generator seeded by the run's init seed and the parameter's name): honest
kernels read it like any weight and stay within tolerance. Randomly initialised parameters are left as drawn:
a fresh init seed per verification already makes them unknown to the candidate, and honest candidates hold
them in layouts of their own (pre-transposed, packed, flattened) that could not be matched. (Since round 8
every float parameter is also moved by a weight update before each call, by an elementwise map that commutes
with those layouts: weight_update.py.)

Constant float buffers are moved the same way (round 9, R9A_08): running statistics at their init (mean 0,
variance 1) or a constant scale are what a trained checkpoint replaces, so a kernel that normalises by the
init values 0 and 1 is wrong for any real model. A buffer whose constant is positive (a variance) stays
positive: it becomes value * exp(2 * NOISE * n1). Buffers that vary (causal masks, tables built from the
sizes, random ones) are left alone: a kernel may build a mask or a table in, and a random buffer is new per
init seed already. The buffers moved here are also moved by the weight update between calls
(weight_update.py).

Parameters of two distinct values (an identity, a 0/1 pattern: `_digest`, round 10) are moved the same way per
element, as the constant ones are: such a weight is known in advance too, and a value map keeps its pattern.
The candidate's worker moves the tensor that holds the same values in the same shape (matched by digest).

The reference reports its constant parameters (name, shape, value: `perturb_reference`); the candidate's worker
writes the same perturbed values into the tensors of its model that hold them (`perturb_candidate`): the
parameter or buffer of the same name and shape, else a float tensor of the model (parameter, buffer or tensor
attribute, any name) of the same shape, else of the same number of elements (a reshaped copy), holding that
constant. A candidate that holds no such tensor keeps nothing to perturb and computes with the init value,
which the reference no longer has: it fails, as a kernel assuming the init value should.
"""
from __future__ import annotations

import builtins
import hashlib
import math

import torch

# captured at import, before any candidate exists: later monkey-patching changes nothing here
_type, _isinstance, _len = builtins.type, builtins.isinstance, builtins.len
_Tensor, _Parameter, _Module = torch.Tensor, torch.nn.Parameter, torch.nn.Module
_no_grad = torch.no_grad
_object_getattribute = object.__getattribute__

NOISE = 0.1  # relative size of the perturbation


def _items(d) -> list:
    return list(dict.items(d)) if _isinstance(d, dict) else []


def model_tensors(model) -> list[tuple[str, str, torch.Tensor]]:
    """(qualified name, kind, tensor) for the plain tensors a model holds: parameters ("param"), buffers
    ("buffer") and tensor attributes ("attr"), read through the instance dicts so that no method of the
    candidate's runs here. Subclasses of Tensor other than Parameter are skipped (their methods are code)."""
    out, seen, todo = [], set(), [("", model)]
    while todo:
        prefix, m = todo.pop(0)
        if id(m) in seen or not _isinstance(m, _Module):
            continue
        seen.add(id(m))
        d = _object_getattribute(m, "__dict__")
        entries = [(k, "param", v) for k, v in _items(d.get("_parameters"))]
        entries += [(k, "buffer", v) for k, v in _items(d.get("_buffers"))]
        entries += [(k, "attr", v) for k, v in _items(d) if not k.startswith("_")]
        out += [(prefix + k, kind, v) for k, kind, v in entries if _type(v) in (_Tensor, _Parameter)]
        todo += [(f"{prefix}{k}.", v) for k, v in _items(d.get("_modules"))]
    return out


def _constant(t: torch.Tensor) -> float | None:
    """The value every element of a float tensor holds, else None."""
    try:  # a candidate's tensor may be of a kind these ops refuse (sparse, meta): then it holds no constant
        if not t.is_floating_point() or t.numel() == 0:
            return None
        with _no_grad():
            c = t.reshape(-1)[0]
            return float(c) if bool((t == c).all()) else None
    except Exception:
        return None


def _digest(t: torch.Tensor) -> str | None:
    """A float parameter of at most two distinct values that are not all equal (an identity, a 0/1 pattern):
    the sha256 of its float32 values, else None. Such a weight is as known in advance as a constant one, and
    a value map moves equal values to equal values: a kernel reading two of its elements could assume the rest
    (red-team round 10, R10A_08, `x @ eye` as `a*x + b*(rowsum(x) - x)`). It is moved element by element."""
    try:
        if not t.is_floating_point() or t.numel() < 4:
            return None
        with _no_grad():  # told on the tensor's device first: a host copy only for a two-valued one
            flat = t.detach().reshape(-1)
            lo, hi = torch.aminmax(flat)
            if not bool(torch.isfinite(lo) & torch.isfinite(hi) & (lo != hi)) or not bool(((flat == lo) | (flat == hi)).all()):
                return None
            return hashlib.sha256(flat.to(device="cpu", dtype=torch.float32).numpy().tobytes()).hexdigest()
    except Exception:
        return None


def structured_perturbed(name: str, t: torch.Tensor, seed: int) -> torch.Tensor:
    """A structured parameter's values moved per element (float32, on the CPU): the same in both workers,
    which hold the same values in the same layout (the digest matched)."""
    gen = torch.Generator().manual_seed(_name_seed(seed, name))
    v = t.detach().reshape(-1).to(device="cpu", dtype=torch.float32)
    return (v + NOISE * v.abs().clamp(min=1.0) * torch.randn(v.shape, generator=gen)).reshape(t.shape)


def _name_seed(seed: int, name: str) -> int:
    return int(hashlib.sha256(f"{seed}:{name}".encode()).hexdigest()[:8], 16)  # a CPU generator keeps 32 bits


def perturbed(name: str, shape: list[int], value: float, seed: int, positive: bool = False) -> torch.Tensor:
    """The perturbed values of constant parameter or buffer `name` (float32, on the CPU): the same in both
    workers. `positive`: a positive constant buffer (a variance), kept positive."""
    gen = torch.Generator().manual_seed(_name_seed(seed, name))
    n1 = torch.randn(tuple(shape), generator=gen)
    n2 = torch.randn(tuple(shape), generator=gen)
    if positive:
        return value * torch.exp(2 * NOISE * n1)
    return value * (1 + NOISE * n1) + NOISE * max(abs(value), 1.0) * n2


def _write(t: torch.Tensor, values: torch.Tensor) -> None:
    with _no_grad():
        t.copy_(values.reshape(t.shape).to(dtype=t.dtype, device=t.device))


def perturb_reference(model, seed: int) -> list[dict]:
    """Perturb the reference's constant float parameters and buffers in place; returns them as they were
    (name, shape, value; `buffer` and `positive` for buffers) for the candidate's run."""
    out = []
    for name, kind, t in model_tensors(model):
        c = _constant(t) if kind in ("param", "buffer") else None
        if c is None and kind == "param" and not any(name == p["name"] for p in out):
            digest = _digest(t)
            if digest is not None:
                out.append({"name": name, "shape": list(t.shape), "digest": digest})
                _write(t, structured_perturbed(name, t, seed))
            continue
        if c is None or any(name == p["name"] for p in out):
            continue
        entry = {"name": name, "shape": list(t.shape), "value": c}
        if kind == "buffer":
            entry.update(buffer=True, positive=c > 0)
        out.append(entry)
        _write(t, perturbed(name, list(t.shape), c, seed, bool(entry.get("positive"))))
    return out


def perturb_candidate(model, seed: int, ref_params: list[dict]) -> list[str]:
    """Write the reference's perturbed constant parameters into the tensors of the candidate's model that hold
    them (see the module docstring for the matching); returns the names of those it holds nowhere."""
    tensors = [(n, k, t) for n, k, t in model_tensors(model) if t.is_floating_point()]
    used: set[int] = set()  # ids: a tensor held under two names (a parameter and an attribute) is one
    missing = []
    for p in ref_params:
        free = [(n, k, t) for n, k, t in tensors if id(t) not in used]
        if p.get("digest"):  # a structured parameter: the same values in the same layout, moved alike
            name, shape = p["name"], tuple(p["shape"])
            same = [t for n, k, t in free if tuple(t.shape) == shape and _digest(t) == p["digest"]]
            hit = next((t for n, k, t in free if n == name and any(t is x for x in same)), same[0] if same else None)
            try:
                if hit is None:
                    raise LookupError(name)
                _write(hit, structured_perturbed(name, hit, seed))
                used.add(id(hit))
            except Exception:  # not held, or not writable in place
                missing.append(name)
            continue
        name, shape, c = p["name"], tuple(p["shape"]), float(p["value"])
        hit = next((t for n, k, t in free if n == name and k != "attr" and tuple(t.shape) == shape), None)
        if hit is None:
            hit = next((t for _, _, t in free if tuple(t.shape) == shape and _constant(t) == c), None)
        if hit is None:  # a reshaped copy (a bias kept flat)
            hit = next((t for _, _, t in free if t.numel() == math.prod(shape) and _constant(t) == c), None)
        if hit is not None:
            used.add(id(hit))
            try:
                _write(hit, perturbed(name, list(shape), c, seed, bool(p.get("positive"))))
                continue
            except Exception:  # a tensor that cannot be written in place (an inference tensor, a strided view)
                pass
        missing.append(name)
    return missing
