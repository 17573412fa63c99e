"""Which of a task's init inputs are values the new_seed variant moves, and which are sizes the larger variants
may grow (pure: reads the reference's source as text, never runs it).

Floats: each is multiplied by its own factor (INIT_FACTORS by position), so a kernel that writes in one value
as a literal, or derives one from another (beta = alpha / 3), is wrong there. Every factor is in (0, 1): a
probability (dropout, momentum) stays one, and a sign never flips.

Ints: each read of the constructor parameter (directly, or through the `self.<attr>` it is stored in, or a
`self.<attr>` computed from it in `__init__`) is classified by an allowlist of *size uses*:
- an argument of a shape-taking call (`view`, `reshape`, `range`, `zeros`, `sum`, `pad`, ... `SHAPE_CALLS`) or
  of an nn layer's constructor (`nn.Linear(8, k)`, `nn.Conv2d(c, k, 3)`: `LAYERS`), or a size keyword
  (`dim=`, `kernel_size=`, `groups=`, ... `SIZE_KEYWORDS`), except the arguments `VALUE_ARGS` names (a
  `roll`'s shift); layers whose ints are values (`nn.Hardtanh(min_val, max_val)`) are not in LAYERS;
- an index or a slice bound (`x[:, :k]`), a `for` loop's iterable;
- arithmetic beside a size (`x.shape[1] * k`, `len(x) - k`), which makes the result a size too.
Every other read is a *value use* (`x / k`, `x ** k`, `torch.pow(x, k)`, `x * (k + 1)`, a comparison). An int
with at least one read and no size use is a value: new_seed moves it one away from zero (INT_STEP) on both
sides. An int with a size use stays in new_seed; where that use sizes a layer or a tensor
(`size_int_positions`: a layer's feature or channel count, a tensor constructor's shape), the larger variants
grow it (funnel/size_discovery.py, role `ctor`). Anything unusual (no list literal, *args) keeps the int.
"""
from __future__ import annotations

import ast

# per position; distinct, so no two float init inputs keep their ratio
INIT_FACTORS = (0.75, 0.6, 0.9, 0.5, 0.8, 0.65, 0.85, 0.55)
INT_STEP = 1  # applied in the worker (sandbox/worker/build.vary_init); here for the docs and tests

# calls whose int arguments are sizes, dims or counts
SHAPE_CALLS = frozenset({
    "view", "reshape", "expand", "repeat", "range", "arange", "zeros", "ones", "empty", "full", "randn", "rand",
    "randint", "narrow", "split", "chunk", "unfold", "pad", "interpolate", "permute", "transpose", "flatten",
    "unflatten", "sum", "mean", "max", "min", "amax", "amin", "prod", "cumsum", "cumprod", "softmax",
    "log_softmax", "argmax", "argmin", "topk", "sort", "gather", "index_select", "roll", "flip", "squeeze",
    "unsqueeze", "cat", "stack", "new_zeros", "new_empty", "new_full", "new_ones", "int", "len", "cdiv",
    "next_power_of_2", "norm", "std", "var", "logsumexp", "all", "any", "movedim", "tile", "tril", "triu",
    "diagonal", "kthvalue", "median", "max_pool1d", "max_pool2d", "max_pool3d", "avg_pool1d", "avg_pool2d",
    "avg_pool3d", "adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_avg_pool3d", "adaptive_max_pool2d",
    "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d", "group_norm",
    "layer_norm", "pixel_shuffle", "pixel_unshuffle", "one_hot", "embedding", "cummax", "cummin", "mode",
    "nansum", "nanmean", "count_nonzero", "diff", "scatter", "scatter_add", "index_add", "take_along_dim",
    "repeat_interleave", "expand_as", "swapaxes", "swapdims", "t", "select", "size", "normalize",
    "cosine_similarity", "pairwise_distance", "glu", "fold", "tensor_split", "einsum"})
# nn layers: every int argument is structural (channels, kernel size, groups); the positions and keywords in
# LAYER_SIZES size the weights (what the larger variants may grow)
LAYER_SIZES = {
    "Linear": (0, 1), "Bilinear": (0, 1, 2), "LazyLinear": (0,), "Conv1d": (0, 1), "Conv2d": (0, 1),
    "Conv3d": (0, 1), "ConvTranspose1d": (0, 1), "ConvTranspose2d": (0, 1), "ConvTranspose3d": (0, 1),
    "LayerNorm": (0,), "RMSNorm": (0,), "BatchNorm1d": (0,), "BatchNorm2d": (0,), "BatchNorm3d": (0,),
    "InstanceNorm1d": (0,), "InstanceNorm2d": (0,), "InstanceNorm3d": (0,), "GroupNorm": (1,),
    "Embedding": (0, 1), "EmbeddingBag": (0, 1), "LSTM": (0, 1), "GRU": (0, 1), "RNN": (0, 1),
    "MultiheadAttention": (0,), "PReLU": (0,)}
SIZE_KEYWORD_ARGS = frozenset({"in_features", "out_features", "in_channels", "out_channels", "num_features",
                               "normalized_shape", "num_channels", "embedding_dim", "num_embeddings",
                               "hidden_size", "input_size", "embed_dim", "num_parameters"})
SIZE_KEYWORDS = SIZE_KEYWORD_ARGS | frozenset({
    "dim", "dims", "axis", "size", "shape", "kernel_size", "stride", "padding", "dilation", "groups",
    "output_size", "output_padding", "num_groups", "k", "diagonal", "start_dim", "end_dim", "chunks",
    "split_size_or_sections", "repeats", "num_classes", "upscale_factor", "downscale_factor", "sections",
    "num_heads", "bins", "minlength", "padding_idx", "scale_factor"})
LAYERS = frozenset(LAYER_SIZES) | frozenset({
    "MaxPool1d", "MaxPool2d", "MaxPool3d", "AvgPool1d", "AvgPool2d", "AvgPool3d", "AdaptiveAvgPool1d",
    "AdaptiveAvgPool2d", "AdaptiveAvgPool3d", "AdaptiveMaxPool1d", "AdaptiveMaxPool2d", "Softmax",
    "LogSoftmax", "Flatten", "Unflatten", "PixelShuffle", "PixelUnshuffle", "Upsample", "Unfold", "Fold",
    "ZeroPad2d", "ConstantPad1d", "ConstantPad2d", "ReflectionPad2d", "ReplicationPad2d", "ChannelShuffle",
    "CosineSimilarity", "PairwiseDistance", "Softmin", "GLU", "LPPool1d", "LPPool2d", "MaxUnpool2d",
    "FractionalMaxPool2d"})
# arguments of size-taking calls that are values, not sizes: (position in the function form `torch.f(x, ...)`,
# keywords). A rotation's shift is a value of the model (any int is valid, and a kernel must read it), not a
# size; nn.Hardtanh's bounds are not in LAYERS at all (R7C_01, R7C_02: a kernel that hard-coded them passed)
VALUE_ARGS = {"roll": (1, frozenset({"shifts"}))}
TENSOR_SHAPES = frozenset({"zeros", "ones", "empty", "randn", "rand", "full"})  # their leading ints: a shape
# SHAPE_CALLS whose first argument, in the function form (`torch.softmax(t, dim)`, `F.pad(t, p)`), is the
# tensor they work on, not a size: an int read inside it (`torch.softmax(x / self.t, dim=1)`) is data
# (R8C_04: an int temperature read there was classed a size and never moved)
NOT_DATA_FIRST = frozenset({"range", "arange", "zeros", "ones", "empty", "full", "randn", "rand", "randint",
                            "int", "len", "cdiv", "next_power_of_2", "einsum", "size", "t"}) | frozenset(
    n for n in SHAPE_CALLS if n.startswith("new_"))
TORCH_NAMESPACES = frozenset({"torch", "F", "functional", "nn", "triton"})

SIZE, VALUE, SHAPE = "size", "value", "shape"  # a SHAPE use is a size use that sizes a layer or a tensor


def _init_positions(tree: ast.Module) -> tuple[list[ast.expr], ast.FunctionDef | None, ast.ClassDef | None]:
    """The elements of get_init_inputs' returned list, and Model's __init__ and class."""
    elts: list[ast.expr] = []
    model = init = None
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "get_init_inputs":
            rets = [n for n in ast.walk(node) if isinstance(n, ast.Return)]
            if len(rets) == 1 and isinstance(rets[0].value, (ast.List, ast.Tuple)):
                elts = list(rets[0].value.elts)
        elif isinstance(node, ast.ClassDef) and node.name == "Model":
            model = node
            init = next((f for f in node.body if isinstance(f, ast.FunctionDef) and f.name == "__init__"), None)
    return elts, init, model


def _is_int_literal(e: ast.expr, consts: dict[str, object]) -> bool:
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, (ast.USub, ast.UAdd)):  # -1: a bound, a shift
        e = e.operand
    if isinstance(e, ast.Constant):
        return type(e.value) is int
    return isinstance(e, ast.Name) and type(consts.get(e.id)) is int


def _mentions_size(e: ast.AST) -> bool:
    """`x.shape[1]`, `x.size(0)`, `x.numel()`, `len(x)`: the other operand is a size, so the result is one."""
    for n in ast.walk(e):
        if isinstance(n, ast.Attribute) and n.attr in ("shape", "size", "numel", "ndim", "dim"):
            return True
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "len":
            return True
    return False


def _callee(call: ast.Call) -> str:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def _value_position(call: ast.Call, name: str) -> int:
    """The argument index of VALUE_ARGS[name] in this call: one less in the method form (`x.roll(k)`)."""
    pos = VALUE_ARGS[name][0]
    f = call.func
    function_form = isinstance(f, ast.Name) or (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name)
                                                and f.value.id in ("torch", "F", "functional"))
    return pos if function_form else pos - 1


def _data_operand(call: ast.Call, child: ast.AST, name: str) -> bool:
    """Whether `child` is the tensor operand of a size-taking call in its function form (`torch.sum(x / k, 1)`:
    `x / k` is data; the size arguments come after it). Arithmetic there is a value use, read on upwards."""
    f = call.func
    function_form = isinstance(f, ast.Name) or (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name)
                                                and f.value.id in TORCH_NAMESPACES)
    return (function_form and name in SHAPE_CALLS and name not in NOT_DATA_FIRST and bool(call.args)
            and call.args[0] is child and not isinstance(child, (ast.Name, ast.Attribute)))


def _use(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> str:
    """SHAPE, SIZE or VALUE for one read, by the allowlist of size uses (module docstring)."""
    child, up = node, parents.get(node)
    while up is not None:
        if isinstance(up, ast.BinOp) and _mentions_size(up.right if up.left is child else up.left):
            return SIZE
        if isinstance(up, ast.Subscript) and child is up.slice or isinstance(up, ast.Slice):
            return SIZE
        if isinstance(up, ast.For) and child is up.iter:
            return SIZE
        if isinstance(up, ast.keyword) and isinstance(parents.get(up), ast.Call) and \
                up.arg in VALUE_ARGS.get(_callee(parents[up]), (0, frozenset()))[1]:
            return VALUE
        if isinstance(up, ast.keyword) and up.arg in SIZE_KEYWORDS:
            call = parents.get(up)
            return SHAPE if up.arg in SIZE_KEYWORD_ARGS and isinstance(call, ast.Call) and \
                _callee(call) in LAYER_SIZES else SIZE
        if isinstance(up, ast.Call) and child is not up.func:
            name = _callee(up)
            if name in LAYER_SIZES and child in up.args and up.args.index(child) in LAYER_SIZES[name]:
                return SHAPE
            if name in TENSOR_SHAPES and (child in up.args or isinstance(child, (ast.Tuple, ast.List))):
                return SHAPE
            if name in VALUE_ARGS and child in up.args and up.args.index(child) == _value_position(up, name):
                return VALUE
            if _data_operand(up, child, name):
                child, up = up, parents.get(up)
                continue
            if name in SHAPE_CALLS or name in LAYERS:
                return SIZE
        if isinstance(up, (ast.stmt, ast.Lambda)):
            return VALUE
        child, up = up, parents.get(up)
    return VALUE


def _stmt(n: ast.AST, parents: dict) -> ast.AST | None:
    while n is not None and not isinstance(n, ast.stmt):
        n = parents.get(n)
    return n


def _reads(param: str, init: ast.FunctionDef, model: ast.ClassDef, parents: dict) -> list[tuple[ast.AST, str]]:
    """Every read of the parameter, with its use. A value read that only computes a local of __init__
    (`cur = in_size`) or a `self.<attr>` (`self.k = k // 2`) is followed to that name's reads instead (the
    local's in __init__, the attribute's anywhere in the class)."""
    def stores(stmt: ast.AST | None, kind: type) -> list:
        if not isinstance(stmt, ast.Assign):
            return []
        if kind is ast.Name and all(isinstance(t, ast.Name) for t in stmt.targets):
            return [t.id for t in stmt.targets]
        if kind is ast.Attribute and all(isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
                                         and t.value.id == "self" for t in stmt.targets):
            return [t.attr for t in stmt.targets]
        return []

    names, grew = {param}, True
    while grew:  # the locals computed from the parameter
        grew = False
        for n in ast.walk(init):
            if isinstance(n, ast.Name) and n.id in names and isinstance(n.ctx, ast.Load) and _use(n, parents) == VALUE:
                new = set(stores(_stmt(n, parents), ast.Name)) - names
                if new:
                    names |= new
                    grew = True
    out: list[tuple[ast.AST, str]] = []
    attrs: set[str] = set()
    for n in ast.walk(init):
        if isinstance(n, ast.Name) and n.id in names and isinstance(n.ctx, ast.Load):
            use, stmt = _use(n, parents), _stmt(n, parents)
            if use == VALUE and stores(stmt, ast.Attribute):
                attrs |= set(stores(stmt, ast.Attribute))
            elif not (use == VALUE and stores(stmt, ast.Name)):
                out.append((n, use))
    for f in model.body:
        if isinstance(f, ast.FunctionDef):
            for n in ast.walk(f):
                if isinstance(n, ast.Attribute) and n.attr in attrs and isinstance(n.value, ast.Name) \
                        and n.value.id == "self" and isinstance(n.ctx, ast.Load):
                    out.append((n, _use(n, parents)))
    return out


def _classify(src: str) -> dict[int, str]:
    """Position in get_init_inputs -> VALUE, SIZE or SHAPE, for the int literals (or module-level int
    constants) there; positions left out (not an int, unmatched, never read) keep their value."""
    try:
        tree = ast.parse(src)
    except SyntaxError:
        return {}
    consts = {n.targets[0].id: n.value.value for n in tree.body
              if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
              and isinstance(n.value, ast.Constant)}
    elts, init, model = _init_positions(tree)
    if init is None or model is None or init.args.vararg is not None:
        return {}
    params = [a.arg for a in init.args.args[1:]]
    parents = {c: p for p in ast.walk(model) for c in ast.iter_child_nodes(p)}
    out: dict[int, str] = {}
    for i, e in enumerate(elts):
        if i >= len(params) or type(e) is ast.Starred or not _is_int_literal(e, consts) or (
                isinstance(e, ast.Constant) and type(e.value) is bool):
            continue
        uses = {u for _, u in _reads(params[i], init, model, parents)}
        if uses:
            out[i] = SHAPE if SHAPE in uses else SIZE if SIZE in uses else VALUE
    return out


def value_int_positions(src: str) -> list[int]:
    """Positions in get_init_inputs() of ints the reference uses only as values (new_seed moves them)."""
    return sorted(i for i, u in _classify(src).items() if u == VALUE)


def size_int_positions(src: str) -> list[int]:
    """Positions in get_init_inputs() of ints that size a layer or a tensor (the larger variants grow them)."""
    return sorted(i for i, u in _classify(src).items() if u == SHAPE)


# calls whose float argument is the probability of a random op: a 0.0 there keeps the task deterministic, and
# moving it off zero (build.vary_init) would make the reference and the candidate draw different masks
RANDOM_OPS = frozenset({"Dropout", "Dropout1d", "Dropout2d", "Dropout3d", "AlphaDropout", "FeatureAlphaDropout",
                        "dropout", "dropout1d", "dropout2d", "dropout3d", "alpha_dropout",
                        "feature_alpha_dropout", "bernoulli", "rand_like", "RReLU", "rrelu"})


def random_op_positions(src: str) -> list[int]:
    """Positions in get_init_inputs() whose constructor parameter reaches a random op's call (a dropout's p),
    directly or through the `self.<attr>` it is stored in: there a 0.0 stays 0.0 in new_seed."""
    try:
        tree = ast.parse(src)
    except SyntaxError:
        return []
    elts, init, model = _init_positions(tree)
    if init is None or model is None:
        return []
    params = [a.arg for a in init.args.args[1:]]
    parents = {c: p for p in ast.walk(model) for c in ast.iter_child_nodes(p)}
    attrs: dict[str, set[str]] = {p: set() for p in params}
    for n in ast.walk(init):  # self.<attr> = <expression of the parameter>
        if isinstance(n, ast.Assign):
            read = {x.id for x in ast.walk(n.value) if isinstance(x, ast.Name)}
            for t in n.targets:
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
                    for p in read & set(params):
                        attrs[p].add(t.attr)

    def in_random_call(node: ast.AST) -> bool:
        up = parents.get(node)
        while up is not None and not isinstance(up, ast.stmt):
            if isinstance(up, ast.Call) and _callee(up) in RANDOM_OPS:
                return True
            up = parents.get(up)
        return False

    out = []
    for i, p in enumerate(params[:len(elts)]):
        for n in ast.walk(model):
            hit = (isinstance(n, ast.Name) and n.id == p) or (
                isinstance(n, ast.Attribute) and n.attr in attrs[p] and isinstance(n.value, ast.Name)
                and n.value.id == "self")
            if hit and isinstance(getattr(n, "ctx", None), ast.Load) and in_random_call(n):
                out.append(i)
                break
    return out
