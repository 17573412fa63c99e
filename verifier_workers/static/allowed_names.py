"""The allowlist of candidate Python (docs/verifier-allowlist.md): for each module a candidate may import, the
explicit set of its attributes it may use, the builtins host code and kernel bodies may name, and the
attributes of objects the candidate did not define. Anything outside these sets is `not_allowlisted`
(allowlist_rules.py applies them). The long sets were generated from torch 2.13 / triton 3.6 (public names of
the aten function namespace, torch.nn, torch.nn.functional, torch.nn.init, math, triton.language and its
libdevice, tl.tensor) and then pruned by hand; the other rules (qualnames.classify_qualname, forward.py) still
judge what an allowed name is used for. Data only: no imports of torch or triton here."""
from __future__ import annotations

from tritonrl.verifier_workers.static.allowlists import (DRIVER_QUERIES, INDUCTOR_PREFIXES, QUALIFIED_EXCEPTIONS,
                                                         TORCH_ALLOWED, TORCH_VIEW_FUNCTIONS)

# torch.<op>: the function forms of aten ops (the forward-path rules and the run-time watch judge their use)
# not asarray/frombuffer/from_numpy/from_file: tensors over host bytes that no aten op makes, so the watch
# never sees a table built at import or outputs decoded on the host (red-team round of 2026-11-26, second)
TORCH_FUNCTIONS = frozenset("""
    abs abs_ absolute acos acos_ acosh acosh_ adaptive_avg_pool1d adaptive_max_pool1d add addbmm addcdiv addcmul
    addmm addmv addmv_ addr adjoint affine_grid_generator alias_copy all allclose alpha_dropout alpha_dropout_
    amax amin aminmax angle any arange arccos arccos_ arccosh arccosh_ arcsin arcsin_ arcsinh arcsinh_ arctan
    arctan2 arctan_ arctanh arctanh_ argmax argmin argsort argwhere as_strided as_strided_ as_strided_copy
    as_strided_scatter as_tensor  asin asin_ asinh asinh_ atan atan2 atan_ atanh atanh_ atleast_1d
    atleast_2d atleast_3d avg_pool1d baddbmm bartlett_window batch_norm batch_norm_backward_elemt
    batch_norm_backward_reduce batch_norm_elemt batch_norm_gather_stats batch_norm_gather_stats_with_counts
    batch_norm_stats batch_norm_update_stats bernoulli bilinear binary_cross_entropy_with_logits bincount
    binomial bitwise_and bitwise_left_shift bitwise_not bitwise_or bitwise_right_shift bitwise_xor
    blackman_window block_diag bmm broadcast_tensors broadcast_to bucketize can_cast cartesian_prod cat
    ccol_indices_copy cdist ceil ceil_ celu celu_ chain_matmul channel_shuffle cholesky cholesky_inverse
    cholesky_solve choose_qparams_optimized chunk clamp clamp_ clamp_max clamp_max_ clamp_min clamp_min_ clip
    clip_ clone col_indices_copy column_stack combinations complex concat concatenate conj conj_physical
    conj_physical_ constant_pad_nd conv1d conv2d conv3d conv_tbc conv_transpose1d conv_transpose2d
    conv_transpose3d convolution copysign corrcoef cos cos_ cosh cosh_ cosine_embedding_loss cosine_similarity
    count_nonzero cov cross crow_indices_copy ctc_loss cudnn_affine_grid_generator cudnn_batch_norm
    cudnn_convolution cudnn_convolution_add_relu cudnn_convolution_relu cudnn_convolution_transpose
    cudnn_grid_sampler cudnn_is_acceptable cummax cummin cumprod cumsum cumulative_trapezoid deg2rad deg2rad_
    dequantize det detach detach_ detach_copy diag diag_embed diagflat diagonal diagonal_copy diagonal_scatter
    diff digamma dist div divide dot dropout dropout_ dsmm dsplit dstack einsum embedding embedding_bag
    embedding_renorm_ empty empty_like empty_permuted empty_quantized empty_strided eq equal erf erf_ erfc erfc_
    erfinv exp exp2 exp2_ exp_ expand_copy expm1 expm1_ eye fake_quantize_per_channel_affine
    fake_quantize_per_tensor_affine fbgemm_linear_fp16_weight fbgemm_linear_fp16_weight_fp32_activation
    fbgemm_linear_int8_weight fbgemm_linear_int8_weight_fp32_activation fbgemm_linear_quantize_weight
    fbgemm_pack_gemm_matrix_fp16 fbgemm_pack_quantized_matrix feature_alpha_dropout feature_alpha_dropout_
    feature_dropout feature_dropout_ fill fill_ fix fix_ flatten flip fliplr flipud float_power floor floor_
    floor_divide fmax fmin fmod frac frac_ frexp frobenius_norm    full full_like
    fused_moving_avg_obs_fake_quant gather gcd gcd_ ge geqrf ger get_device gradient greater greater_equal
    grid_sampler grid_sampler_2d grid_sampler_3d group_norm gru gru_cell gt hamming_window hann_window
    hardshrink hash_tensor heaviside hinge_embedding_loss histc histogram histogramdd hsmm hsplit hspmm hstack
    hypot i0 i0_ igamma igammac imag index_add index_copy index_fill index_put index_put_ index_reduce
    index_select indices_copy inner instance_norm int_repr inverse is_complex is_conj is_distributed
    is_floating_point is_inference is_neg is_nonzero is_same_size is_signed is_vulkan_available isclose isfinite
    isin isinf isnan isneginf isposinf isreal istft kaiser_window kl_div kron kthvalue layer_norm lcm lcm_ ldexp
    ldexp_ le lerp less less_equal lgamma linspace log log10 log10_ log1p log1p_ log2 log2_ log_ log_softmax
    logaddexp logaddexp2 logcumsumexp logdet logical_and logical_not logical_or logical_xor logit logit_
    logspace logsumexp lstm lstm_cell lt lu_solve lu_unpack margin_ranking_loss masked_fill masked_scatter
    masked_select matmul matrix_exp matrix_power max max_pool1d max_pool1d_with_indices max_pool2d max_pool3d
    maximum mean median meshgrid min minimum miopen_batch_norm miopen_convolution miopen_convolution_add_relu
    miopen_convolution_relu miopen_convolution_transpose miopen_ctc_loss miopen_depthwise_convolution miopen_rnn
    mkldnn_adaptive_avg_pool2d mkldnn_convolution mkldnn_linear_backward_weights mkldnn_max_pool2d
    mkldnn_max_pool3d mkldnn_rnn_layer mm mode moveaxis movedim msort mul multinomial multiply mv mvlgamma
    nan_to_num nan_to_num_ nanmean nanmedian nanquantile nansum narrow narrow_copy native_batch_norm
    native_channel_shuffle native_dropout native_group_norm native_layer_norm native_norm ne neg neg_ negative
    negative_ nextafter nonzero nonzero_static norm norm_except_dim normal not_equal nuclear_norm numel ones
    ones_like orgqr ormqr outer pairwise_distance pdist permute permute_copy pinverse pixel_shuffle
    pixel_unshuffle poisson poisson_nll_loss polar polygamma positive pow prelu prod promote_types put
    q_per_channel_axis q_per_channel_scales q_per_channel_zero_points q_scale q_zero_point qr quantile
    quantize_per_channel quantize_per_tensor quantize_per_tensor_dynamic quantized_batch_norm quantized_gru_cell
    quantized_lstm_cell quantized_max_pool1d quantized_max_pool2d quantized_max_pool3d quantized_rnn_relu_cell
    quantized_rnn_tanh_cell rad2deg rad2deg_ rand rand_like randint randint_like randn randn_like randperm range
    ravel real reciprocal reciprocal_ relu relu_ remainder renorm repeat_interleave reshape resize_as_
    resize_as_sparse_ resolve_conj resolve_neg result_type rms_norm rnn_relu rnn_relu_cell rnn_tanh
    rnn_tanh_cell roll rot90 round round_ row_indices_copy row_stack rrelu rrelu_ rsqrt rsqrt_ rsub saddmm
    scalar_tensor scatter scatter_add scatter_reduce searchsorted segment_reduce select select_copy
    select_scatter selu selu_ sgn sigmoid sigmoid_ sign signbit sin sin_ sinc sinc_ sinh sinh_ slice_copy
    slice_inverse slice_scatter slogdet smm softmax sort sparse_bsc_tensor sparse_bsr_tensor
    sparse_compressed_tensor sparse_coo_tensor sparse_csc_tensor sparse_csr_tensor split split_copy
    split_with_sizes split_with_sizes_copy spmm sqrt sqrt_ square square_ squeeze squeeze_copy sspaddmm stack
    std std_mean stft sub subtract sum svd swapaxes swapdims sym_constrain_range sym_constrain_range_for_size t
    t_copy take take_along_dim tan tan_ tanh tanh_ tensor tensor_split tensordot threshold threshold_ tile topk
    trace transpose transpose_copy trapezoid trapz triangular_solve tril tril_indices triplet_margin_loss triu
    triu_indices true_divide trunc trunc_ unbind unbind_copy unflatten unfold_copy unique_consecutive
    unsafe_chunk unsafe_split unsafe_split_with_sizes unsqueeze unsqueeze_copy values_copy vander var var_mean
    vdot view_as_complex view_as_complex_copy view_as_real view_as_real_copy view_copy vsplit vstack where xlogy
    xlogy_ zero_ zeros zeros_like
""".split())

# torch.nn.<Module>: the layers (weights come from them; calling one on the forward path is torch_compute)
NN_CLASSES = frozenset("""
    AdaptiveAvgPool1d AdaptiveAvgPool2d AdaptiveAvgPool3d AdaptiveLogSoftmaxWithLoss AdaptiveMaxPool1d
    AdaptiveMaxPool2d AdaptiveMaxPool3d AlphaDropout AvgPool1d AvgPool2d AvgPool3d BCELoss BCEWithLogitsLoss
    BatchNorm1d BatchNorm2d BatchNorm3d Bilinear CELU CTCLoss ChannelShuffle CircularPad1d CircularPad2d
    CircularPad3d ConstantPad1d ConstantPad2d ConstantPad3d Container Conv1d Conv2d Conv3d ConvTranspose1d
    ConvTranspose2d ConvTranspose3d CosineEmbeddingLoss CosineSimilarity CrossEntropyLoss CrossMapLRN2d Dropout
    Dropout1d Dropout2d Dropout3d ELU Embedding EmbeddingBag FeatureAlphaDropout Flatten Fold
    FractionalMaxPool2d FractionalMaxPool3d GELU GLU GRU GRUCell GaussianNLLLoss GroupNorm Hardshrink
    Hardsigmoid Hardswish Hardtanh HingeEmbeddingLoss HuberLoss Identity InstanceNorm1d InstanceNorm2d
    InstanceNorm3d KLDivLoss L1Loss LPPool1d LPPool2d LPPool3d LSTM LSTMCell LayerNorm LazyBatchNorm1d
    LazyBatchNorm2d LazyBatchNorm3d LazyConv1d LazyConv2d LazyConv3d LazyConvTranspose1d LazyConvTranspose2d
    LazyConvTranspose3d LazyInstanceNorm1d LazyInstanceNorm2d LazyInstanceNorm3d LazyLinear LeakyReLU Linear
    LinearCrossEntropyLoss LinearCrossEntropyOptions LocalResponseNorm LogSigmoid LogSoftmax MSELoss
    MarginRankingLoss MaxPool1d MaxPool2d MaxPool3d MaxUnpool1d MaxUnpool2d MaxUnpool3d Mish Module ModuleDict
    ModuleList MultiLabelMarginLoss MultiLabelSoftMarginLoss MultiMarginLoss MultiheadAttention NLLLoss
    NLLLoss2d PReLU PairwiseDistance ParameterDict ParameterList PixelShuffle PixelUnshuffle PoissonNLLLoss
    RMSNorm RNN RNNBase RNNCell RNNCellBase RReLU ReLU ReLU6 ReflectionPad1d ReflectionPad2d ReflectionPad3d
    ReplicationPad1d ReplicationPad2d ReplicationPad3d SELU Sequential SiLU Sigmoid SmoothL1Loss SoftMarginLoss
    Softmax Softmax2d Softmin Softplus Softshrink Softsign SyncBatchNorm Tanh Tanhshrink Threshold Transformer
    TransformerDecoder TransformerDecoderLayer TransformerEncoder TransformerEncoderLayer TripletMarginLoss
    TripletMarginWithDistanceLoss Unflatten Unfold Upsample UpsamplingBilinear2d UpsamplingNearest2d ZeroPad1d
    ZeroPad2d ZeroPad3d
""".split())

# torch.nn.functional.<fn>
F_FUNCTIONS = frozenset("""
    adaptive_avg_pool1d adaptive_avg_pool2d adaptive_avg_pool3d adaptive_max_pool1d
    adaptive_max_pool1d_with_indices adaptive_max_pool2d adaptive_max_pool2d_with_indices adaptive_max_pool3d
    adaptive_max_pool3d_with_indices affine_grid alpha_dropout assert_int_or_pair avg_pool1d avg_pool2d
    avg_pool3d batch_norm bilinear binary_cross_entropy binary_cross_entropy_with_logits boolean_dispatch celu
    celu_ channel_shuffle conv1d conv2d conv3d conv_tbc conv_transpose1d conv_transpose2d conv_transpose3d
    cosine_embedding_loss cosine_similarity cross_entropy ctc_loss dropout dropout1d dropout2d dropout3d elu
    elu_ embedding embedding_bag feature_alpha_dropout fold fractional_max_pool2d
    fractional_max_pool2d_with_indices fractional_max_pool3d fractional_max_pool3d_with_indices
    gaussian_nll_loss gelu glu grid_sample group_norm grouped_mm gumbel_softmax hardshrink hardsigmoid hardswish
    hardtanh hardtanh_ has_torch_function has_torch_function_unary has_torch_function_variadic
    hinge_embedding_loss huber_loss instance_norm interpolate kl_div l1_loss layer_norm leaky_relu leaky_relu_
    linear linear_cross_entropy local_response_norm log_softmax logsigmoid lp_pool1d lp_pool2d lp_pool3d
    margin_ranking_loss max_pool1d max_pool1d_with_indices max_pool2d max_pool2d_with_indices max_pool3d
    max_pool3d_with_indices max_unpool1d max_unpool2d max_unpool3d mish mse_loss multi_head_attention_forward
    multi_margin_loss multilabel_margin_loss multilabel_soft_margin_loss native_channel_shuffle nll_loss
    normalize one_hot pad pairwise_distance pdist pixel_shuffle pixel_unshuffle poisson_nll_loss prelu relu
    relu6 relu_ rms_norm rrelu rrelu_ scaled_dot_product_attention scaled_grouped_mm scaled_mm selu selu_
    sigmoid silu smooth_l1_loss soft_margin_loss softmax softmin softplus softshrink softsign tanh tanhshrink
    threshold threshold_ triplet_margin_loss triplet_margin_with_distance_loss unfold upsample upsample_bilinear
    upsample_nearest
""".split())

# torch.nn.init.<fn>
NN_INIT_FUNCTIONS = frozenset("""
    calculate_gain constant constant_ dirac dirac_ eye eye_ kaiming_normal kaiming_normal_ kaiming_uniform
    kaiming_uniform_ normal normal_ ones_ orthogonal orthogonal_ sparse sparse_ trunc_normal_ uniform uniform_
    xavier_normal xavier_normal_ xavier_uniform xavier_uniform_ zeros_
""".split())

# math.<name>: numbers only
MATH_NAMES = frozenset("""
    acos acosh asin asinh atan atan2 atanh cbrt ceil comb copysign cos cosh degrees dist e erf erfc exp exp2
    expm1 fabs factorial floor fmod frexp fsum gamma gcd hypot inf isclose isfinite isinf isnan isqrt lcm ldexp
    lgamma log log10 log1p log2 modf nan nextafter perm pi pow prod radians remainder sin sinh sqrt tan tanh tau
    trunc ulp
""".split())

# triton.language.<name>
TL_NAMES = frozenset("""
    PropagateNan TRITON_MAX_TENSOR_NUMEL abs add advance arange argmax argmin associative_scan assume atomic_add
    atomic_and atomic_cas atomic_max atomic_min atomic_or atomic_xchg atomic_xor bfloat16 bitonic_merge
    block_type broadcast broadcast_to cast cat cdiv ceil clamp condition const constexpr constexpr_type cos
    cumprod cumsum debug_barrier device_assert device_print div_rn dot dot_scaled dtype erf exp exp2 expand_dims
    fdiv flip float16 float32 float64 float8e4b15 float8e4b8 float8e4nv float8e5 float8e5b16 floor fma full
    gather histogram inline_asm_elementwise int1 int16 int32 int64 int8 interleave join load
    load_tensor_descriptor log log2 make_block_ptr make_tensor_descriptor map_elementwise max max_constancy
    max_contiguous maximum min minimum mul multiple_of num_programs pair_uniform_to_normal permute philox
    pi32_t pointer_type program_id rand rand4x randint randint4x randn randn4x range ravel reduce
    reduce_or reshape rsqrt sigmoid sin slice softmax sort split sqrt sqrt_rn static_assert static_print
    static_range store store_tensor_descriptor sub sum swizzle2d tensor tensor_descriptor
    tensor_descriptor_type topk trans tuple tuple_type uint16 uint32 uint64 uint8 uint_to_uniform_float umulhi
    view void where xor_sum zeros zeros_like
""".split()) | {"extra.cuda.gdc_wait", "extra.cuda.gdc_launch_dependents"}  # programmatic dependent launch
# (launch_pdl=True), modelled by the race rules (sandbox/worker/interpreter_ordering.py)

# triton.language.<name> that host code may read (static/host_triton.py): metadata, never an operation
TL_HOST_NAMES = frozenset("""
    bfloat16 float16 float32 float64 float8e4b15 float8e4b8 float8e4nv float8e5 float8e5b16 int1 int16 int32 int64
    int8 uint16 uint32 uint64 uint8 void pi32_t constexpr constexpr_type dtype pointer_type block_type const
    PropagateNan TRITON_MAX_TENSOR_NUMEL
""".split())

# triton.language.math.<name>
TL_MATH_NAMES = frozenset("""
    List T abs ceil cos div_rn erf exp exp2 fdiv floor fma log log2 rsqrt sin sqrt sqrt_rn umulhi wraps
""".split())

# triton.language.extra(.cuda).libdevice.<fn>
LIBDEVICE_NAMES = frozenset("""
    abs acos acosh add_rd add_rn add_ru add_rz asin asinh atan atan2 atanh brev byte_perm cbrt ceil clz copysign
    cos cosh cospi cyl_bessel_i0 cyl_bessel_i1 div_rd div_rn div_ru div_rz double2float_rd double2float_rn
    double2float_ru double2float_rz double2hiint double2int_rd double2int_rn double2int_ru double2int_rz
    double2ll_rd double2ll_rn double2ll_ru double2ll_rz double2loint double2uint_rd double2uint_rn
    double2uint_ru double2uint_rz double2ull_rd double2ull_rn double2ull_ru double2ull_rz double_as_longlong erf
    erfc erfcinv erfcx erfinv exp exp10 exp2 expm1 fast_cosf fast_dividef fast_exp10f fast_expf fast_log10f
    fast_log2f fast_logf fast_powf fast_sinf fast_tanf fast_tanhf fdim ffs finitef float2int_rd float2int_rn
    float2int_ru float2int_rz float2ll_rd float2ll_rn float2ll_ru float2ll_rz float2uint_rd float2uint_rn
    float2uint_ru float2uint_rz float2ull_rd float2ull_rn float2ull_ru float2ull_rz float_as_int float_as_uint
    floor fma fma_rd fma_rn fma_ru fma_rz fmod hadd hiloint2double hypot ilogb int2double_rn int2float_rd
    int2float_rn int2float_ru int2float_rz int_as_float isfinited isinf isnan j0 j1 jn ldexp lgamma ll2double_rd
    ll2double_rn ll2double_ru ll2double_rz ll2float_rd ll2float_rn ll2float_ru ll2float_rz llrint llround log
    log10 log1p log2 logb longlong_as_double mul24 mul_rd mul_rn mul_ru mul_rz mulhi nearbyint nextafter norm3d
    norm4d normcdf normcdfinv popc pow rcbrt rcp64h rcp_rd rcp_rn rcp_ru rcp_rz remainder rhadd rhypot rint
    rnorm3d rnorm4d round rsqrt rsqrt_rn sad saturatef scalbn signbit sin sinh sinpi sqrt sqrt_rd sqrt_rn
    sqrt_ru sqrt_rz sub_rd sub_rn sub_ru sub_rz tan tanh tgamma trunc uint2double_rn uint2float_rd uint2float_rn
    uint2float_ru uint2float_rz uint_as_float ull2double_rd ull2double_rn ull2double_ru ull2double_rz
    ull2float_rd ull2float_rn ull2float_ru ull2float_rz y0 y1 yn
""".split())

# attributes of Triton values in a kernel body (tl.tensor, its dtype, tensor descriptors), not `.handle` (the interpreter's host array)
TL_VALUE_ATTRS = frozenset("""
    FP_TYPES KIND OTHER_TYPES SIGNEDNESS SINT_TYPES STANDARD_FP_TYPES T UINT_TYPES abs advance argmax argmin
    associative_scan atomic_add atomic_and atomic_cas atomic_max atomic_min atomic_or atomic_xchg atomic_xor
    block_shape block_type broadcast_to cast cdiv ceil cos cumprod cumsum dtype erf
    exp exp2 expand_dims flip floor gather get_block_shapes get_int_max_value get_int_min_value histogram
    is_bf16 is_block is_bool is_const is_dtype is_floating is_fp16 is_fp32 is_fp64 is_fp8 is_fp8e4b15 is_fp8e4b8
    is_fp8e4nv is_fp8e5 is_fp8e5b16 is_int is_int1 is_int16 is_int32 is_int64 is_int8 is_int_signed
    is_int_unsigned is_ptr is_standard_floating is_uint16 is_uint32 is_uint64 is_uint8 is_void item kind load
    log log2 logical_and logical_or max min nbytes permute ravel reduce reduce_or reshape rsqrt scalar
    scatter sigmoid sin softmax sort split sqrt sqrt_rn store sum to trans view with_element_ty xor_sum
""".split())

# attributes of host objects the candidate did not define: torch.Tensor, nn.Module and its layers' settings, devices, dtypes, Python containers and strings, launch configs
HOST_OBJECT_ATTRS = frozenset("""
    H T T_destination abbr abs abs_ absolute absolute_ acc_dtype acc_policy acos acos_ acosh acosh_ activation
    add add_ add_bias_kv add_module add_zero_attn addbmm addbmm_ addcdiv addcdiv_ addcmul addcmul_ addmm addmm_
    addmv addmv_ addr addr_ adjoint affine align_corners all all_kwargs all_weights allclose allow_retain_graph
    alpha amax amin aminmax angle any append apply approximate arccos arccos_ arccosh arccosh_ arcsin arcsin_
    arcsinh arcsinh_ arctan arctan2 arctan2_ arctan_ arctanh arctanh_ argmax argmin args argsort argwhere
    as_integer_ratio as_strided as_strided_ as_strided_scatter as_subclass asin asin_ asinh asinh_ atan atan2
    atan2_ atan_ atanh atanh_ backward baddbmm baddbmm_ batch_chunk_size batch_first bernoulli bernoulli_ beta
    bfloat16 bias bidirectional bincount bit_count bit_length bits bitwise_and bitwise_and_ bitwise_left_shift
    bitwise_left_shift_ bitwise_not bitwise_not_ bitwise_or bitwise_or_ bitwise_right_shift bitwise_right_shift_
    bitwise_xor bitwise_xor_ blank bmm bool broadcast_to buffers byte call_super_init capitalize casefold
    cauchy_ ccol_indices cdouble ceil ceil_ ceil_mode center cfloat chalf char children cholesky
    cholesky_inverse cholesky_solve chunk chunking_method clamp clamp_ clamp_max clamp_max_ clamp_min clamp_min_
    clear clip clip_ clone coalesce col_indices compile conj conj_physical conj_physical_ conjugate
    const_data_ptr contiguous convert_sync_batchnorm copy copy_ copysign copysign_ corrcoef cos cos_ cosh cosh_
    count count_include_pad count_nonzero cov cpu cross crow_indices cuda cummax cummin cumprod cumprod_ cumsum
    cumsum_ custom_decoder custom_encoder cutoffs d_model data data_ptr decoder_layer deg2rad deg2rad_ delta
    denominator dense_dim dequantize det detach detach_ device diag diag_embed diagflat diagonal
    diagonal_scatter diff difference difference_update digamma digamma_ dilation dim dim_feedforward dim_order
    discard dist distance_function div div_ div_value divide divide_ divisor_override dot double
    downscale_factor dropout dsplit dtype dump_patches eig element_size elementwise_affine embed_dim
    embedding_dim enable_nested_tensor encoder_layer end_dim endswith eps eq eq_ equal erf erf_ erfc erfc_
    erfinv erfinv_ eval exp exp2 exp2_ exp_ expand expand_as expandtabs expm1 expm1_ exponential_ extend
    extra_repr fill_ fill_diagonal_ find fix fix_ flatten flip fliplr flipud float float_power float_power_
    floor floor_ floor_divide floor_divide_ fmax fmin fmod fmod_ format forward frac frac_ frexp from_pretrained
    fromkeys full gather gcd gcd_ ge ge_ geometric_ geqrf ger get get_buffer get_device get_extra_state
    get_parameter get_submodule grad grad_dtype grad_fn greater greater_ greater_equal greater_equal_ groups gt
    gt_ half hardshrink hash_tensor head_bias heaviside heaviside_ hex hidden_size histc histogram hsplit hypot
    hypot_ i0 i0_ igamma igamma_ igammac igammac_ ignore_index imag in1_features in2_features in_channels
    in_features include_last_offset index index_add index_add_ index_copy index_copy_ index_fill index_fill_
    index_put index_put_ index_reduce index_reduce_ index_select indices init inner inplace input_size insert
    int int_repr intersection intersection_update inverse ipu is_coalesced is_complex is_conj is_contiguous
    is_cpu is_cuda is_distributed is_floating_point is_inference is_integer is_ipu is_leaf is_maia is_meta
    is_mkldnn is_mps is_mtia is_neg is_nested is_nonzero is_pinned is_quantized is_same_size is_set_to is_shared
    is_signed is_sparse is_sparse_csr is_vulkan is_xla is_xpu isalnum isalpha isascii isclose isdecimal isdigit
    isdisjoint isfinite isidentifier isinf islower isnan isneginf isnumeric isposinf isprintable isreal isspace
    issubset issuperset istft istitle isupper item items itemsize join k kdim keepdim kernel_size keys kron
    kthvalue kwargs label_smoothing lambd layer_norm_eps layout lcm lcm_ ldexp ldexp_ le le_ lerp lerp_ less
    less_ less_equal less_equal_ lgamma lgamma_ ljust load_state_dict log log10 log10_ log1p log1p_ log2 log2_
    log_ log_input log_normal_ log_softmax log_target logaddexp logaddexp2 logcumsumexp logdet logical_and
    logical_and_ logical_not logical_not_ logical_or logical_or_ logical_xor logical_xor_ logit logit_ logsumexp
    long lower lstrip lstsq lt lt_ lu lu_solve mH mT margin mark_dirty mark_non_differentiable
    mark_shared_storage mask_check masked_fill masked_fill_ masked_scatter masked_scatter_ masked_select matmul
    matrix_exp matrix_power max max_norm max_val max_value maximum maxnreg mean median min min_val min_value
    minimum mm mode module_load modules momentum moveaxis movedim msort mtia mul mul_ multinomial multiply
    multiply_ mv mvlgamma mvlgamma_ n_classes name named_buffers named_children named_modules named_parameters
    nan_to_num nan_to_num_ nanmean nanmedian nanquantile nansum narrow narrow_copy nbytes ndim ndimension ne ne_
    neg neg_ negative negative_ negative_slope nelement new new_empty new_empty_strided new_full new_ones
    new_tensor new_zeros nextafter nextafter_ nhead nonlinearity nonzero nonzero_static norm norm_first
    norm_type normal_ normalized_shape not_equal not_equal_ num_channels num_chunks num_classes num_ctas
    num_decoder_layers num_embeddings num_encoder_layers num_features num_groups num_heads num_layers
    num_parameters num_stages num_warps numel numerator options orgqr ormqr out_channels out_features outer
    output_nr output_padding output_ratio output_size p padding padding_idx padding_mode parameters partition
    permute pin_memory pinverse polygamma polygamma_ pop popitem pos_weight positive pow pow_ pre_hook prelu
    process_group prod proj_size put put_ q_per_channel_axis q_per_channel_scales q_per_channel_zero_points
    q_scale q_zero_point qr qscheme quantile rad2deg rad2deg_ random_ ravel real reciprocal reciprocal_
    recompute_scale_factor record_stream reduce reduction register_buffer register_parameter reinforce relu
    relu_ remainder remainder_ remove removeprefix removesuffix renorm renorm_ repeat repeat_interleave replace
    requires_grad requires_grad_ reshape reshape_as resize resize_ resize_as resize_as_ resize_as_sparse_
    resolution resolve_conj resolve_neg retain_grad retains_grad return_indices reverse rfind rindex rjust roll
    rot90 round round_ row_indices rpartition rsplit rsqrt rsqrt_ rstrip run save_for_backward save_for_forward
    scale_factor scale_grad_by_freq scatter scatter_ scatter_add scatter_add_ scatter_reduce scatter_reduce_
    select select_scatter self set_ set_extra_state set_materialize_grads set_submodule setdefault sgn sgn_
    shape short sigmoid sigmoid_ sign sign_ signbit sin sin_ sinc sinc_ sinh sinh_ size size_average
    slice_inverse slice_scatter slogdet smallest_normal smm softmax solve sort sparse sparse_dim sparse_mask
    sparse_resize_ sparse_resize_and_clear_ split split_with_sizes splitlines sqrt sqrt_ square square_ squeeze
    squeeze_ sspaddmm start_dim startswith state_dict std stft storage_offset storage_type stride strip sub sub_
    subtract subtract_ sum sum_to_size svd swap swapaxes swapaxes_ swapcase swapdims swapdims_ symeig
    symmetric_difference symmetric_difference_update t t_ take take_along_dim tan tan_ tanh tanh_ tensor_split
    threshold tile tiny title to to_complex to_dense to_empty to_mkldnn to_padded_tensor to_real to_sparse
    to_sparse_bsc to_sparse_bsr to_sparse_coo to_sparse_csc to_sparse_csr topk trace track_running_stats train
    transpose transpose_ triangular_solve tril tril_ triu triu_ true_divide true_divide_ trunc trunc_ type
    type_as unbind unflatten unflattened_size unfold uniform_ union unique unique_consecutive unsafe_chunk
    unsafe_split unsafe_split_with_sizes unsqueeze unsqueeze_ update upper upscale_factor value values var vdim
    vdot view view_as volatile vsplit warmup weight where xlogy xlogy_ xpu zero_ zero_grad zero_infinity zfill
""".split())

# ---- modules, namespaces and what each allows -------------------------------------------------------
STDLIB_ATTRS: dict[str, frozenset] = {
    "math": MATH_NAMES,
    "functools": frozenset({"partial", "reduce", "wraps", "lru_cache", "cache", "cached_property",
                            "total_ordering", "update_wrapper", "cmp_to_key"}),
    "operator": frozenset({"mul", "add", "sub", "truediv", "floordiv", "mod", "neg", "pos", "pow", "index",
                           "itemgetter", "eq", "ne", "lt", "le", "gt", "ge", "and_", "or_", "xor", "not_",
                           "abs", "matmul", "attrgetter", "methodcaller"}),  # the last two: reflection (rules.py)
    "itertools": frozenset({"product", "chain", "accumulate", "islice", "repeat", "count", "combinations",
                            "permutations", "zip_longest", "starmap", "pairwise", "cycle", "groupby",
                            "takewhile", "dropwhile", "compress", "tee", "filterfalse",
                            "combinations_with_replacement"}),
    "collections": frozenset({"namedtuple", "OrderedDict", "defaultdict", "deque", "Counter", "ChainMap"}),
    "dataclasses": frozenset({"dataclass", "field", "replace", "astuple", "asdict", "fields", "FrozenInstanceError",
                              "InitVar", "KW_ONLY", "MISSING"}),
    "enum": frozenset({"Enum", "IntEnum", "Flag", "IntFlag", "auto", "unique", "StrEnum"}),
    "abc": frozenset({"ABC", "abstractmethod", "ABCMeta"}),
    "typing": frozenset({"Any", "Callable", "ClassVar", "Dict", "Final", "FrozenSet", "Generic", "Iterable",
                         "Iterator", "List", "Literal", "Mapping", "MutableMapping", "NamedTuple", "Optional",
                         "Protocol", "Sequence", "Set", "Tuple", "Type", "TypeVar", "Union", "cast", "overload",
                         "TYPE_CHECKING", "TypedDict", "Annotated", "SupportsInt", "Hashable", "Sized",
                         "Collection", "Generator", "NoReturn", "Self", "TypeAlias", "final", "no_type_check"}),
    "__future__": frozenset({"annotations"}),
    "logging": frozenset({"getLogger", "Logger", "debug", "info", "warning", "warn", "error", "exception",
                          "critical", "log", "DEBUG", "INFO", "WARNING", "WARN", "ERROR", "CRITICAL", "NOTSET"}),
    "warnings": frozenset({"warn", "filterwarnings", "simplefilter", "catch_warnings"}),
}
TRITON_ATTRS = frozenset({"jit", "cdiv", "next_power_of_2", "Config", "autotune", "heuristics", "language",
                          "__version__", "constexpr", "must_use_result", "JITFunction", "KernelInterface",
                          "OutOfResources", "CompilationError", "TritonError", "set_allocator"})
# Namespaces: valid only as the receiver of an attribute (`torch.nn.functional.pad`) or as the whole value of an
# alias (`F = torch.nn.functional`); a module anywhere else (an argument, a container, a return value) is refused.
NAMESPACES = frozenset({
    "torch", "torch.nn", "torch.nn.functional", "torch.nn.init", "torch.nn.modules", "torch.nn.modules.utils",
    "torch.nn.parameter", "torch.nn.common_types", "torch.cuda", "torch.cuda.nvtx", "torch.cuda.amp",
    "torch.backends", "torch.backends.cuda", "torch.backends.cuda.matmul", "torch.backends.cudnn",
    "torch.autograd", "torch.autograd.profiler", "torch.autograd.function", "torch.profiler", "torch.library",
    "torch.compiler", "torch.jit", "torch.amp", "torch.version", "torch.testing", "torch.utils",
    "triton", "triton.language", "triton.language.math", "triton.language.core", "triton.language.extra",
    "triton.language.extra.libdevice", "triton.language.extra.cuda", "triton.language.extra.cuda.libdevice",
    "triton.language.inductor_helpers", "triton.runtime", "triton.runtime.driver", "triton.tools",
    "triton.tools.tensor_descriptor", "triton.testing", "triton.runtime.driver.active",
    "triton.runtime.driver.active.utils", *INDUCTOR_PREFIXES, "numpy", "time", "random", "re", "string", "copy",
    "numbers", "textwrap", "statistics", "builtins", "sys", "os", *STDLIB_ATTRS})
LIBDEVICE_MODULES = ("triton.language.extra.libdevice", "triton.language.extra.cuda.libdevice")
TORCH_EXTRA = frozenset({"Tensor", "Generator", "autograd.Function", "autograd.function.FunctionCtx",
                         "autograd.function.once_differentiable", "autograd.profiler.record_function",
                         "manual_seed", "testing.assert_close", "allclose", "float8_e4m3fn", "float8_e5m2",
                         "Size", "SymInt", "cuda.nvtx.range", "nn.functional", "nn.init", "nn.Module",
                         "backends.cudnn.deterministic", "backends.cudnn.benchmark",
                         "backends.cuda.matmul.allow_bf16_reduced_precision_reduction", "amp.custom_fwd",
                         "amp.custom_bwd", "cuda.amp.custom_fwd", "cuda.amp.custom_bwd"})


def torch_allowed(rest: str) -> bool:
    """`rest` of `torch.<rest>`."""
    if rest in TORCH_ALLOWED or rest in TORCH_VIEW_FUNCTIONS or rest in TORCH_FUNCTIONS or rest in TORCH_EXTRA \
            or f"torch.{rest}" in QUALIFIED_EXCEPTIONS or rest.startswith("float8_"):
        return True
    head, _, last = rest.rpartition(".")
    if head == "nn":
        return last in NN_CLASSES
    if head == "nn.functional":
        return last in F_FUNCTIONS
    if head == "nn.init":
        return last in NN_INIT_FUNCTIONS
    if head == "Tensor":
        return last in HOST_OBJECT_ATTRS
    return False


def triton_allowed(q: str, in_kernel: bool) -> bool:
    """A qualified name under triton: the host API (jit, cdiv, autotune...) and the Triton language."""
    if q in DRIVER_QUERIES and not in_kernel or q in ("triton.tools.tensor_descriptor.TensorDescriptor",
                                                      "triton.tools.tensor_descriptor.TensorDescriptor.from_tensor"):
        return True
    if q.startswith("triton.language.inductor_helpers."):
        return True  # its members are checked by classify_qualname (INDUCTOR_HELPER_FUNCTIONS)
    for mod in LIBDEVICE_MODULES:
        if q.startswith(mod + "."):
            return q[len(mod) + 1:] in LIBDEVICE_NAMES
    if q.startswith("triton.language.math."):
        return q[len("triton.language.math."):] in TL_MATH_NAMES
    if q.startswith("triton.language."):
        return q[len("triton.language."):] in TL_NAMES
    return q.startswith("triton.") and q[len("triton."):] in TRITON_ATTRS


def qual_allowed(q: str, in_kernel: bool = False) -> bool:
    """Whether a candidate may use this qualified name (not a namespace) at all."""
    top, _, rest = q.partition(".")
    if top == "torch":
        return not in_kernel and torch_allowed(rest)
    if top == "triton":
        return triton_allowed(q, in_kernel)
    if top == "math":
        return rest in MATH_NAMES
    attrs = STDLIB_ATTRS.get(top)
    return not in_kernel and attrs is not None and rest in attrs


# ---- builtins --------------------------------------------------------------------------------------
HOST_BUILTINS = frozenset("""
    abs all any bool bytes callable chr classmethod complex dict divmod enumerate filter float format frozenset
    getattr hasattr hash id int isinstance issubclass iter len list map max min next object ord pow print
    property range repr reversed round set setattr delattr slice sorted staticmethod str sum super tuple type
    zip bin hex oct NotImplemented Ellipsis ArithmeticError AssertionError AttributeError Exception
    ImportError IndexError KeyError LookupError ModuleNotFoundError NotImplementedError OverflowError
    RuntimeError StopIteration TypeError ValueError ZeroDivisionError UserWarning RuntimeWarning
    DeprecationWarning __name__
""".split())
# instance attributes of Triton values (not in their classes' dir()); never `.handle` or a constexpr's `.value`
TL_VALUE_ATTRS = TL_VALUE_ATTRS | {"shape", "numel", "type", "element_ty", "name", "primitive_bitwidth",
                                   "int_bitwidth", "int_signedness", "exponent_bias", "fp_mantissa_width",
                                   "address_space", "const", "block_shape", "strides", "base"}
# instance attributes of torch objects, device properties and autograd contexts that dir() of a class misses
HOST_OBJECT_ATTRS = HOST_OBJECT_ATTRS | {
    "training", "running_mean", "running_var", "num_batches_tracked", "multi_processor_count", "saved_tensors",
    "from_tensor", "needs_input_grad", "total_memory", "major", "minor", "warp_size", "max_shared_memory",
    "in_features", "out_features", "weight", "bias", "kernel_size", "stride", "padding", "dilation", "groups",
    "eps", "momentum", "affine", "normalized_shape", "elementwise_affine", "negative_slope", "inplace",
    "num_groups", "num_channels", "num_features", "p", "dim", "min_val", "max_val", "beta", "threshold",
    "lambd", "upper", "lower", "margin", "reduction", "output_padding", "padding_mode", "transposed",
    "ceil_mode", "count_include_pad", "divisor_override", "return_indices", "track_running_stats",
    "num_embeddings", "embedding_dim", "padding_idx", "max_norm", "scale_grad_by_freq", "sparse",
    "in_channels", "out_channels", "approximate", "alpha", "value", "start_dim", "end_dim", "swap", "keepdim",
    "debug", "info", "warning", "warn", "error", "exception", "critical", "log",  # a logging.Logger
    "configs", "best_config", "nargs", "key", "arg_names", "kwargs"}
# storage file I/O and shared-memory handles: they move a tensor's raw bytes to and from a Python object (a
# candidate "file" with write/readinto) with no aten op, so host Python computes unseen. Refused on any receiver,
# even where the candidate defines the name itself (red-team round of 2026-11-27, R4A_02)
STORAGE_IO_ATTRS = frozenset("""
    _write_file _set_from_file from_file _new_with_file from_buffer _from_buffer _get_filename _get_shared_fd
    _new_shared _new_shared_cuda _new_shared_fd_cpu _new_shared_filename_cpu _new_using_fd_cpu
    _new_using_filename_cpu _share_cuda_ _share_fd_cpu_ _share_filename_cpu_ _share_memory_ share_memory_
    _shared_decref _shared_incref _set_cdata _cdata _release_ipc_counter _release_ipc_counter_cuda
    _new_with_weak_ptr _weak_ref _free_weak_ref
""".split())
# triton's code generator's builtin namespace, less getattr/hasattr (a literal name through them reached the
# interpreter's host arrays) and isinstance (it tells the interpreter's ints from tl.tensor, so a kernel can
# compute only under the interpreter): red-team rounds of 2026-11-26
KERNEL_BUILTINS = frozenset({"len", "list", "range", "float", "int", "print", "min", "max"})
