#!/bin/bash
# Issue 20's GPU runs on one 4-GPU host, after `deploy/offline/wheelhouse.py install` (docs/gpu-host.md).
#   bench/gpu_learning.sh main OUT      # 4 runs side by side, one GPU each: HRD alpha 0.1 (seeds 0, 1),
#                                       # uniform reward (reward.hrd=false), HRD alpha 1.0
#   bench/gpu_learning.sh ablation OUT  # the 16 extension cells, 4 per GPU, one Hydra sweep (joblib)
#   bench/gpu_learning.sh long OUT      # one run of preset gpu1 as shipped (100 RL steps) on one GPU, over
#                                       # several device calls: each call continues it from its newest
#                                       # checkpoint (learner.resume=true) in runs/$RUN until step 100
#   bench/gpu_learning.sh compare OUT   # the 4 runs of `main` on however many GPUs the host has, RUNS_PER_GPU
#                                       # (default 4) sharing one GPU (ray.lease_one_gpu), each continued over
#                                       # several device calls from runs/<name>/ckpt like `long`; with
#                                       # RUNS_PER_GPU=1 on a 4-GPU host, one run per GPU at preset gpu1's shares
#   bench/gpu_learning.sh start4 OUT    # 4 runs of preset gpu1 as shipped, one GPU each, each ONE process that
#                                       # outlives this device call (setsid): HRD alpha 0.1 and the uniform
#                                       # reward, seeds 0 and 1; DEADLINE_MIN (default 22) bounds each run
#   bench/gpu_learning.sh start OUT NAME OVERRIDES...  # one such run on GPU $GPU (default 0)
#   bench/gpu_learning.sh watch OUT     # later calls on the same warm host: progress every 30 s for WATCH_S
#                                       # seconds (default 540) or until every run has ended, then the tarball
# Each run's MLflow store (sqlite + artifacts) and log end up in OUT/<mode>.tgz; read them with
# bench/learning_report.py. Budgets (train.deadline_minutes, steps) are set for a 10-minute device call:
# RL ends early enough for the final held-out evaluation (tritonrl/deadline.py).
set -u
mode=$1; out=$2; root=/tmp/lr; mkdir -p "$root" "$out"
export PYTHONPATH=/tmp/site${PYTHONPATH:+:$PYTHONPATH}
common="preset=gpu1 train.checkpoint=false"
# a run's last tqdm line, "RL steps:  54%|...| 54/100 [10:31<05:45, 7.50s/it]" (the old pattern stopped at the bar)
progress() { tr '\r' '\n' 2>/dev/null < "$1" | grep -a 'RL steps:' | tail -1 | grep -o '[0-9]*/[0-9]* \[[^]]*\]'; }
if [ "$mode" = main ]; then
  launch() {  # GPU name overrides...
    local g=$1 n=$2; shift 2; mkdir -p "$root/$n"
    (cd "$root/$n" && CUDA_VISIBLE_DEVICES=$g timeout "${RUN_TIMEOUT_S:-555}" python3 -m tritonrl.cli train $common \
       tracking.run_name=$n tracking.tracking_uri=sqlite:///$root/$n/mlruns.db train.deadline_minutes=${DEADLINE_MIN:-8.5} "$@" \
       > "$root/$n/train.log" 2>&1; echo "exit status $?" >> "$root/$n/train.log") &
  }
  launch 0 hrd_a0.1_s0 train.seed=0
  launch 1 hrd_a0.1_s1 train.seed=1
  launch 2 uniform_a0.1_s0 train.seed=0 reward.hrd=false
  launch 3 hrd_a1.0_s0 train.seed=0 reward.alpha=1.0
  while [ -n "$(jobs -r)" ]; do sleep 30; nvidia-smi --query-gpu=index,utilization.gpu,memory.used --format=csv,noheader | tr '\n' ' '; echo; done
  wait
elif [ "$mode" = ablation ]; then
  mkdir -p "$root/sweep"
  # the embedded model converted once, before 16 runs would each try; 4 runs per GPU: vLLM, the verifier's
  # sandboxes and the learner's allocator each get a quarter of what one run per GPU takes
  python3 -c 'from tritonrl.config import ModelConfig; from tritonrl.models import resolve_model; print(resolve_model(ModelConfig()))'
  export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True
  (cd "$root/sweep" && timeout "${RUN_TIMEOUT_S:-560}" python3 -m tritonrl.cli train -m hydra/launcher=joblib hydra.launcher.n_jobs=16 \
     ray.lease_one_gpu=true ray.runs_per_gpu=4 ray.lease_stagger_s=15 $common rollout.gpu_memory_utilization=0.07 \
     rollout.enforce_eager=true verifier.sandbox.gpu_memory_fraction=0.025 pool.sandboxes_per_worker=2 train.tasks_per_step=${TASKS:-4} \
     train.eval_before_rl=false train.eval_every=0 train.eval_samples=${EVAL_SAMPLES:-4} \
     train.rl_steps=${RL_STEPS:-6} train.deadline_minutes=${DEADLINE_MIN:-8.5} \
     extensions.multi_input=true,false extensions.staged=true,false extensions.curriculum=true,false \
     extensions.calibrated_timing=true,false tracking.tracking_uri=sqlite:///$root/sweep/mlruns.db \
     > "$root/sweep/sweep.log" 2>&1; echo "exit status $?" >> "$root/sweep/sweep.log") &
  while [ -n "$(jobs -r)" ]; do sleep 30; nvidia-smi --query-gpu=index,utilization.gpu,memory.used --format=csv,noheader | tr '\n' ' '; echo; done
  wait
elif [ "$mode" = long ]; then
  n=${RUN:-long_s${SEED:-0}}; root=$PWD/runs; d=$root/$n; mkdir -p "$d"  # runs/ is ignored: kept on a warm host
  (cd "$d" && timeout "${RUN_TIMEOUT_S:-580}" python3 -m tritonrl.cli train preset=gpu1 train.seed=${SEED:-0} \
     tracking.run_name=$n tracking.tracking_uri=sqlite:///$d/mlruns.db learner.checkpoint_dir=$d/ckpt \
     learner.resume=true train.deadline_minutes=${DEADLINE_MIN:-9.2} >> "$d/train.log" 2>&1
   echo "exit status $?" >> "$d/train.log") &
  while [ -n "$(jobs -r)" ]; do sleep 30; echo "$(date +%T) $(nvidia-smi --query-gpu=utilization.gpu,memory.used --format=csv,noheader) $(progress "$d/train.log")"; done
  wait
elif [ "$mode" = compare ]; then
  root=$PWD/runs; rpg=${RUNS_PER_GPU:-4}
  # runs sharing a GPU: vLLM, the verifier's sandboxes and the learner each get a share (as in `ablation`)
  share="ray.lease_one_gpu=true ray.runs_per_gpu=$rpg ray.lease_stagger_s=20 rollout.gpu_memory_utilization=0.07
    rollout.enforce_eager=true verifier.sandbox.gpu_memory_fraction=0.025 pool.sandboxes_per_worker=2"
  # one run per GPU (RUNS_PER_GPU=1 on a 4-GPU host): each run gets preset gpu1's own shares of its GPU
  [ "$rpg" = 1 ] && share="ray.lease_one_gpu=true ray.runs_per_gpu=1 ray.lease_stagger_s=5"
  export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True
  python3 -c 'from tritonrl.config import ModelConfig; from tritonrl.models import resolve_model; print(resolve_model(ModelConfig()))'
  cmp_launch() {  # name overrides...
    local n=$1; shift; local d=$root/$n; mkdir -p "$d"
    (cd "$d" && timeout "${RUN_TIMEOUT_S:-580}" python3 -m tritonrl.cli train preset=gpu1 $share tracking.run_name=$n \
       tracking.tracking_uri=sqlite:///$d/mlruns.db learner.checkpoint_dir=$d/ckpt learner.resume=true \
       train.deadline_minutes=${DEADLINE_MIN:-9.2} "$@" >> "$d/train.log" 2>&1
     echo "exit status $?" >> "$d/train.log") &
  }
  cmp_launch cmp_hrd_a0.1_s0 train.seed=0
  cmp_launch cmp_hrd_a0.1_s1 train.seed=1
  cmp_launch cmp_uniform_a0.1_s0 train.seed=0 reward.hrd=false
  cmp_launch cmp_hrd_a1.0_s0 train.seed=0 reward.alpha=1.0
  while [ -n "$(jobs -r)" ]; do sleep 30; echo "$(date +%T) $(nvidia-smi --query-gpu=index,utilization.gpu,memory.used --format=csv,noheader | tr '\n' ' ')"
    for d in "$root"/cmp_*; do echo "  $(basename $d): $(progress "$d/train.log")"; done; done
  wait
elif [ "$mode" = start4 ] || [ "$mode" = start ]; then
  root=/tmp/lr4; mkdir -p "$root"
  export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True
  python3 -c 'from tritonrl.config import ModelConfig; from tritonrl.models import resolve_model; print(resolve_model(ModelConfig()))'
  start() {  # GPU name overrides...: a new process session, so the run outlives this call
    local g=$1 n=$2; shift 2; local d=$root/$n; mkdir -p "$d"
    (cd "$d" && CUDA_VISIBLE_DEVICES=$g setsid nohup bash -c "python3 -m tritonrl.cli train preset=gpu1 \
       tracking.run_name=$n tracking.tracking_uri=sqlite:///$d/mlruns.db train.checkpoint=false \
       train.deadline_minutes=${DEADLINE_MIN:-22} $* > $d/train.log 2>&1; echo exit status \$? >> $d/train.log" \
       < /dev/null > /dev/null 2>&1 &)
  }
  if [ "$mode" = start ]; then start "${GPU:-0}" "${@:3}"  # one run: name overrides... (on a one-GPU host)
  else
    start 0 hrd_a0.1_s0 train.seed=0
    start 1 hrd_a0.1_s1 train.seed=1
    start 2 uniform_a0.1_s0 train.seed=0 reward.hrd=false
    start 3 uniform_a0.1_s1 train.seed=1 reward.hrd=false
  fi
  mode=watch; WATCH_S=${WATCH_S:-90}
fi
if [ "$mode" = watch ]; then
  root=/tmp/lr4; t0=$SECONDS
  while [ $((SECONDS - t0)) -lt "${WATCH_S:-540}" ]; do
    sleep 30; echo "$(date +%T) $(nvidia-smi --query-gpu=index,utilization.gpu,memory.used --format=csv,noheader | tr '\n' ' ')"
    live=0; for d in "$root"/*/; do l=$d/train.log; grep -q "exit status" "$l" 2>/dev/null || live=1
      echo "  $(basename $d): $(progress "$l") $(grep -a 'exit status' "$l")"; done
    [ $live = 0 ] && break
  done
  for d in "$root"/*/; do tar czf "$out/$(basename $d).tgz" -C "$d" --exclude=ckpt .; done  # 16 MiB a file comes back
  for f in "$root"/*/train.log; do echo "== $f"; grep -E "exit status|Error|error:|Traceback" "$f" | tail -5; done
  exit 0
elif [ "$mode" != main ] && [ "$mode" != ablation ] && [ "$mode" != long ] && [ "$mode" != compare ]; then
  echo "usage: $0 main|ablation|long|compare|start4|start|watch OUT" >&2; exit 2
fi
tar czf "$out/$mode.tgz" -C "$root" --exclude='*.safetensors' --exclude='*.pt' --exclude='*.bin' --exclude='ckpt' .
for f in "$root"/*/train.log "$root"/sweep/sweep.log; do [ -f "$f" ] && { echo "== $f"; grep -E "exit status|Error|error:|Traceback" "$f" | tail -5; }; done
