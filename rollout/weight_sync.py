"""Trainer-side weight senders: learner weights -> rollout engines, behind one small interface.

`sender.send(source)` where `source` is any of
- a {HF name: tensor} mapping, or an `nn.Module` (its state_dict),
- a Ray ObjectRef to such a mapping (e.g. `ray.put` by learner rank 0, so the weights skip the driver),
- an object with `state_dict_for_sync()` returning one of the above (e.g. the learner group).

Transports (all land in WeightUpdateExtension inside the vLLM workers, so they work on vLLM < 0.28 and
>= 0.28 alike; vLLM's own WeightTransferConfig engines could sit behind this same interface later):
- ObjectStoreSender: CPU engines and the cross-node fallback. One `ray.put`, each engine `ray.get`s it.
- NCCLSender: learner rank 0 broadcasts each tensor over a StatelessProcessGroup + PyNcclCommunicator.
  Construct it *in learner rank 0's process* (it owns a GPU and the weights).
- IPCSender: learner and engine share a GPU; CUDA IPC handles, no copy over the wire.
"""
from __future__ import annotations

import pickle
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any

import ray
import torch

from tritonrl.cluster import free_port

PREFIXES = ("module.", "_orig_mod.")  # DeepSpeed / DDP wrappers, torch.compile


def named_weights(source: Any) -> Mapping[str, torch.Tensor]:
    """A {HF name: tensor} view of `source` (not an ObjectRef)."""
    if hasattr(source, "state_dict_for_sync"):
        source = source.state_dict_for_sync()
        if isinstance(source, ray.ObjectRef):
            source = ray.get(source)
    if isinstance(source, torch.nn.Module):
        source = source.state_dict()
    if not isinstance(source, Mapping):
        raise TypeError(f"cannot send weights from a {type(source).__name__}: need a name->tensor mapping, "
                        "an nn.Module, an ObjectRef or an object with state_dict_for_sync()")
    out = {}
    for name, t in source.items():
        for p in PREFIXES:
            name = name.removeprefix(p)
        out[name] = t.detach()
    return out


class WeightSender(ABC):
    def __init__(self, engines: list):
        if not engines:
            raise ValueError("a weight sender needs at least one engine")
        self.engines = engines

    @abstractmethod
    def send(self, source: Any) -> None:
        """Push `source`'s weights into every engine; returns when all engines have loaded them."""


class ObjectStoreSender(WeightSender):
    def __init__(self, engines: list, dtype: torch.dtype | None = None):
        super().__init__(engines)
        self.dtype = dtype  # e.g. bf16 halves the bytes for a bf16 engine

    def send(self, source: Any) -> None:
        if hasattr(source, "state_dict_for_sync"):
            source = source.state_dict_for_sync()
        if isinstance(source, ray.ObjectRef):
            ref = source
        else:
            ref = ray.put({n: t.to("cpu", self.dtype or t.dtype).contiguous() for n, t in named_weights(source).items()})
        # a top-level ObjectRef argument reaches the actor as the dict it points to
        ray.get([e.update_weights.remote(ref) for e in self.engines])


class NCCLSender(WeightSender):
    """Rank 0 of a fresh group whose other ranks are all vLLM workers of all engines."""

    def __init__(self, engines: list, dtype: torch.dtype | None = None, master_address: str | None = None,
                 master_port: int | None = None):
        super().__init__(engines)
        if not torch.cuda.is_available():
            raise RuntimeError("NCCLSender needs CUDA in this process (construct it in learner rank 0)")
        from vllm.distributed.device_communicators.pynccl import PyNcclCommunicator
        from vllm.distributed.utils import StatelessProcessGroup

        self.dtype = dtype
        tp_sizes = ray.get([e.tensor_parallel_size.remote() for e in engines])
        world_size = 1 + sum(tp_sizes)
        address = master_address or ray.util.get_node_ip_address()
        port = master_port or free_port()
        refs, offset = [], 1
        for engine, tp in zip(engines, tp_sizes):
            refs.append(engine.init_weight_update_group.remote(address, port, offset, world_size, "nccl"))
            offset += tp
        group = StatelessProcessGroup.create(host=address, port=port, rank=0, world_size=world_size)
        self.comm = PyNcclCommunicator(group, device=torch.cuda.current_device())
        ray.get(refs)

    def send(self, source: Any) -> None:
        named = named_weights(source)
        dtype = lambda t: self.dtype or t.dtype  # noqa: E731
        metas = [(n, str(dtype(t)).removeprefix("torch."), list(t.shape)) for n, t in named.items()]
        # one RPC per engine; its workers receive the broadcasts in the order of `metas`
        refs = [e.update_weights_nccl.remote(metas) for e in self.engines]
        stream = torch.cuda.current_stream()
        for t in named.values():
            self.comm.broadcast(t.to("cuda", dtype(t)).contiguous(), src=0, stream=stream)
        stream.synchronize()
        ray.get(refs)


class IPCSender(WeightSender):
    """Colocated: engines on this process's GPU map the learner's tensors through CUDA IPC handles."""

    def __init__(self, engines: list, dtype: torch.dtype | None = None):
        super().__init__(engines)
        if not torch.cuda.is_available():
            raise RuntimeError("IPCSender needs CUDA in this process (colocated learner rank)")
        self.dtype = dtype

    def send(self, source: Any) -> None:
        from torch.multiprocessing.reductions import reduce_tensor

        device = torch.cuda.current_device()
        uuid = str(torch.cuda.get_device_properties(device).uuid)
        # keep the tensors alive until every engine has copied them
        tensors = {n: t.to(device, self.dtype or t.dtype).contiguous() for n, t in named_weights(source).items()}
        torch.cuda.synchronize()
        payload = pickle.dumps({uuid: [(n, reduce_tensor(t)) for n, t in tensors.items()]})
        ray.get([e.update_weights_ipc.remote(payload) for e in self.engines])
        del tensors


TRANSPORTS = ("object_store", "nccl", "ipc")


def choose_transport(requested: str, on_gpu: bool, engine_transports: list[list[str]],
                     learner_gpu: str | None = None, engine_gpus: list[str] | None = None) -> str:
    """The one rule for learner -> engine weights. `requested`: auto | object_store | nccl | ipc.

    auto: the object store unless the learner is on a GPU and every engine takes GPU transports; then CUDA
    IPC when every engine runs on the learner's own GPU (`learner_gpu`, `engine_gpus`: physical UUIDs),
    else NCCL. An explicit GPU transport that the setup cannot do is a ValueError naming why.
    """
    if requested not in ("auto", *TRANSPORTS):
        raise ValueError(f"rollout.weight_sync must be auto | {' | '.join(TRANSPORTS)}, got {requested!r}")
    if requested == "object_store":
        return requested
    gpu_ok = on_gpu and bool(engine_transports) and all({"ipc", "nccl"} <= set(t) for t in engine_transports)
    if requested == "auto":
        if not gpu_ok:
            return "object_store"
        colocated = learner_gpu is not None and bool(engine_gpus) and set(engine_gpus) == {learner_gpu}
        return "ipc" if colocated else "nccl"
    if not gpu_ok:
        raise ValueError(f"rollout.weight_sync={requested} needs CUDA and vLLM engines; use object_store")
    return requested


def make_sender(kind: str, engines: list, **kwargs: Any) -> WeightSender:
    """A sender for `kind` (object_store | nccl | ipc; "auto" resolved by choose_transport from this
    process's GPU and the engines' own GPUs)."""
    if kind == "auto":
        uuid = str(torch.cuda.get_device_properties(torch.cuda.current_device()).uuid) if torch.cuda.is_available() else None
        kind = choose_transport(kind, torch.cuda.is_available(), ray.get([e.transports.remote() for e in engines]),
                                uuid, [u for us in ray.get([e.gpu_uuids.remote() for e in engines]) for u in us])
    senders = {"object_store": ObjectStoreSender, "nccl": NCCLSender, "ipc": IPCSender}
    if kind not in senders:
        raise ValueError(f"weight sender kind must be auto | {' | '.join(TRANSPORTS)}, got {kind!r}")
    return senders[kind](engines, **kwargs)
