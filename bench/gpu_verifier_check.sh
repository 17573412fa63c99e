#!/bin/bash
# Issue 23's measurements on one multi-GPU host (one corpus shard per GPU), after `deploy/offline/wheelhouse.py install` (docs/gpu-host.md).
# Each mode fits a 10-minute device call (everything stops at LIMIT_S, default 540 s) and leaves one archive,
# OUT/<mode>.tgz, plus a summary on stdout.
#   bench/gpu_verifier_check.sh gpu OUT   # the whole corpus with --device cuda, one shard per GPU (-j JOBS warm
#                                         # lanes each); GPU-marked verifier tests and the newest red-team round's
#                                         # cheats (RT_ROUND) on the last GPU too; REPLAY_S=150 first runs
#                                         # bench_verify_replay.py alone for at most that long
#   bench/gpu_verifier_check.sh cpu OUT   # the whole corpus with --device cpu (the interpreter) on the host's
#                                         # cores, and the strict-shapes measurement (bench_shape_generalisation)
#                                         # on the GPUs, one shard each
#   bench/gpu_verifier_check.sh both OUT  # in one call: the whole corpus on the GPUs (4 shards, -j GPU_JOBS) and
#                                         # with --device cpu on the host's cores (-j CPU_JOBS), and red-team rounds 4
#                                         # and 5 (tests/data/redteam_2026_11_27*) with --device cuda
set -u
mode=$1; out=$2; lim=${LIMIT_S:-540}; mkdir -p "$out/$mode"; d=$out/$mode
export PYTHONPATH=/tmp/site${PYTHONPATH:+:$PYTHONPATH}
py=python3
progress() {  # every 30 s: GPU use and rows so far
  while [ -n "$(jobs -r)" ]; do
    sleep 30; echo "$(date +%T) $(nvidia-smi --query-gpu=index,utilization.gpu,memory.used --format=csv,noheader | tr '\n' ' ')"
    for f in "$d"/corpus_*.json; do [ -f "$f" ] && echo "  $(basename $f): $($py -c "import json,sys; print(len(json.load(open(sys.argv[1]))))" "$f" 2>/dev/null) rows"; done
  done
}
ngpu=$(nvidia-smi -L | wc -l); last=$((ngpu - 1))
gpu_shards() {  # the corpus in one shard per GPU, -j $1 warm lanes each
  $py - "$d" "$ngpu" <<'PY'
import sys
from tritonrl.verifier_workers.corpus_run import load_cases
cases, n = [c.rel for c in load_cases(device="cuda")], int(sys.argv[2])
for i in range(n):
    open(f"{sys.argv[1]}/list_{i}.txt", "w").write("\n".join(cases[i::n]) + "\n")
print(len(cases), "cases in", n, "shards")
PY
  for i in $(seq 0 $last); do
    CUDA_VISIBLE_DEVICES=$i timeout $lim $py -m tritonrl.cli corpus --device cuda --warm -j $1 \
      --list "$d/list_$i.txt" --json-out "$d/corpus_$i.json" > "$d/corpus_$i.log" 2>&1 &
  done
}
if [ "$mode" = both ]; then
  gpu_shards ${GPU_JOBS:-8}
  timeout $lim $py -m tritonrl.cli corpus --device cpu --warm -j ${CPU_JOBS:-24} --json-out "$d/corpus_cpu.json" \
    > "$d/corpus_cpu.log" 2>&1 &
  ( ls tests/data/redteam_2026_11_27*/cheats/R*.py | CUDA_VISIBLE_DEVICES=3 xargs -P 6 -I{} sh -c \
      'c={}; r=$(dirname $(dirname $c))/refs/$(head -1 $c | sed "s#^\# ref: [^;]*/refs/\([^;]*\);.*#\1#"); timeout 240 \
       python3 -m tritonrl.cli verify $r $c --device cuda --json > '"$d"'/rt_$(basename $c .py).json 2>/dev/null' ) &
  progress
  wait
  tail -n 2 "$d"/corpus_*.log
  $py - "$d" <<'PY'
import glob, json, os, sys
acc = []
for f in sorted(glob.glob(sys.argv[1] + "/rt_*.json")):
    try:
        v = json.load(open(f))
    except Exception as e:
        print(os.path.basename(f), "no verdict:", type(e).__name__); continue
    if v.get("correct"):
        acc.append(os.path.basename(f)[3:-5])
print("red-team cheats accepted on cuda:", len(acc), "of", len(glob.glob(sys.argv[1] + "/rt_*.json")), acc)
PY
elif [ "$mode" = gpu ]; then
  if [ -n "${REPLAY_S:-}" ]; then  # first, alone on the host: verification throughput on recorded policy samples
    CUDA_VISIBLE_DEVICES=0 timeout $REPLAY_S $py bench/bench_verify_replay.py preset=gpu1 > "$d/replay.log" 2>&1
    tail -n 30 "$d/replay.log"; lim=$((lim - SECONDS))
  fi
  gpu_shards ${JOBS:-11}
  (
    CUDA_VISIBLE_DEVICES=$last timeout 200 $py -m pytest -q -m gpu -p no:cacheprovider -s tests/test_device_kernels.py \
      tests/test_gpu_verifier.py > "$d/pytest_gpu.log" 2>&1
    # the newest red-team round (RT_ROUND, a folder of tests/data) with --device cuda
    rt=tests/data/${RT_ROUND:-redteam_2026_11_27f}
    ls $rt/cheats/*.py | CUDA_VISIBLE_DEVICES=$last xargs -P 6 -I{} sh -c \
      'c={}; r=$(head -1 $c | sed "s#^\# ref: [^;]*/refs/\([^;]*\);.*#\1#"); timeout 240 python3 -m tritonrl.cli verify \
       '"$rt"'/refs/$r $c --device cuda --json > '"$d"'/rt_$(basename $c .py).json 2>/dev/null'
  ) &
  progress
  wait
  tail -n 2 "$d"/corpus_*.log; tail -4 "$d/pytest_gpu.log"
  $py - "$d" <<'PY'
import glob, json, os, sys
for f in sorted(glob.glob(sys.argv[1] + "/rt_*.json")):
    try:
        v = json.load(open(f)); print(os.path.basename(f)[3:-5], v.get("correct"), v.get("stage"), v.get("violations"))
    except Exception as e:
        print(os.path.basename(f), "no verdict:", type(e).__name__)
PY
elif [ "$mode" = cpu ]; then
  timeout $lim $py -m tritonrl.cli corpus --device cpu --warm -j ${JOBS:-52} --json-out "$d/corpus_cpu.json" \
    > "$d/corpus_cpu.log" 2>&1 &
  for s in 0 1 2 3; do
    CUDA_VISIBLE_DEVICES=$s timeout $lim $py bench/bench_shape_generalisation.py --device cuda --mode every_dim \
      --factor ${FACTOR:-3} --shard $s/4 > "$d/shapes_$s.log" 2>&1 &
  done
  progress
  wait
  tail -n 2 "$d/corpus_cpu.log"; grep -h -A12 "^larger_shapes" "$d"/shapes_*.log
else
  echo "usage: $0 gpu|cpu|both OUT" >&2; exit 2
fi
tar czf "$out/$mode.tgz" -C "$out" "$mode"
