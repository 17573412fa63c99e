"""Landlock confinement of a sandbox worker: what the process may still do once generated code can run.

Defence in depth behind the static rules. If a candidate ever reaches `os` despite them, Landlock still
stops it from:
  * writing, creating, renaming or deleting files outside its own temp dir (and `/dev/shm`, which
    multiprocessing needs);
  * opening TCP connections or listening;
  * signalling or ptracing any process outside its own sandbox (the supervisor, the reference worker);
  * connecting to abstract unix sockets outside it.
Reads and exec stay allowed: torch, Triton and ptxas must load. Landlock needs no privileges, applies to root
too and is inherited by every child. Kernels without it (before 5.13, or with the LSM off) leave the worker
as it was, and `restrict` returns ABI 0 so the caller can say so.

Plain ctypes on the three syscalls: the ABI is four small structs, and no maintained PyPI binding exists.
"""
from __future__ import annotations

import ctypes
import glob
import os

# Syscall numbers are the same on every architecture (the generic table).
_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446
_CREATE_RULESET_VERSION = 1
_RULE_PATH_BENEATH = 1
_PR_SET_NO_NEW_PRIVS = 38

# access rights (include/uapi/linux/landlock.h)
WRITE_FILE, REMOVE_DIR, REMOVE_FILE = 1 << 1, 1 << 4, 1 << 5
MAKE_CHAR, MAKE_DIR, MAKE_REG, MAKE_SOCK, MAKE_FIFO, MAKE_BLOCK, MAKE_SYM = (1 << i for i in range(6, 13))
REFER, TRUNCATE = 1 << 13, 1 << 14  # ABI 2, ABI 3
NET_BIND_TCP, NET_CONNECT_TCP = 1 << 0, 1 << 1  # ABI 4
SCOPE_ABSTRACT_UNIX_SOCKET, SCOPE_SIGNAL = 1 << 0, 1 << 1  # ABI 6

_WRITE_V1 = (WRITE_FILE | REMOVE_DIR | REMOVE_FILE | MAKE_CHAR | MAKE_DIR | MAKE_REG | MAKE_SOCK | MAKE_FIFO
             | MAKE_BLOCK | MAKE_SYM)
_FILE_RIGHTS = WRITE_FILE | TRUNCATE  # the only handled rights a rule on a single file may grant

# Device nodes a worker writes to: the bit bucket and the NVIDIA driver's (opened O_RDWR by CUDA).
DEVICE_FILES = ("/dev/null", "/dev/zero", "/dev/full", "/dev/nvidiactl", "/dev/nvidia-uvm",
                "/dev/nvidia-uvm-tools", "/dev/nvidia-modeset", "/dev/nvidia[0-9]*")


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("handled_access_fs", ctypes.c_uint64), ("handled_access_net", ctypes.c_uint64),
                ("scoped", ctypes.c_uint64)]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


_libc = ctypes.CDLL(None, use_errno=True)
_libc.syscall.restype = ctypes.c_long


def abi_version() -> int:
    """The kernel's Landlock ABI, 0 where it has none."""
    v = _libc.syscall(_CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(_CREATE_RULESET_VERSION))
    return max(int(v), 0)


def _check(ret: int, what: str) -> int:
    if ret < 0:
        err = ctypes.get_errno()
        raise OSError(err, f"landlock {what}: {os.strerror(err)}")
    return ret


def restrict(writable_dirs: list[str], writable_files: list[str] | None = None) -> int:
    """Confine this process (and its future children) for good. Returns the ABI applied (0: not available)."""
    abi = abi_version()
    if abi < 1:
        return 0
    fs = _WRITE_V1 | (REFER if abi >= 2 else 0) | (TRUNCATE if abi >= 3 else 0)
    attr = _RulesetAttr(handled_access_fs=fs)
    size = 8  # the struct grew with the ABI; pass only what this kernel knows
    if abi >= 4:
        attr.handled_access_net, size = NET_BIND_TCP | NET_CONNECT_TCP, 16  # no rule: no TCP at all
    if abi >= 6:
        attr.scoped, size = SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL, 24
    ruleset = _check(_libc.syscall(_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size),
                                   ctypes.c_uint32(0)), "create_ruleset")
    try:
        files = [p for pattern in (writable_files if writable_files is not None else DEVICE_FILES)
                 for p in sorted(glob.glob(pattern))]
        for path, rights in [(d, fs) for d in writable_dirs] + [(f, _FILE_RIGHTS & fs) for f in files]:
            try:
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue  # a path this host lacks needs no rule
            try:
                rule = _PathBeneathAttr(allowed_access=rights, parent_fd=fd)
                _check(_libc.syscall(_ADD_RULE, ruleset, _RULE_PATH_BENEATH, ctypes.byref(rule), ctypes.c_uint32(0)),
                       f"add_rule {path}")
            finally:
                os.close(fd)
        _check(_libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs")
        _check(_libc.syscall(_RESTRICT_SELF, ruleset, ctypes.c_uint32(0)), "restrict_self")
    finally:
        os.close(ruleset)
    return abi
