"""What a candidate keeps between calls or computes ahead of them. Candidates run in real sandboxes; the cheats
with the static stage off (each must be caught at run time whatever the AST rules say):

- PyTorch compute in an overridden `to`/`_apply` (the harness's `model.to(device)`), at import time (module
  level, class bodies), or in __init__ beyond what the reference's constructor does: init_compute, also when
  it is a table of the task's function computed in Python (a LUT), a weight fold by in-place tensor arithmetic
  or element reads, or a Triton kernel launched from the constructor;
- a result kept in a module buffer behind a flag from an earlier call; `x.data_ptr()` as a cache key;
- finalizers: the forward copies its input into a module buffer with a Triton kernel and returns a view of
  another buffer, still zeros, and `__del__` computes the answer into it with PyTorch. Outputs are now copied
  as soon as the forward returns (with automatic garbage collection off while the candidate's objects live),
  and `__del__` is a static violation.

And the honest state next to them: scalar in-place init arithmetic, a small constant table, an index tensor
converted between int types, a scratch buffer rewritten on each call, an alignment assert on `data_ptr()`.
"""
import pytest

from tritonrl.reward.credit import stage_credit
from tritonrl.verifier_workers.static.checks import check_source

from helpers import HEAD, ROUND_8, ROUND_10, TASK, model, redteam_case


RELU_FORWARD = '''
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
return out'''


TO_OVERRIDE = HEAD + '''

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.table = None

    def _apply(self, fn, recurse=True):
        module = super()._apply(fn, recurse)
        self.table = torch.softmax(torch.randn(8), dim=0)  # precomputed where __init__'s watch is not
        return module

    def forward(self, x):
        out = torch.empty_like(x)
        relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
        return out
'''


RUNTIME_CHEATS = {
    "to_override": (TO_OVERRIDE, "init_compute"),
    "import_time_compute": (model(RELU_FORWARD, extra="\n_TABLE = torch.tanh(torch.linspace(-4, 4, 64))\n"),
                            "init_compute"),
    "python_lut_at_import": (model(RELU_FORWARD, extra="\nimport math\n"
                                   "_LUT = torch.tensor([math.tanh(i / 100) for i in range(1000)])\n"), "init_compute"),
    "python_lut_elementwise": (model(RELU_FORWARD, init='''
lut = torch.empty(1000)
for i in range(1000):
    lut[i] = max(i / 100 - 5, 0.0)
self.lut = lut'''), "init_compute"),
    "inplace_tensor_fold": (model(RELU_FORWARD, init='''
w = torch.randn(16, 8)
acc = torch.zeros(8)
for row in w:
    acc.add_(row)
self.acc = acc'''), "init_compute"),
    "host_reads_in_init": (model(RELU_FORWARD, init='''
w = torch.randn(64)
self.total = sum(float(v) for v in w)'''), "init_compute"),
    "table_built_piece_by_piece": (model(RELU_FORWARD, init='''
import math
slab = torch.empty(400, 17)
for i in range(400):
    slab[i].fill_(math.tanh(i / 50 - 4))
self.lut = slab[:, 0].contiguous()''', extra="\nimport math\n"), "init_compute"),
    "linspace_with_tensor_endpoints": (model(RELU_FORWARD, init='''
w = torch.randn(8)
self.mid = torch.linspace(w[0], w[1], 3)[1]'''), "init_compute"),
    "descriptor_over_a_fake_tensor": (HEAD + '''
from triton.tools.tensor_descriptor import TensorDescriptor


@triton.jit
def desc_copy_kernel(src_desc, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, src_desc.load([0]))


class Lazy:
    def __init__(self, x):
        self.x = x
        self.dtype = x.dtype

    def untyped_storage(self):
        return torch.relu(self.x).untyped_storage()

    def data_ptr(self):
        return torch.relu(self.x).data_ptr()


class ModelNew(nn.Module):
    def forward(self, x):
        flat = x.reshape(-1)
        out = torch.empty_like(flat)
        desc = TensorDescriptor(Lazy(flat), [flat.numel()], [1], [flat.numel()])
        desc_copy_kernel[(1,)](desc, out, BLOCK=flat.numel())
        return out.view_as(x)
''', "no_triton_launch_or_compile"),
    "float_to_int_in_forward": (model('''
q = x.to(torch.int32)
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
return out'''), "torch_compute_runtime"),
}


# honest code that must stay accepted next to the rules above: random init through nn.init (scalar mul_/add_
# written by hand in a constructor are a fold since round 7, R7A_08; trunc_normal_'s own range checks are
# outside INIT_ATEN unless the reference uses them), a small host constant table, an int index tensor
# converted between int types
HONEST_INIT = model(RELU_FORWARD, init='''
w = torch.empty(16, 8)
nn.init.normal_(w, mean=0.1, std=0.02)
self.w = nn.Parameter(w)
self.register_buffer("consts", torch.tensor([0.5, 1.0, 2.0]))
self.register_buffer("idx", torch.arange(8).to(torch.int32))''')


@pytest.mark.parametrize("name", sorted(RUNTIME_CHEATS))
def test_runtime_cheat_is_caught(unchecked, name):
    code, violation = RUNTIME_CHEATS[name]
    verdict = unchecked.verify(TASK, code)
    assert not verdict.correct
    if violation == "no_triton_launch_or_compile":  # the launch itself is refused, before the base is read
        assert "tensor descriptor over a Lazy" in (verdict.error or ""), verdict.error
        return
    assert stage_credit(verdict) == 0.0
    assert violation in verdict.violations, (verdict.violations, verdict.error)


def test_honest_init_is_accepted(unchecked):
    verdict = unchecked.verify(TASK, HONEST_INIT)
    assert verdict.correct, (verdict.violations, verdict.error)


def test_module_machinery_override_is_on_the_forward_path():
    codes = {x.code for x in check_source(TO_OVERRIDE)}
    assert "torch_compute" in codes, codes


def test_triton_launch_in_the_constructor_is_init_compute(unchecked):
    code = model('''
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
return out''', init='''self.table = torch.empty(256)
copy_kernel[(1,)](torch.linspace(0, 1, 256), self.table, 256, BLOCK=256)''')
    verdict = unchecked.verify(TASK, code)
    assert not verdict.correct and "init_compute" in verdict.violations, (verdict.violations, verdict.error)
    assert "triton_launch" in (verdict.error or ""), verdict.error


CACHED = model('''
n = x.numel()
out = torch.empty_like(x)
cached_relu[(triton.cdiv(n, 256),)](x, out, self.flag, self.cache, n, BLOCK=256)
set_flag[(1,)](self.flag)
return out''', init='''self.register_buffer("flag", torch.zeros(1, dtype=torch.int32))
self.register_buffer("cache", torch.zeros(1 << 14))''', extra='''

@triton.jit
def cached_relu(x_ptr, out_ptr, flag_ptr, cache_ptr, n, BLOCK: tl.constexpr):
    # the first call computes and keeps the answer; later calls (same inputs) copy it back
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    if tl.load(flag_ptr) == 0:
        y = tl.maximum(tl.load(x_ptr + offs, mask=m), 0.0)
        tl.store(cache_ptr + offs, y, mask=m)
        tl.store(out_ptr + offs, y, mask=m)
    else:
        tl.store(out_ptr + offs, tl.load(cache_ptr + offs, mask=m), mask=m)


@triton.jit
def set_flag(flag_ptr):
    tl.store(flag_ptr, 1)
''')


def test_result_kept_in_a_buffer_from_an_earlier_call_is_caught(unchecked):
    verdict = unchecked.verify(TASK, CACHED)
    assert not verdict.correct and "call 2" in (verdict.error or ""), verdict.error


def test_scratch_buffer_rewritten_each_call_is_accepted(verifier):
    code = model('''
n = x.numel()
copy_kernel[(triton.cdiv(n, 256),)](x, self.scratch, n, BLOCK=256)
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(n, 256),)](self.scratch, out, n, BLOCK_SIZE=256)
return out''', init='self.register_buffer("scratch", torch.empty(1 << 14), persistent=False)')
    verdict = verifier.verify(TASK, code)
    assert verdict.correct, (verdict.violations, verdict.error)


def test_data_ptr_in_an_alignment_assert_is_allowed_and_as_a_key_is_not():
    ok = model('''
assert x.data_ptr() % 16 == 0, "aligned input"
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
return out''')
    assert "output_cache" not in {x.code for x in check_source(ok)}
    key = ok.replace('assert x.data_ptr() % 16 == 0, "aligned input"', "self.key = x.data_ptr() % 1000003")
    assert "output_cache" in {x.code for x in check_source(key)}


STAGE = HEAD + '''

@triton.jit
def stage_kernel(x_ptr, xs_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(xs_ptr + offs, tl.load(x_ptr + offs, mask=m), mask=m)
'''


FINALIZER_METHOD = STAGE + '''

class Staging(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("xs", torch.zeros(1 << 14), persistent=False)
        self.register_buffer("out", torch.zeros(1 << 14), persistent=False)
        self.register_buffer("out_grad", torch.zeros(1 << 14), persistent=False)

    def __del__(self):
        self.out.copy_(torch.relu(self.xs))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.stage = Staging()

    def forward(self, x):
        n = x.numel()
        stage_kernel[(triton.cdiv(n, 256),)](x, self.stage.xs, n, BLOCK=256)
        out = self.stage.out if not torch.is_grad_enabled() else self.stage.out_grad  # no shared storage
        return out[:n].view(x.shape)
'''


FINALIZER_ALIAS = STAGE + '''

def _finish(mod):
    mod.out.copy_(torch.relu(mod.xs))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("xs", torch.zeros(1 << 14), persistent=False)
        self.register_buffer("out", torch.zeros(1 << 14), persistent=False)
        self.register_buffer("out_grad", torch.zeros(1 << 14), persistent=False)

    __del__ = _finish

    def forward(self, x):
        n = x.numel()
        stage_kernel[(triton.cdiv(n, 256),)](x, self.xs, n, BLOCK=256)
        out = self.out if not torch.is_grad_enabled() else self.out_grad
        return out[:n].view(x.shape)
'''


@pytest.mark.parametrize("code", [FINALIZER_METHOD, FINALIZER_ALIAS], ids=["method", "class_attribute"])
def test_finalizer_is_a_static_violation(code):
    found = {x.code: x.message for x in check_source(code)}
    assert "reflection" in found and "__del__" in found["reflection"], found


def test_dunder_bound_by_assignment_is_flagged():
    code = FINALIZER_ALIAS.replace("__del__ = _finish", "__call__ = _finish")
    assert "monkeypatch" in {x.code for x in check_source(code)}


@pytest.mark.parametrize("code", [FINALIZER_METHOD, FINALIZER_ALIAS], ids=["method", "class_attribute"])
def test_finalizer_result_is_not_what_is_compared(unchecked, code):
    verdict = unchecked.verify(TASK, code)
    assert not verdict.correct, (verdict.error, verdict.violations)


# Red-team round 4 (tests/data/redteam_2026_11_27): a call counter that switches to replaying a stash after the
# verifier's calls, a ring of model-owned output buffers, weights packed once into a buffer registered during
# the forward.


@pytest.mark.parametrize("name,expected", [
    ("R4C_04_matmul_call_counter_replay", "`self.calls`"),
    ("R4C_05_rowsum_output_ring", "`self.turn`"),
    ("R4C_07_ln_stale_weight_pack", "`self.register_buffer` adds module state"),
])
def test_counters_and_run_time_registration_are_state(name, expected):
    task, code = redteam_case(name)
    found = [x for x in check_source(code, task.reference_src) if x.code == "output_cache"]
    assert any(expected in x.message for x in found), found


def test_a_flag_or_launch_config_is_no_counter():
    code = model('''
if self.block is None:
    self.block = 256
self.warm = True
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), self.block),)](x, out, x.numel(), BLOCK_SIZE=self.block)
return out''', init="self.block = None\nself.warm = False")
    assert [x for x in check_source(code) if x.code == "output_cache"] == []


@pytest.mark.heavy
def test_a_buffer_registered_during_the_forward_is_poisoned_before_the_next_call(unchecked):
    task, code = redteam_case("R4C_07_ln_stale_weight_pack")  # the static stage skipped: the run time alone
    verdict = unchecked.verify(task, code)
    assert not verdict.correct and "call 2" in (verdict.error or ""), (verdict.violations, verdict.error)


@pytest.mark.heavy
def test_an_output_in_the_models_own_buffer_is_an_alias(unchecked):
    task, code = redteam_case("R4C_05_rowsum_output_ring")
    verdict = unchecked.verify(task, code)
    assert not verdict.correct and "output_alias" in verdict.violations, (verdict.violations, verdict.error)


def test_a_math_table_built_in_a_loop_is_a_host_table():
    task, code = redteam_case("R4C_09_softmax_host_exp_table")  # 256 = the run-time limit of host-made elements
    assert [x.code for x in check_source(code, task.reference_src)] == ["host_table"]
    for table in ("[math.exp(-k / 8) for k in range(64)]", "[math.tanh(k / 4) for k in range(9)]"):
        code = model(RELU_FORWARD, extra="\nimport math\n", init=f"self.register_buffer('t', torch.tensor({table}))")
        assert "host_table" in [x.code for x in check_source(code)], table


def test_a_float_table_built_by_python_and_made_a_tensor_is_a_host_table():
    # R8A_09: `**` in a comprehension (no math call, 32 entries) shipped with torch.tensor for the kernel
    task, code = redteam_case("R8A_09_python_freq_table", ROUND_8.name)
    assert "host_table" in [x.code for x in check_source(code, task.reference_src)]
    for body in ("t = torch.tensor([1.0 / 10000 ** (2 * i / 64) for i in range(32)], device=x.device)",
                 "f = []\nfor i in range(32):\n    f.append(pow(2.0, -i / 8))\nt = torch.as_tensor(f, device=x.device)"):
        code = model(body + "\n" + RELU_FORWARD)
        assert "host_table" in [x.code for x in check_source(code)], body


def test_powers_made_by_repeated_multiplication_in_a_host_loop_are_a_host_table():
    # R10A_06: `g *= gamma` appended to a list made a tensor; R10A_14: `base = base * step` launched per block
    for name in ("R10A_06_host_mul_pow_table", "R10A_14_host_scalar_launch_args"):
        task, code = redteam_case(name, ROUND_10.name)
        assert "host_table" in [x.code for x in check_source(code, task.reference_src)], name
    for put in ("f.append(g)", "f.append(g * 1.0)", "f += [g]"):  # the value handed on, however wrapped
        body = f"g, f = 1.0, []\nfor i in range(32):\n    {put}\n    g = g * 0.97\nt = torch.tensor(f, device=x.device)"
        assert "host_table" in [x.code for x in check_source(model(body + "\n" + RELU_FORWARD))], put
    # a loop bounded by the input's shape is no excuse: the operand is what must be a size
    body = ("b = 1.0\nfor c in range(0, x.shape[0], 32):\n    relu_kernel[(1,)](x, x, float(b), BLOCK_SIZE=256)\n"
            "    b = b * 0.97\n")
    assert "host_table" in [x.code for x in check_source(model(body + RELU_FORWARD))]


def test_shape_arithmetic_in_a_host_loop_is_no_host_table():
    body = ("inv, strides = 1.0, []\nfor d in x.shape:\n    inv /= d\n    strides.append(inv)\n"
            "M = x.shape[0]\nfor b in range(3):\n    sc = 1.0\n    for d in x.shape[1:]:\n        sc /= d\n"
            "    strides.append(sc)\n    sc = sc / M\n    strides.append(sc)\n")
    code = model(body + RELU_FORWARD)
    assert [x for x in check_source(code) if x.code == "host_table"] == []


def test_an_integer_table_or_a_scalar_made_a_tensor_is_no_host_table():
    for body in ("t = torch.tensor([i * 64 for i in range(32)], device=x.device)",
                 "t = torch.tensor([1.0 / 64], device=x.device)"):
        code = model(body + "\n" + RELU_FORWARD)
        assert [x for x in check_source(code) if x.code == "host_table"] == [], body


def test_math_on_scalars_and_integer_helpers_in_loops_are_no_table():
    code = model(RELU_FORWARD, extra="\nimport math\n",
                 init="self.scale = 1 / math.sqrt(64)\nself.grid = [math.ceil(n / 128) for n in (256, 512)]")
    assert [x for x in check_source(code) if x.code == "host_table"] == []
