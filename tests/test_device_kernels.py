"""The profiler's second opinion on a GPU (issue 23, item 3): a device kernel that no aten op launched must be
one of the forward's own Triton kernels, and an aten op that launched kernels must have been seen by the
compute watch. Attribution is checked here on synthetic Kineto records; the GPU-marked tests run the real
profiler (pytest -m gpu on the device machine)."""
from dataclasses import dataclass

import pytest
import torch

from tritonrl.verifier_workers.sandbox.worker.device_kernels import DeviceKernels, _attribute

CPU, CUDA = torch.autograd.DeviceType.CPU, torch.autograd.DeviceType.CUDA
GEMM = "sm90_xmma_gemm_f32f32_tf32f32_f32_tn_n_tilesize128x128x32_warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas"


@dataclass
class Ev:  # the part of torch's _KinetoEvent that attribution reads
    n: str
    dev: object
    corr: int = 0
    linked: int = 0
    start: int = 0
    end: int = 0
    tid: int = 1
    annotation: bool = False

    def name(self): return self.n
    def is_user_annotation(self): return self.annotation
    def device_type(self): return self.dev
    def correlation_id(self): return self.corr
    def linked_correlation_id(self): return self.linked
    def start_ns(self): return self.start
    def end_ns(self): return self.end
    def start_thread_id(self): return self.tid


def test_kernels_are_attributed_to_the_aten_op_around_their_launch():
    events = [Ev("aten::mm", CPU, start=10, end=50), Ev("cudaLaunchKernel", CPU, corr=7, start=20, end=21),
              Ev(GEMM, CUDA, corr=7),
              Ev("aten::add_", CPU, linked=9, start=60, end=70), Ev("vectorized_elementwise_kernel", CUDA, corr=9),
              Ev("cuLaunchKernelEx", CPU, corr=11, start=80, end=81), Ev("relu_kernel", CUDA, corr=11),
              Ev("Memcpy DtoD (Device -> Device)", CUDA, corr=12),
              Ev("triton::relu", CUDA, annotation=True)]  # record_function's mark on the device timeline
    names, ops = _attribute(events)
    assert names == ["relu_kernel"] and ops == {"mm": 1, "add_": 1}


def test_every_enclosing_op_is_named_outermost_first():
    # the watch sees `zero_` (or `clone`); the kernel's innermost op is `fill_` (or `copy_`)
    events = [Ev("aten::zero_", CPU, start=10, end=60), Ev("aten::fill_", CPU, start=20, end=50),
              Ev("cudaLaunchKernel", CPU, corr=7, start=30, end=31), Ev("vectorized_elementwise_kernel", CUDA, corr=7)]
    names, ops = _attribute(events)
    assert names == [] and ops == {"zero_|fill_": 1}
    k = kernels(ops=ops)
    assert k.unwatched({"zero_"}) == {} and k.unwatched({"empty"}) == {"device_unwatched:zero_|fill_": 1}


def test_a_launch_on_another_thread_is_not_the_ops():
    events = [Ev("aten::mm", CPU, start=10, end=50, tid=1), Ev("cudaLaunchKernel", CPU, corr=7, start=20, tid=2),
              Ev(GEMM, CUDA, corr=7)]
    assert _attribute(events) == ([GEMM], {})


def kernels(names=(), ops=None):
    k = DeviceKernels()
    k.names, k.ops, k.ok = list(names), dict(ops or {}), True
    return k


def test_only_the_forwards_own_triton_kernels_may_run_outside_aten():
    k = kernels(["relu_kernel", "relu_kernel", GEMM, "matmul_kernel"])
    assert k.foreign({"relu_kernel"}) == {f"device:{GEMM[:80]}": 1, "device:matmul_kernel": 1}


def test_an_op_the_watch_never_saw_is_reported():
    k = kernels(ops={"mm": 2, "clone|copy_": 1})
    assert k.unwatched({"clone", "empty"}) == {"device_unwatched:mm": 2}


needs_gpu = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


@pytest.mark.gpu
@needs_gpu
def test_the_profiler_attributes_real_aten_kernels_and_sees_a_triton_launch():
    import triton
    import triton.language as tl

    @triton.jit
    def twice_kernel(x_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)

    a = torch.randn(64, 64, device="cuda")
    twice_kernel[(1,)](a, 64, BLOCK=64)  # compiled outside the profiled span
    with DeviceKernels() as k:
        b = torch.zeros(1000, device="cuda")
        torch.cat([b, b.to(torch.float16).float()]).clone()
        torch.mm(a, a)
        twice_kernel[(1,)](a, 64, BLOCK=64)
        torch.cuda.synchronize()
    print("unattributed:", k.names, "ops:", k.ops)
    assert k.ok
    assert k.names == ["twice_kernel"] and k.foreign({"twice_kernel"}) == {}
    assert "mm" in k.ops and k.unwatched({"mm", "zeros", "cat", "clone", "_to_copy"}) == {}


@pytest.mark.gpu
@needs_gpu
def test_an_aten_op_hidden_from_the_watch_is_caught_by_the_profiler():
    from tritonrl.verifier_workers.sandbox.worker.watch import ComputeWatch

    a = torch.randn(64, 64, device="cuda")
    watch = ComputeWatch()
    with DeviceKernels() as k:
        with watch:
            with torch._C._DisableTorchDispatch():  # below the dispatch mode: the watch sees nothing
                torch.mm(a, a)
        torch.cuda.synchronize()
    assert "mm" not in watch.seen and "device_unwatched:mm" in k.unwatched(watch.seen), (k.ops, watch.seen)


@pytest.mark.gpu
@needs_gpu
def test_a_watched_forwards_allocations_and_copies_are_all_seen():
    # what refused 92 honest corpus files with innermost-op attribution: zero_/clone/contiguous/to run fill_/copy_
    from tritonrl.verifier_workers.sandbox.worker.watch import ComputeWatch

    a = torch.randn(64, 64, device="cuda")
    watch = ComputeWatch()
    with DeviceKernels() as k:
        with watch:
            torch.zeros(8, device="cuda").zero_()
            a.t().contiguous().clone().to(torch.float16)
            torch.empty(4, device="cuda").fill_(1.0)
        torch.cuda.synchronize()
    assert k.ok and k.ops and k.unwatched(watch.seen) == {}, (k.ops, watch.seen)
