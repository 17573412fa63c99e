"""The static checks' allow-lists and tables for the forward path: what PyTorch may do around the kernels
(allocation, views, shape and settings reads), which tensor methods compute, and the few names outside the
public API that generated code legitimately uses. Rules that use them: rules.py, qualnames.py, kinds.py,
forward.py."""
from __future__ import annotations

TORCH_ALLOWED = {
    "empty", "empty_like", "empty_strided", "zeros", "zeros_like", "ones", "ones_like", "full", "full_like",
    "arange", "tensor", "as_tensor", "Size", "finfo", "iinfo", "device", "dtype", "Tensor", "is_tensor",
    "is_floating_point", "get_default_dtype", "promote_types", "result_type", "broadcast_shapes", "no_grad",
    "enable_grad", "inference_mode", "is_grad_enabled", "__version__", "version", "strided", "contiguous_format",
    "channels_last", "float", "float32", "float64", "double", "float16", "half", "bfloat16", "int", "int8",
    "int16", "int32", "int64", "long", "short", "uint8", "uint16", "uint32", "uint64", "bool", "complex64",
    "complex128", "cfloat", "cdouble",
    "cuda", "cuda.is_available", "cuda.current_device", "cuda.device_count", "cuda.get_device_properties",
    "cuda.get_device_capability", "cuda.get_device_name", "cuda.synchronize", "cuda.device", "cuda.set_device",
    "nn", "nn.Parameter", "nn.Module", "nn.Buffer", "nn.parameter.Parameter",
    # reads of sizes, flags and settings (writing the settings is monkeypatch)
    "numel", "get_float32_matmul_precision", "get_default_device", "is_inference_mode_enabled",
    "jit.is_scripting", "jit.is_tracing", "compiler.is_compiling", "compiler.is_dynamo_compiling",
    "randint",  # a seed for in-kernel dropout (tl.rand): random, not computed from the inputs
    "library.wrap_triton",  # eager: `wrap_triton(k)[grid](...)` is `k[grid](...)` (kinds.py)
    "backends.cuda.matmul.allow_tf32", "backends.cudnn.allow_tf32",
    "backends.cuda.matmul.allow_fp16_reduced_precision_reduction",
    # Inductor's output style (KernelBook-trained models write it): a shape assertion and allocations
    "_C._dynamo.guards.assert_size_stride", "_C._dynamo.guards._empty_strided_cpu",
    "_C._dynamo.guards._empty_strided_cuda",
    # ... and the rest of its header: the grid helper, the current stream, the device guard
    "_inductor.runtime.triton_heuristics.grid", "_C._cuda_getCurrentRawStream", "cuda._DeviceGuard",
    # nn.Linear's own reset_parameters, copied to draw the reference's weights (fan-in from the shape)
    "nn.init._calculate_fan_in_and_fan_out", "nn.init._calculate_correct_fan",
    # profiler markers and grad/device context managers: no compute (the run-time watch allows their ops);
    # autocast is judged where it appears (rules.py: only `enabled=False`, which turns it off, passes)
    "autograd.profiler.record_function", "profiler.record_function", "cuda.nvtx.range_push", "cuda.nvtx.range_pop",
    "cuda.nvtx.range", "cuda.nvtx.mark", "set_grad_enabled", "cuda.device_of", "is_complex", "autocast",
    "amp.autocast", "cuda.amp.autocast",
    # nn's tuple helpers and type aliases, as nn.Conv2d's own code uses them (kernel_size=3 -> (3, 3))
    *(f"nn.modules.utils.{n}" for n in ("_single", "_pair", "_triple", "_quadruple", "_ntuple")),
    "nn.common_types", *(f"nn.common_types.{n}" for n in (
        "_size_any_t", "_size_1_t", "_size_2_t", "_size_3_t", "_size_4_t", "_size_5_t", "_size_6_t",
        "_size_any_opt_t", "_size_2_opt_t", "_size_3_opt_t", "_ratio_2_t", "_ratio_3_t", "_ratio_any_t")),
}
# flag reads under prefixes that are otherwise flagged (torch.jit is torch_compute)
QUALIFIED_EXCEPTIONS = {"torch.jit.is_scripting", "torch.jit.is_tracing", "torch.compiler.is_compiling",
                        "torch.compiler.is_dynamo_compiling", "torch.amp.custom_fwd", "torch.amp.custom_bwd",
                        "torch.cuda.amp.custom_fwd", "torch.cuda.amp.custom_bwd", *(f"torch.{n}" for n in
                        ("_C._dynamo.guards.assert_size_stride", "_C._dynamo.guards._empty_strided_cpu",
                         "_C._dynamo.guards._empty_strided_cuda", "_C._dynamo.guards._reinterpret_tensor",
                         "_inductor.runtime.triton_heuristics.grid", "_C._cuda_getCurrentRawStream",
                         "cuda._DeviceGuard", "nn.init._calculate_fan_in_and_fan_out",
                         "nn.init._calculate_correct_fan",
                         # eager: `wrap_triton(k)[grid](...)` is `k[grid](...)` (only torch.compile traces it)
                         "library.wrap_triton"))}
QUALIFIED_EXCEPTIONS |= {f"torch.{n}" for n in TORCH_ALLOWED if n.startswith(("nn.modules.utils.", "nn.common_types."))}
# Triton's tutorials' read-only device queries (a stand-in answers them on a CPU: interpreter_driver.py)
DRIVER_QUERIES = {"triton.runtime.driver", "triton.runtime.driver.active", "triton.runtime.driver.active.utils",
                  "triton.runtime.driver.active.get_active_torch_device",
                  "triton.runtime.driver.active.get_current_device",
                  "triton.runtime.driver.active.get_current_target",
                  "triton.runtime.driver.active.utils.get_device_properties"}
QUALIFIED_EXCEPTIONS |= DRIVER_QUERIES
INDUCTOR_PREFIXES = ("torch._C._dynamo.guards", "torch._C._dynamo", "torch._C", "torch._inductor",
                     "torch._inductor.runtime", "torch._inductor.runtime.triton_heuristics")  # on the way to those
# Inductor's header imports cuBLAS as `extern_kernels` whether or not the code calls it: unused, it is fine
EXTERN_KERNELS = "torch._inductor.select_algorithm.extern_kernels"
# Inductor's Triton helpers, imported as KernelBook's kernels do: @triton.jit functions and the Triton modules
# it re-exports. Names under them are rewritten to what they are (`canonical`) before any rule sees them.
INDUCTOR_HELPERS = "torch._inductor.runtime.triton_helpers"
HELPERS_AS_TRITON = "triton.language.inductor_helpers"
_CANONICAL = ((f"{INDUCTOR_HELPERS}.libdevice", "triton.language.extra.libdevice"),
              (f"{INDUCTOR_HELPERS}.math", "triton.language.math"), (INDUCTOR_HELPERS, HELPERS_AS_TRITON))
# its public @triton.jit functions; its Python-side names (pymath, set_driver_to_*, ...) stay private_api
INDUCTOR_HELPER_FUNCTIONS = {
    "any", "bucketize_binary_search", "device_assert_then", "div_floor_integer", "exclusive_scan_decoupled_lookback",
    "exclusive_scan_decoupled_lookback_64", "exp", "fp8e4m3fn_to_float32", "frexp", "is_floating", "max2",
    "max_with_index", "maximum", "maximum_with_index", "min2", "min_with_index", "minimum", "minimum_with_index",
    "online_softmax_combine", "online_softmax_combine_with_sum", "online_softmax_reduce", "pack_value_flag",
    "pow_integer", "prod", "promote_to_tensor", "rand4x", "randint64", "randn4x", "remainder_integer",
    "select_one", "sort_with_index", "unpack_flag", "unpack_value", "welford", "welford_combine",
    "welford_reduce", "libdevice", "math"}


def canonical(q: str) -> str:
    """A qualified name as the rules should see it: Inductor's Triton helpers are Triton language."""
    if q.startswith("torch._inductor.runtime.triton_helpers"):
        for src, dst in _CANONICAL:
            if q == src or q.startswith(src + "."):
                return dst + q[len(src):]
    return q
# torch.* functions that only re-view or re-shape (the function forms of TENSOR_VIEW_METHODS)
TORCH_VIEW_FUNCTIONS = {"flatten", "unflatten", "reshape", "squeeze", "unsqueeze", "permute", "transpose", "t",
                        "narrow", "select", "split", "chunk", "unbind", "movedim", "moveaxis", "swapaxes",
                        "swapdims", "broadcast_to", "broadcast_tensors", "as_strided", "ravel", "tensor_split",
                        "atleast_1d", "atleast_2d", "atleast_3d", "view_as_real", "view_as_complex", "detach",
                        "_C._dynamo.guards._reinterpret_tensor",
                        # data movement, no arithmetic (the compute watch allows their aten ops too)
                        "cat", "concat", "concatenate", "stack", "nn.functional.pad"}
NN_CONTAINERS = {"ModuleList", "Sequential", "ModuleDict", "ParameterList", "ParameterDict"}
LOW_PRECISION = {"float16": "float16", "half": "float16", "bfloat16": "bfloat16", "HalfTensor": "float16",
                 "BFloat16Tensor": "bfloat16"}  # plus every float8_* dtype
TENSOR_VIEW_METHODS = {  # return a tensor, do no arithmetic
    "contiguous", "view", "reshape", "flatten", "unflatten", "permute", "transpose", "t", "expand", "expand_as",
    "view_as", "reshape_as", "squeeze", "unsqueeze", "narrow", "select", "as_strided", "clone", "detach",
    "new_empty", "new_zeros", "new_ones", "new_full", "new_tensor", "new_empty_strided", "fill_", "zero_",
    "copy_", "to", "float", "double", "long", "int", "bool", "cuda", "cpu", "split", "chunk", "unbind",
    "tensor_split", "movedim", "moveaxis", "swapaxes", "swapdims", "unfold", "diagonal", "requires_grad_",
    "type_as", "pin_memory", "untyped_storage", "ravel", "broadcast_to", "unsqueeze_", "squeeze_", "transpose_",
    "t_", "swapdims_", "swapaxes_", "as_strided_", "new"}
TENSOR_META_METHODS = {  # return Python values
    "size", "stride", "numel", "dim", "ndimension", "is_contiguous", "element_size", "item", "storage_offset",
    "is_floating_point", "is_complex", "get_device", "nelement", "data_ptr", "type"}
# copy a whole tensor into Python/numpy objects: the way to compute on the host around the rules. Never
# needed by a kernel wrapper (shapes come from .shape/.size()/.stride()), so flagged anywhere in the file
HOST_COPY_METHODS = {"numpy", "tolist"}
TENSOR_ATTRS = {"T", "mT", "H", "mH", "data", "real", "imag"}  # attributes that are tensors
# attributes, not methods: `x.shape(0)` is a TypeError at run time (a broken kernel), not PyTorch compute
TENSOR_NON_CALLABLE = TENSOR_ATTRS | {"shape", "dtype", "device", "ndim", "is_cuda", "layout", "requires_grad",
                                      "grad", "itemsize", "nbytes"}
MODULE_SAFE_METHODS = {"parameters", "named_parameters", "buffers", "named_buffers", "children", "modules",
                       "named_children", "named_modules", "extra_repr", "state_dict"}
TENSOR_COMPUTE_METHODS = {  # flagged even when the receiver's type is unknown
    "abs", "absolute", "acos", "add_", "addmm", "addbmm", "addcmul", "addcdiv", "addmv", "addr", "all", "any",
    "amax", "amin", "aminmax", "argmax", "argmin", "argsort", "baddbmm", "bmm", "clamp", "clamp_", "clip",
    "clamp_min", "clamp_max", "cos", "cosh", "cumsum", "cumprod", "cummax", "cummin", "div", "div_", "dot",
    "eq", "exp", "exp_", "exp2", "expm1", "floor", "ceil", "gather", "ge", "gt", "le", "lt", "ne", "log",
    "log_", "log1p", "log2", "log10", "log_softmax", "logsumexp", "matmul", "max", "maximum", "mean", "median",
    "min", "minimum", "mm", "mul", "mul_", "mv", "neg", "neg_", "norm", "pow", "pow_", "prod", "reciprocal",
    "relu", "relu_", "round", "rsqrt", "scatter", "scatter_", "scatter_add", "scatter_add_", "scatter_reduce",
    "sigmoid", "sigmoid_", "sign", "sin", "sinh", "softmax", "sqrt", "sqrt_", "square", "std", "sub", "sub_",
    "sum", "tanh", "tanh_", "topk", "var", "where", "masked_fill", "masked_fill_", "index_select", "index_add",
    "index_add_", "index_copy", "index_copy_", "index_fill", "index_fill_", "index_put", "index_put_", "lerp",
    "outer", "cross", "tril", "triu", "tril_", "triu_", "flip", "roll", "repeat", "repeat_interleave", "tile",
    "nonzero", "masked_select", "masked_scatter", "masked_scatter_", "logical_and", "logical_or",
    "logical_not", "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not", "fmod",
    "remainder", "floor_divide", "true_divide", "multiply", "divide", "subtract", "negative", "erf", "erfc",
    "erfinv", "normal_", "uniform_", "random_", "bernoulli_", "exponential_", "apply_", "map_", "map2_",
    "kthvalue", "mode", "diff", "trace", "diag", "dist", "renorm", "histc", "bincount", "unique", "nansum",
    "nanmean", "count_nonzero", "isnan", "isinf", "isfinite", "abs_", "logit", "hardshrink", "atan", "atan2",
    "asin", "tan", "lgamma", "digamma", "sinc", "sgn", "frac", "trunc", "fix", "heaviside", "xlogy", "hypot",
    "logaddexp", "logaddexp2", "inner", "kron", "matrix_power", "det", "inverse", "pinverse", "svd", "qr",
    "cholesky", "lu", "cov", "corrcoef", "quantile", "nanquantile", "sum_to_size", "std_mean", "var_mean",
    "tolist", "numpy", "half", "bfloat16", "addcmul_", "addcdiv_", "addmm_", "baddbmm_", "fmax", "fmin",
    "float_power", "square_", "rsqrt_", "reciprocal_", "sign_", "floor_", "ceil_", "round_", "trunc_",
    "softplus", "cumsum_", "lerp_", "copysign", "nan_to_num", "nan_to_num_", "sort", "msort", "conv2d",
}
AMBIGUOUS_METHODS = {"sort", "add", "index", "count", "copy", "pop", "remove", "update", "all", "any",
                     "round", "max", "min"}  # also Python list/dict/str methods: need a known tensor receiver
PY_BUILTIN_REDUCERS = {"sum", "max", "min", "abs", "pow", "round", "divmod", "sorted", "any", "all"}
