"""Weight-update methods mixed into every vLLM worker (`LLM(worker_extension_cls=...)`, vLLM >= 0.8.2).

Called through `llm.collective_rpc("<method>", args=...)`; `self` is the vLLM worker, so `self.model_runner`
and `self.device` are available. Three transports, one sink (`model.load_weights`, which maps HF names
to vLLM's fused parameters):
- tensors by value: CPU engines, and the Ray object-store fallback across nodes;
- NCCL broadcast from learner rank 0 over a separate StatelessProcessGroup (disaggregated GPUs);
- CUDA IPC handles when the learner and the engine share a GPU (colocated).
"""
from __future__ import annotations

import pickle
from contextlib import contextmanager
from typing import Any

import torch

try:  # newer vLLM: in-place reload that re-runs post-load processing (CPU GEMM repacking, quantisation)
    from vllm.model_executor.model_loader.reload import finalize_layerwise_reload, initialize_layerwise_reload
except ImportError:  # older vLLM on GPU: unquantised weights are used as loaded, plain load_weights is enough
    initialize_layerwise_reload = finalize_layerwise_reload = None


class WeightUpdateExtension:
    def _model(self) -> torch.nn.Module:
        runner = self.model_runner
        # get_model() unwraps CUDA-graph wrappers; older runners only have .model
        return runner.get_model() if hasattr(runner, "get_model") else runner.model

    @contextmanager
    def _reloading(self):
        """Bracket one whole sync; layers are re-processed once all their tensors have arrived."""
        model = self._model()
        if initialize_layerwise_reload is None:
            yield model
            return
        initialize_layerwise_reload(model)
        try:
            yield model
        finally:
            try:
                finalize_layerwise_reload(model, self.model_config)
            except TypeError:  # early versions take the model only
                finalize_layerwise_reload(model)

    def _load(self, named: Any) -> int:
        named = list(named.items()) if isinstance(named, dict) else list(named)
        with self._reloading() as model:
            model.load_weights(weights=named)
        return len(named)

    def update_weights_from_tensors(self, named_tensors: Any) -> int:
        """`named_tensors`: [(name, tensor)], {name: tensor}, or an ObjectRef to either (Ray executor)."""
        if type(named_tensors).__name__ == "ObjectRef":
            import ray

            named_tensors = ray.get(named_tensors)
        return self._load(named_tensors)

    # ------------------------------------------------------------------ NCCL (GPU, disaggregated)
    def init_weight_update_group(self, master_address: str, master_port: int, rank_offset: int,
                                 world_size: int, backend: str = "nccl") -> None:
        """Join the learner's broadcast group as rank `rank_offset + <this worker's rank in vLLM>`."""
        from vllm.distributed.device_communicators.pynccl import PyNcclCommunicator
        from vllm.distributed.parallel_state import get_world_group
        from vllm.distributed.utils import StatelessProcessGroup

        if backend != "nccl":
            raise ValueError(f"weight update group backend must be 'nccl', got {backend!r}")
        rank = get_world_group().rank + rank_offset
        group = StatelessProcessGroup.create(host=master_address, port=master_port, rank=rank, world_size=world_size)
        self._weight_update_comm = PyNcclCommunicator(group, device=self.device)

    def _receive(self, dtype: str, shape: list[int]) -> torch.Tensor:
        weight = torch.empty(shape, dtype=getattr(torch, dtype), device=self.device)
        self._weight_update_comm.broadcast(weight, src=0, stream=torch.cuda.current_stream())
        return weight

    def update_weight_nccl(self, name: str, dtype: str, shape: list[int]) -> None:
        """Receive and load one tensor (OpenRLHF's per-parameter protocol). Plain load_weights: right for
        unquantised GPU weights; a fused layer may arrive in pieces, so no per-tensor reload bracket here."""
        self._model().load_weights(weights=[(name, self._receive(dtype, shape))])

    def update_weights_nccl(self, metas: list[tuple[str, str, list[int]]]) -> int:
        """All tensors of one sync, received in the order the learner broadcasts them (one RPC, not one per tensor)."""
        with self._reloading() as model:
            for name, dtype, shape in metas:
                model.load_weights(weights=[(name, self._receive(dtype, shape))])
        torch.cuda.synchronize()
        return len(metas)

    # ------------------------------------------------------------------ CUDA IPC (GPU, colocated)
    def gpu_uuid(self) -> str:
        """The physical GPU of this worker: IPC needs the learner on the same one."""
        return str(torch.cuda.get_device_properties(self.device).uuid)

    def update_weights_from_ipc_handles(self, payload: bytes) -> int:
        """`payload`: pickled {gpu_uuid: [(name, (rebuild_fn, args))]} from torch's `reduce_tensor`.

        Pickled by the (trusted) learner so it passes vLLM's msgpack RPC unchanged. Handles are keyed by
        the physical GPU, since CUDA_VISIBLE_DEVICES numbers devices differently in each process.
        """
        handles = pickle.loads(payload)
        uuid = str(torch.cuda.get_device_properties(self.device).uuid)
        if uuid not in handles:
            raise RuntimeError(f"no IPC handles for this worker's GPU {uuid}; got {list(handles)}")
        named = []
        for name, (rebuild, args) in handles[uuid]:
            args = list(args)
            args[6] = self.device.index  # the storage device, renumbered for this process
            named.append((name, rebuild(*args)))
        with self._reloading() as model:
            model.load_weights(weights=named)
        torch.cuda.synchronize()
        return len(named)
