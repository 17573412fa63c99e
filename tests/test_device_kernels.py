"""The profiler's second opinion on a GPU (issue 23, item 3): device kernels that are neither the forward's
Triton launches nor data movement are compute. The classification is checked here on recorded kernel
names; the GPU-marked tests run the real profiler (pytest -m gpu on the device machine)."""
import pytest
import torch

from tritonrl.verifier_workers.sandbox.worker.device_kernels import DeviceKernels

FILL = ("void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, std::array<char*, 1ul> >"
        "(int, at::native::FillFunctor<float>, std::array<char*, 1ul>)")
COPY = ("void at::native::vectorized_elementwise_kernel<4, at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)"
        "::{lambda()#3}::operator()() const::{lambda()#7}::operator()() const::{lambda(float)#1}, std::array<char*, 2ul> >"
        "(int, at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() const::"
        "{lambda()#7}::operator()() const::{lambda(float)#1}, std::array<char*, 2ul>)")
CAT = ("void at::native::(anonymous namespace)::CatArrayBatchedCopy_contig<at::native::(anonymous namespace)::"
       "OpaqueType<4u>, unsigned int, 2, 128, 1>(at::native::(anonymous namespace)::OpaqueType<4u>*, ...)")
ADD = ("void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>, std::array<char*, 3ul> >"
       "(int, at::native::CUDAFunctor_add<float>, std::array<char*, 3ul>)")
SUM = ("void at::native::reduce_kernel<512, 1, at::native::ReduceOp<float, at::native::func_wrapper_t<float, "
       "at::native::sum_functor<float, float, float>::operator()(at::TensorIterator&)::{lambda(float, float)#1}>, "
       "unsigned int, float, 4, 4> >(at::native::ReduceOp<...>)")
GEMM = "sm90_xmma_gemm_f32f32_tf32f32_f32_tn_n_tilesize128x128x32_warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas"
INDEX_COPY = "void at::native::index_copy_kernel_impl<float>(at::TensorIterator&, long, long, long)"


def kernels(*names):
    k = DeviceKernels()
    k.names, k.ok = list(names), True
    return k


def test_data_movement_and_the_forwards_triton_kernels_are_not_compute():
    k = kernels(FILL, COPY, CAT, "Memcpy DtoD (Device -> Device)", "Memset (Device)", "relu_kernel", "relu_kernel")
    assert k.foreign({"relu_kernel"}) == {}


def test_aten_and_library_kernels_are_compute_by_short_name():
    got = kernels(ADD, SUM, GEMM, GEMM).foreign(set())
    assert got == {"device:at::native::vectorized_elementwise_kernel": 1, "device:at::native::reduce_kernel": 1,
                   f"device:{GEMM[:80]}": 2}


def test_a_functor_named_like_a_copy_is_not_data_movement():
    assert kernels(INDEX_COPY).foreign(set()) == {"device:at::native::index_copy_kernel_impl": 1}


def test_a_triton_kernel_of_another_forward_is_compute():
    # a name is trusted only if this forward's own launches reported it
    assert kernels("matmul_kernel").foreign({"relu_kernel"}) == {"device:matmul_kernel": 1}



@pytest.mark.gpu
@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_profiler_sees_a_gemm_the_watch_does_not():
    # watch=False: only the profiler looks, so a torch matmul must be found by it alone
    from tritonrl.verifier_workers.sandbox.worker.run_op import _forward

    class Cheat(torch.nn.Module):
        def forward(self, a, b):
            out = torch.empty(a.shape[0], b.shape[1], device=a.device)
            torch.mm(a, b, out=out)
            return out

    x = [torch.randn(64, 64, device="cuda"), torch.randn(64, 64, device="cuda")]
    _, info = _forward(Cheat(), x, "cuda", "no_grad", watch=False, check=True)
    assert info["device_kernels"] is True
    assert "torch_compute_runtime" in info["violations"], info
    assert any(op.startswith("device:") for op in info["compute_ops"]), info["compute_ops"]


@pytest.mark.gpu
@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_profiler_passes_fill_copy_cat_and_lists_real_names():
    with DeviceKernels() as k:
        a = torch.zeros(1000, device="cuda")
        b = a.to(torch.float64).to(torch.float32).t().contiguous()
        torch.cat([a, b]).clone()
        torch.cuda.synchronize()
    assert k.ok and k.names, k.names
    print("\n".join(k.names))  # the real names, for docs/verifier-allowlist.md
    assert k.foreign(set()) == {}, k.names
    with DeviceKernels() as k:
        (a + 1).sum()
        torch.cuda.synchronize()
    assert len(k.foreign(set())) == 2, k.names
