#!/bin/bash
# Issue 23's GPU measurements on one 4-GPU host, after `deploy/offline/wheelhouse.py install` (docs/gpu-host.md):
#   bench/gpu_verifier_check.sh OUT [SHARDS]
# * GPU 3: the GPU-marked verifier tests (tests/test_device_kernels.py: the profiler's second opinion), then
#   the strict-shapes measurement (bench/bench_shape_generalisation.py --mode every_dim), 4 shards side by side;
# * GPUs 0..SHARDS-1 (default 3): the whole red-team corpus, `tritonrl corpus --device cuda --warm`, one shard
#   of the cases per GPU (every SHARDS-th case), rows written as they come (OUT/corpus_<i>.json).
# Everything stops at ${LIMIT_S:-540} s so that what finished comes back from a 10-minute device call.
set -u
out=$1; shards=${2:-3}; lim=${LIMIT_S:-540}; mkdir -p "$out"
export PYTHONPATH=/tmp/site${PYTHONPATH:+:$PYTHONPATH}
py=python3
$py - "$shards" "$out" <<'PY'
import sys
from tritonrl.verifier_workers.corpus_run import load_cases
n, out = int(sys.argv[1]), sys.argv[2]
cases = [c.rel for c in load_cases(device="cuda")]
for i in range(n):
    open(f"{out}/list_{i}.txt", "w").write("\n".join(cases[i::n]) + "\n")
print(len(cases), "cases in", n, "shards")
PY
for i in $(seq 0 $((shards - 1))); do
  CUDA_VISIBLE_DEVICES=$i timeout $lim $py -m tritonrl.cli corpus --device cuda --warm -j ${JOBS:-12} \
    --list "$out/list_$i.txt" --json-out "$out/corpus_$i.json" > "$out/corpus_$i.log" 2>&1 &
done
(
  CUDA_VISIBLE_DEVICES=3 timeout 240 $py -m pytest -q -m gpu -p no:cacheprovider -s tests/test_device_kernels.py \
    tests/test_gpu_verifier.py > "$out/pytest_gpu.log" 2>&1
  for s in 0 1 2 3; do
    CUDA_VISIBLE_DEVICES=3 timeout $((lim - 250)) $py bench/bench_shape_generalisation.py --device cuda \
      --mode every_dim --shard $s/4 > "$out/shapes_$s.log" 2>&1 &
  done
  wait
) &
while [ -n "$(jobs -r)" ]; do
  sleep 30; echo "$(date +%T) $(nvidia-smi --query-gpu=index,utilization.gpu,memory.used --format=csv,noheader | tr '\n' ' ')"
  for i in $(seq 0 $((shards - 1))); do [ -f "$out/corpus_$i.json" ] && echo "  shard $i: $($py -c "import json,sys; print(len(json.load(open(sys.argv[1]))))" "$out/corpus_$i.json" 2>/dev/null) rows"; done
done
wait
tail -3 "$out"/corpus_*.log "$out/pytest_gpu.log"; grep -h -A8 "^larger_shapes" "$out"/shapes_*.log
