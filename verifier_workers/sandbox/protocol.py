"""Framing between a sandbox supervisor and its worker process.

A frame is `<u64 header_len><u64 blob_len><JSON header><safetensors blob>`. JSON and safetensors are
plain data: the supervisor never unpickles anything a worker (which runs hostile code) sends.
"""
from __future__ import annotations

import json
import os
import select
import struct
import time
from typing import Callable

import torch
from safetensors.torch import load as st_load
from safetensors.torch import save as st_save

_PREFIX = struct.Struct("<QQ")
MAX_HEADER_BYTES = 16 * 1024 * 1024


class ProtocolError(Exception):
    """The peer sent something that is not a well-formed frame."""


class PeerClosed(Exception):
    """The peer closed its end (it exited or was killed)."""


def encode_tensors(tensors: dict[str, torch.Tensor] | None) -> bytes:
    if not tensors:
        return b""
    # safetensors wants contiguous tensors that share no storage: give it private copies
    return st_save({k: v.detach().to("cpu").contiguous().clone() for k, v in tensors.items()})


def write_frame(fd: int, header: dict, tensors: dict[str, torch.Tensor] | None = None) -> None:
    head = json.dumps(header, default=str).encode()
    blob = encode_tensors(tensors)
    data = memoryview(_PREFIX.pack(len(head), len(blob)) + head + blob)
    while data:
        n = os.write(fd, data)
        data = data[n:]


def _read_exact(fd: int, n: int, deadline: float | None, on_wait: Callable[[], None] | None) -> bytes:
    chunks, got = [], 0
    while got < n:
        if deadline is not None:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            ready, _, _ = select.select([fd], [], [], min(0.1, remaining))
            if not ready:
                if on_wait is not None:
                    on_wait()
                continue
        chunk = os.read(fd, min(n - got, 1 << 20))
        if not chunk:
            raise PeerClosed
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def read_frame(
    fd: int,
    deadline: float | None = None,
    on_wait: Callable[[], None] | None = None,
    max_blob_bytes: int = 8 << 30,
) -> tuple[dict, dict[str, torch.Tensor]]:
    """Read one frame. Raises TimeoutError, PeerClosed or ProtocolError."""
    head_len, blob_len = _PREFIX.unpack(_read_exact(fd, _PREFIX.size, deadline, on_wait))
    if head_len > MAX_HEADER_BYTES or blob_len > max_blob_bytes:
        raise ProtocolError(f"frame too large (header {head_len} B, blob {blob_len} B)")
    try:
        header = json.loads(_read_exact(fd, head_len, deadline, on_wait))
    except (ValueError, UnicodeDecodeError) as e:
        raise ProtocolError(f"bad header: {e}") from None
    if not isinstance(header, dict):
        raise ProtocolError("header is not an object")
    blob = _read_exact(fd, blob_len, deadline, on_wait) if blob_len else b""
    try:
        tensors = st_load(blob) if blob else {}
    except Exception as e:  # safetensors raises its own error types on garbage
        raise ProtocolError(f"bad tensor payload: {e}") from None
    return header, tensors
