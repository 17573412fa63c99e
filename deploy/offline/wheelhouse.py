#!/usr/bin/env python3
"""Carry Python packages to an offline GPU host as a wheelhouse cut into upload-sized parts.

The lent GPU hosts have no network and take at most 64 MiB per upload, but keep /tmp between uploads
while they stay warm. This script has two halves:

Here (a machine with PyPI; stdlib + `packaging`):

    .venv/bin/python deploy/offline/wheelhouse.py build --host deploy/offline/hosts/lent-gpu.txt \\
        -r deploy/offline/hosts/lent-gpu-requirements.txt --find-links /tmp/vw --out .whl_wh

  resolves the dependency closure for the host (CPython 3.12, Linux x86_64) by reading `Requires-Dist`
  from each wheel's METADATA, skips what the host already has (--host; --carry NAME overrides) and what we
  choose not to carry (--exclude-file, default deploy/offline/hosts/vllm-optional.txt; --exclude NAME), reuses
  wheels already at hand (--find-links, and OUT/wheels from an earlier build), downloads one wheel of
  each remaining package (`pip download --no-deps --only-binary=:all:`; `pip wheel --no-deps` for
  pure-Python sdists), writes manifest.json (name, version, file, bytes, sha256) and packs everything
  into OUT/p01, OUT/p02, ... each at most --part-mib MiB (as `du` counts too). Wheels bigger than a part
  are split into <wheel>.chunk-NNN byte chunks. p01 also holds manifest.json and a copy of this script.

There (the host's python3, stdlib only; one upload per part, each within the host's warm window):

    python3 deploy/offline/wheelhouse.py stage .whl_wh/p03      # copy one uploaded part into /tmp/tritonrl-wh
    python3 deploy/offline/wheelhouse.py install --repo .       # once all parts are staged: reassemble chunks,
                                                        # verify sha256, pip install --target /tmp/site,
                                                        # then run the import checks
    python3 deploy/offline/wheelhouse.py check                  # the import checks alone

Every step is idempotent: staging a part twice, or installing twice, is harmless.

The resolver takes the newest version that satisfies every constraint seen so far and fetches again when
a later constraint excludes it; it does not backtrack. Where two packages ask for incompatible versions
of a third, it stops and names them: add a narrower requirement (e.g. an older version of one of them) to
the requirement list. Host packages are never replaced; a version a carried package asks of one is
checked against --host's known versions here and against the real ones by `check` on the host.
"""
from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

MiB = 1 << 20
HERE = Path(__file__).resolve().parent
MANIFEST = "manifest.json"
DEFAULT_STAGING = "/tmp/tritonrl-wh"
DEFAULT_TARGET = "/tmp/site"
DEFAULT_EXCLUDE_FILE = HERE / "hosts" / "vllm-optional.txt"
STAMP = ".wheelhouse-installed.json"

# What `install`/`check` import on the host, each in a fresh interpreter with the target dir on PYTHONPATH.
CHECKS = {
    "ray": "import ray",
    "deepspeed": "import deepspeed",
    "hydra": "import hydra",
    "omegaconf": "import omegaconf",
    "mlflow": "import mlflow",
    "mlflow sqlite": (
        "import mlflow, tempfile, os\n"
        "d = tempfile.mkdtemp()\n"
        "mlflow.set_tracking_uri('sqlite:///' + os.path.join(d, 'm.db'))\n"
        "with mlflow.start_run():\n"
        "    mlflow.log_metric('x', 1.0, step=0)"
    ),
    "vllm": "import vllm",
    "from vllm import LLM": "from vllm import LLM",
    "gguf": "import gguf",
}
REPO_CHECK = {"tritonrl": "import tritonrl.cli, tritonrl.train"}


# --------------------------------------------------------------------------------------------------------
# The target: which wheels fit the host, and how markers evaluate there.

def target_env(python_version: str = "3.12.3") -> dict[str, str]:
    """PEP 508 marker environment of the host (CPython on Linux x86_64)."""
    major_minor = ".".join(python_version.split(".")[:2])
    return {
        "implementation_name": "cpython",
        "implementation_version": python_version,
        "os_name": "posix",
        "platform_machine": "x86_64",
        "platform_python_implementation": "CPython",
        "platform_release": "",
        "platform_system": "Linux",
        "platform_version": "",
        "python_full_version": python_version,
        "python_version": major_minor,
        "sys_platform": "linux",
    }


def target_platforms() -> list[str]:
    """manylinux tags the host's glibc (2.39) accepts; pip matches each --platform exactly, so name all."""
    plats = [f"manylinux_2_{n}_x86_64" for n in range(39, 4, -1)]
    return plats + ["manylinux2014_x86_64", "manylinux2010_x86_64", "manylinux1_x86_64"]


def target_tags(python_version: str = "3.12.3"):
    from packaging import tags

    pv = tuple(int(x) for x in python_version.split(".")[:2])
    abi = f"cp{pv[0]}{pv[1]}"
    plats = target_platforms()
    return set(tags.cpython_tags(pv, abis=[abi], platforms=plats)) | set(
        tags.compatible_tags(pv, interpreter=abi, platforms=plats))


def marker_applies(req, env: dict[str, str], extras: set[str] | frozenset[str] = frozenset()) -> bool:
    """True if `req` (a packaging Requirement) is needed on the target when the given extras are requested."""
    if req.marker is None:
        return True
    return any(req.marker.evaluate({**env, "extra": e}) for e in ["", *sorted(extras)])


# --------------------------------------------------------------------------------------------------------
# Name lists: the host's packages, the ones we choose not to carry.

def canon(name: str) -> str:
    from packaging.utils import canonicalize_name

    return canonicalize_name(name)


def read_name_list(path: str | Path) -> dict[str, str | None]:
    """One package a line, optionally `name==version`; `#` starts a comment. Returns {canonical name: version}."""
    out: dict[str, str | None] = {}
    for line in Path(path).read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, _, version = line.partition("==")
        out[canon(name.strip())] = version.strip() or None
    return out


# --------------------------------------------------------------------------------------------------------
# Wheels: metadata, hashes.

def sha256_file(path: Path, offset: int = 0, size: int | None = None) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        f.seek(offset)
        left = size if size is not None else float("inf")
        while left > 0:
            block = f.read(int(min(left, 8 * MiB)))
            if not block:
                break
            h.update(block)
            left -= len(block)
    return h.hexdigest()


def wheel_metadata(path: Path) -> tuple[str, str, list[str]]:
    """(name, version, Requires-Dist lines) read from the wheel's *.dist-info/METADATA."""
    with zipfile.ZipFile(path) as z:
        meta = [n for n in z.namelist() if n.count("/") == 1 and n.endswith(".dist-info/METADATA")]
        if len(meta) != 1:
            raise RuntimeError(f"{path.name}: expected one .dist-info/METADATA, found {meta}")
        msg = email.parser.BytesParser().parsebytes(z.read(meta[0]), headersonly=True)
    return msg["Name"], msg["Version"], msg.get_all("Requires-Dist") or []


# --------------------------------------------------------------------------------------------------------
# Fetching one wheel: the cache and --find-links folders first, then pip.

class Fetcher:
    """fetch(name, specifier) -> path of a wheel in `cache` that fits the target and satisfies the specifier."""

    def __init__(self, cache: Path, find_links: list[Path], python_version: str = "3.12.3"):
        self.cache = cache
        self.find_links = find_links
        self.python_version = python_version
        self.tags = target_tags(python_version)
        cache.mkdir(parents=True, exist_ok=True)

    def local(self, name: str, spec) -> Path | None:
        from packaging.utils import parse_wheel_filename

        best = None
        for d in [self.cache, *self.find_links]:
            for whl in sorted(d.glob("*.whl")):
                try:
                    n, v, _, wtags = parse_wheel_filename(whl.name)
                except Exception:
                    continue
                if canon(n) == name and spec.contains(v, prereleases=True) and wtags & self.tags:
                    if best is None or v > best[0]:
                        best = (v, whl)
        if best is None:
            return None
        whl = best[1]
        if whl.parent != self.cache:
            dst = self.cache / whl.name
            if not dst.exists():
                try:
                    os.link(whl, dst)
                except OSError:
                    shutil.copy2(whl, dst)
            whl = dst
        return whl

    def __call__(self, name: str, spec) -> Path:
        found = self.local(name, spec)
        if found:
            return found
        req = f"{name}{spec}"
        with tempfile.TemporaryDirectory(dir=self.cache) as tmp:
            cmd = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
                   "--python-version", self.python_version, "--implementation", "cp", "-d", tmp]
            for p in target_platforms():
                cmd += ["--platform", p]
            r = subprocess.run(cmd + [req], capture_output=True, text=True)
            if r.returncode != 0:
                # No wheel on the index: build one, which is fine only for pure-Python packages.
                log(f"  no wheel for {req}; building one with pip wheel")
                r = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", tmp, req],
                                   capture_output=True, text=True)
                if r.returncode != 0:
                    raise RuntimeError(f"could not fetch {req}:\n{r.stdout[-2000:]}{r.stderr[-2000:]}")
            got = list(Path(tmp).glob("*.whl"))
            if len(got) != 1:
                raise RuntimeError(f"{req}: expected one wheel, got {[g.name for g in got]}")
            dst = self.cache / got[0].name
            os.replace(got[0], dst)
        if not self.local(name, spec):
            dst.unlink()
            raise RuntimeError(f"{req}: pip produced {dst.name}, which does not fit the target (not pure Python?)")
        return dst


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------------------------------
# Resolving the closure.

@dataclass
class Chosen:
    name: str
    version: str
    path: Path
    requires: list[str]
    extras: set[str] = field(default_factory=set)


class Resolver:
    """Breadth-first walk of Requires-Dist, one version per package.

    `fetch(name, SpecifierSet) -> wheel path`. When a later requirement narrows a package's specifier so
    that the chosen version no longer fits, the package is fetched again with all constraints combined;
    `prune` then drops what only the replaced version needed.
    """

    def __init__(self, fetch, host: dict[str, str | None], exclude: set[str], env: dict[str, str],
                 carry: set[str] = frozenset()):
        self.fetch, self.host, self.exclude, self.env = fetch, host, exclude, env
        self.carry = {canon(c) for c in carry}
        self.chosen: dict[str, Chosen] = {}
        self.specs: dict = {}              # name -> SpecifierSet, all constraints seen
        self.wanted_by: dict[str, list[str]] = {}
        self.on_host: dict = {}            # host package -> SpecifierSet asked of it
        self.excluded: dict[str, list[str]] = {}
        self.warnings: list[str] = []

    def resolve(self, roots: list[str]) -> dict[str, Chosen]:
        from packaging.requirements import Requirement

        queue = deque((req, "(requested)") for req in map(Requirement, roots) if marker_applies(req, self.env))
        while queue:  # _deps has already evaluated the markers of what it queues
            req, parent = queue.popleft()
            queue.extend(self._add(req, parent))
        self.prune(roots)
        return self.chosen

    def _warn(self, msg: str) -> None:
        if msg not in self.warnings:
            self.warnings.append(msg)

    def _deps(self, c: Chosen):
        from packaging.requirements import Requirement

        for line in c.requires:
            r = Requirement(line)
            if marker_applies(r, self.env, c.extras):
                yield r, f"{c.name} {c.version}"

    def _add(self, req, parent: str):
        from packaging.specifiers import SpecifierSet

        name = canon(req.name)
        self.wanted_by.setdefault(name, []).append(f"{parent}: {req.name}{req.specifier}")
        if name in self.exclude:
            self.excluded.setdefault(name, []).append(parent)
            return []
        if name in self.host and name not in self.carry:
            spec = self.on_host.get(name, SpecifierSet()) & req.specifier
            self.on_host[name] = spec
            known = self.host[name]
            if known and req.specifier and not req.specifier.contains(known, prereleases=True):
                self._warn(f"host has {name} {known}, but {parent} wants {req.specifier}")
            if req.extras:
                self._warn(f"{parent} wants {name}[{','.join(sorted(req.extras))}]; "
                           f"{name} is on the host, so the extra's dependencies are not followed")
            return []
        spec = self.specs.get(name, SpecifierSet()) & req.specifier
        self.specs[name] = spec
        cur = self.chosen.get(name)
        extras = set(req.extras) | (cur.extras if cur else set())
        if cur and spec.contains(cur.version, prereleases=True):
            if extras == cur.extras:
                return []
            cur.extras = extras
            return list(self._deps(cur))
        if cur:
            log(f"  {name} {cur.version} does not satisfy {spec} (from {parent}); fetching again")
        try:
            path = self.fetch(name, spec)
        except RuntimeError as e:
            wanted = "\n  ".join(self.wanted_by[name])
            raise RuntimeError(f"{e}\n{name} is wanted by:\n  {wanted}\n(if these conflict, add a narrower "
                               f"requirement for one of the packages that ask, e.g. an older version)") from None
        dist_name, version, requires = wheel_metadata(path)
        log(f"  {name} {version}  {path.stat().st_size / MiB:7.2f} MiB  <- {parent}")
        self.chosen[name] = Chosen(canon(dist_name), version, path, requires, extras)
        return list(self._deps(self.chosen[name]))

    def prune(self, roots: list[str]) -> None:
        """Keep only what the roots reach through the chosen versions."""
        from packaging.requirements import Requirement

        keep: set[str] = set()
        stack = [Requirement(r) for r in roots]
        while stack:
            name = canon(stack.pop().name)
            if name in keep or name not in self.chosen:
                continue
            keep.add(name)
            stack.extend(r for r, _ in self._deps(self.chosen[name]))
        for name in set(self.chosen) - keep:
            log(f"  dropping {name} {self.chosen[name].version}: no longer needed")
            del self.chosen[name]


# --------------------------------------------------------------------------------------------------------
# Packing into parts.

@dataclass
class Piece:
    """One file in a part: the whole wheel (offset 0, size = wheel size, chunk None) or one byte range of it."""
    wheel: str
    offset: int
    size: int
    chunk: int | None = None

    @property
    def file(self) -> str:
        return self.wheel if self.chunk is None else f"{self.wheel}.chunk-{self.chunk:03d}"


def plan_parts(wheels: dict[str, int], part_bytes: int, first_reserve: int = 0,
               block: int = 4096) -> list[list[Piece]]:
    """Assign wheels (file name -> bytes) to parts of at most `part_bytes` each.

    Sizes are counted as `du` counts them: each file rounded up to whole `block`s, plus one block for the
    folder itself, so that `du -s` of a part stays within `part_bytes` too. Wheels that do not fit one part
    are cut into chunks that fill a part (the last one shorter). All pieces are then placed first-fit in
    decreasing size; part 0 keeps `first_reserve` bytes free for the manifest and this script.
    """
    def on_disk(n: int) -> int:
        return -(-n // block) * block

    room = part_bytes - block               # what one part holds after its folder's own block
    chunk = room // block * block
    pieces: list[Piece] = []
    for wheel, size in wheels.items():
        if on_disk(size) <= room:
            pieces.append(Piece(wheel, 0, size))
        else:
            for i, off in enumerate(range(0, size, chunk)):
                pieces.append(Piece(wheel, off, min(chunk, size - off), i))
    pieces.sort(key=lambda p: (-p.size, p.file))
    parts: list[list[Piece]] = [[]]
    free = [room - first_reserve]
    for p in pieces:
        need = on_disk(p.size)
        for i, left in enumerate(free):
            if need <= left:
                parts[i].append(p)
                free[i] -= need
                break
        else:
            parts.append([p])
            free.append(room - need)
    return parts


def part_name(i: int) -> str:
    return f"p{i + 1:02d}"


def write_parts(plan: list[list[Piece]], src: Path, out: Path) -> dict[str, dict]:
    """Write the planned parts under out/p01... Returns {piece file: {"part", "bytes", "sha256"}}."""
    for old in out.glob("p[0-9][0-9]"):
        shutil.rmtree(old)
    where: dict[str, dict] = {}
    for i, pieces in enumerate(plan):
        d = out / part_name(i)
        d.mkdir(parents=True)
        for p in pieces:
            dst = d / p.file
            if p.chunk is None:
                try:
                    os.link(src / p.wheel, dst)
                except OSError:
                    shutil.copy2(src / p.wheel, dst)
            else:
                with open(src / p.wheel, "rb") as f, open(dst, "wb") as g:
                    f.seek(p.offset)
                    g.write(f.read(p.size))
            where[p.file] = {"part": d.name, "bytes": p.size, "sha256": sha256_file(dst)}
    return where


def make_manifest(chosen: dict[str, Chosen], plan: list[list[Piece]], where: dict[str, dict],
                  resolver: Resolver | None = None, requirements: list[str] = ()) -> dict:
    chunks: dict[str, list[Piece]] = {}
    for pieces in plan:
        for p in pieces:
            if p.chunk is not None:
                chunks.setdefault(p.wheel, []).append(p)
    packages = []
    for c in sorted(chosen.values(), key=lambda c: c.name):
        entry = {"name": c.name, "version": c.version, "file": c.path.name, "bytes": c.path.stat().st_size,
                 "sha256": sha256_file(c.path)}
        if c.path.name in chunks:
            entry["chunks"] = [{"file": p.file, **where[p.file]}
                               for p in sorted(chunks[c.path.name], key=lambda p: p.chunk)]
        else:
            entry["part"] = where[c.path.name]["part"]
        packages.append(entry)
    manifest = {"format": 1, "requirements": list(requirements), "parts": [part_name(i) for i in range(len(plan))],
                "packages": packages}
    if resolver is not None:
        manifest["on_host"] = {n: str(s) for n, s in sorted(resolver.on_host.items())}
        manifest["host_requirers"] = {n: sorted(set(resolver.wanted_by[n])) for n in sorted(resolver.on_host)
                                      if resolver.on_host[n]}
        manifest["excluded"] = {n: sorted(set(v)) for n, v in sorted(resolver.excluded.items())}
    return manifest


def apparent_bytes(d: Path) -> int:
    return sum(f.stat().st_size for f in d.iterdir())


def du_bytes(d: Path) -> int:
    """What `du -s` counts: allocated blocks of the folder and its files."""
    return d.stat().st_blocks * 512 + sum(f.stat().st_blocks * 512 for f in d.iterdir())


def print_table(manifest: dict, parts_dir: Path) -> None:
    rows = []
    for p in manifest["packages"]:
        parts = sorted({c["part"] for c in p["chunks"]}) if "chunks" in p else [p["part"]]
        split = " (split)" if "chunks" in p else ""
        rows.append((p["name"], p["version"], p["bytes"] / MiB, ",".join(parts) + split))
    rows.sort(key=lambda r: -r[2])
    w = max(len(r[0]) for r in rows)
    wv = max(len(r[1]) for r in rows)
    print(f"{'package':<{w}}  {'version':<{wv}}  {'MiB':>8}  parts")
    for name, ver, mib, parts in rows:
        print(f"{name:<{w}}  {ver:<{wv}}  {mib:8.2f}  {parts}")
    total = sum(r[2] for r in rows)
    print(f"{len(rows)} packages, {total:.1f} MiB of wheels")
    for part in manifest["parts"]:
        d = parts_dir / part
        print(f"  {part}: {len(list(d.iterdir())):3d} files  {apparent_bytes(d) / MiB:6.2f} MiB"
              f"  (du {du_bytes(d) / MiB:6.2f} MiB)")
    sizes = [apparent_bytes(parts_dir / p) for p in manifest["parts"]]
    print(f"{len(sizes)} parts, {sum(sizes) / MiB:.1f} MiB in all")
    if manifest.get("excluded"):
        print("not carried (--exclude): " + ", ".join(manifest["excluded"]))


def cmd_build(a) -> int:
    from packaging.requirements import Requirement

    out = Path(a.out)
    host = read_name_list(a.host) if a.host else {}
    exclude = set(read_name_list(a.exclude_file)) if a.exclude_file else set()
    exclude |= {canon(n) for n in a.exclude}
    roots = list(a.requirements)
    for f in a.requirement:
        roots += [ln.split("#", 1)[0].strip() for ln in Path(f).read_text().splitlines()
                  if ln.split("#", 1)[0].strip()]
    for r in roots:
        Requirement(r)  # fail early on a typo
    fetch = Fetcher(Path(a.cache) if a.cache else out / "wheels", [Path(p) for p in a.find_links], a.python_version)
    res = Resolver(fetch, host, exclude, target_env(a.python_version), carry=set(a.carry))
    log(f"resolving {len(roots)} requirements for CPython {a.python_version} linux x86_64")
    try:
        chosen = res.resolve(roots)
    except RuntimeError as e:
        log(f"ERROR: {e}")
        return 1
    for w in res.warnings:
        log(f"WARNING: {w}")

    part_bytes = int(a.part_mib * MiB)
    reserve = MiB  # manifest.json and this script go into p01
    plan = plan_parts({c.path.name: c.path.stat().st_size for c in chosen.values()}, part_bytes, reserve)
    where = write_parts(plan, fetch.cache, out)
    manifest = make_manifest(chosen, plan, where, res, roots)
    (out / "p01" / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    shutil.copy2(Path(__file__), out / "p01" / "wheelhouse.py")
    print_table(manifest, out)
    too_big = [p for p in manifest["parts"] if max(du_bytes(out / p), apparent_bytes(out / p)) > part_bytes]
    if too_big:
        log(f"ERROR: parts over {a.part_mib} MiB: {too_big}")
        return 1
    return 0


# --------------------------------------------------------------------------------------------------------
# The host side: stage, install, check. Stdlib only (packaging is used when present).

def load_manifest(staging: Path) -> dict | None:
    m = staging / MANIFEST
    return json.loads(m.read_text()) if m.exists() else None


def missing_files(manifest: dict, staging: Path) -> dict[str, list[str]]:
    """{part: [files of that part absent from staging or of the wrong size]}."""
    missing: dict[str, list[str]] = {}
    for p in manifest["packages"]:
        pieces = p["chunks"] if "chunks" in p else [{"file": p["file"], "part": p["part"], "bytes": p["bytes"]}]
        for c in pieces:
            f = staging / c["file"]
            if not f.exists() or f.stat().st_size != c["bytes"]:
                missing.setdefault(c["part"], []).append(c["file"])
    return missing


def stage(part: Path, staging: Path) -> None:
    if not part.is_dir():
        raise SystemExit(f"error: {part} is not a folder (was this part uploaded?)")
    staging.mkdir(parents=True, exist_ok=True)
    files = sorted(f for f in part.iterdir() if f.is_file())
    for f in files:
        tmp = staging / f".{f.name}.tmp"
        shutil.copyfile(f, tmp)
        os.replace(tmp, staging / f.name)  # an interrupted copy never leaves a half file under the real name
    print(f"staged {part.name}: {len(files)} files, {sum(f.stat().st_size for f in files) / MiB:.1f} MiB -> {staging}")
    manifest = load_manifest(staging)
    if manifest is None:
        print("  (no manifest yet: it comes with p01)")
        return
    missing = missing_files(manifest, staging)
    have = [p for p in manifest["parts"] if p not in missing]
    print(f"  parts complete: {' '.join(have) or '-'}; still missing: {' '.join(sorted(missing)) or 'none'}")


def assemble(manifest: dict, staging: Path) -> list[Path]:
    """Join chunks, check every sha256; return the wheel paths. Raises SystemExit with the part to re-upload."""
    missing = missing_files(manifest, staging)
    if missing:
        lines = [f"  {part}: {len(files)} file(s), e.g. {files[0]}" for part, files in sorted(missing.items())]
        raise SystemExit("error: parts not (fully) staged; upload and `stage` them, then run install again:\n"
                         + "\n".join(lines))
    wheels_dir = staging / "wheels"
    wheels_dir.mkdir(exist_ok=True)
    paths = []
    for p in manifest["packages"]:
        if "chunks" in p:
            whl = wheels_dir / p["file"]
            if not (whl.exists() and whl.stat().st_size == p["bytes"] and sha256_file(whl) == p["sha256"]):
                for c in p["chunks"]:
                    if sha256_file(staging / c["file"]) != c["sha256"]:
                        raise SystemExit(f"error: {c['file']} is corrupt (sha256 mismatch): "
                                         f"upload and stage {c['part']} again")
                tmp = wheels_dir / f".{p['file']}.tmp"
                with open(tmp, "wb") as g:
                    for c in p["chunks"]:
                        with open(staging / c["file"], "rb") as f:
                            shutil.copyfileobj(f, g, 8 * MiB)
                os.replace(tmp, whl)
        else:
            whl = staging / p["file"]
        if sha256_file(whl) != p["sha256"]:
            where = p.get("part") or ",".join(sorted({c["part"] for c in p["chunks"]}))
            raise SystemExit(f"error: {p['file']} sha256 mismatch: upload and stage {where} again")
        paths.append(whl)
    return paths


def cmd_stage(a) -> int:
    for part in a.parts:
        stage(Path(part), Path(a.staging))
    return 0


def cmd_install(a) -> int:
    staging, target = Path(a.staging), Path(a.target)
    manifest = load_manifest(staging)
    if manifest is None:
        raise SystemExit(f"error: no {MANIFEST} in {staging}: stage p01 first")
    wheels = assemble(manifest, staging)
    print(f"all {len(wheels)} wheels present, sha256 verified")
    digest = hashlib.sha256((staging / MANIFEST).read_bytes()).hexdigest()
    stamp = target / STAMP
    if not a.force and stamp.exists() and json.loads(stamp.read_text()).get("manifest_sha256") == digest:
        print(f"{target} already holds this wheelhouse (--force to reinstall)")
    else:
        target.mkdir(parents=True, exist_ok=True)
        cmd = [sys.executable, "-m", "pip", "install", "-q", "--no-index", "--no-deps", "--no-compile",
               "--no-cache-dir", "--upgrade", "--target", str(target), *map(str, wheels)]
        print(f"pip install --target {target}: {len(wheels)} wheels ...", flush=True)
        subprocess.run(cmd, check=True)
        stamp.write_text(json.dumps({"manifest_sha256": digest}) + "\n")
    if a.repo:
        print(f"pip install --target {target} {a.repo} (tritonrl, no deps) ...", flush=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-index", "--no-deps", "--no-compile",
                        "--no-build-isolation", "--no-cache-dir", "--upgrade", "--target", str(target), a.repo],
                       check=True)
    if a.no_check:
        return 0
    return check(target, manifest, with_repo=bool(a.repo))


def host_mismatches(manifest: dict, target: Path) -> list[str]:
    """Host packages the carried ones depend on: absent, or of a version outside what was asked."""
    import importlib.metadata as md

    out = []
    path = [str(target), *sys.path]
    try:
        from packaging.specifiers import SpecifierSet
    except ImportError:
        SpecifierSet = None
    for name, spec in manifest.get("on_host", {}).items():
        dists = list(md.distributions(name=name, path=path))
        if not dists:
            out.append(f"{name}: expected on the host but not installed")
            continue
        version = dists[0].version
        if spec and SpecifierSet and not SpecifierSet(spec).contains(version, prereleases=True):
            who = "; ".join(manifest.get("host_requirers", {}).get(name, []))
            out.append(f"{name} {version} is installed but {spec} is asked ({who})")
    return out


def check(target: Path, manifest: dict | None = None, with_repo: bool = False) -> int:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(target)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    checks = dict(CHECKS, **(REPO_CHECK if with_repo else {}))
    failed = 0
    cwd = tempfile.mkdtemp()  # not the repo root: its tritonrl/ folder would shadow the installed package
    for label, code in checks.items():
        r = subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd, capture_output=True, text=True)
        if r.returncode == 0:
            print(f"  ok      {label}")
        else:
            failed += 1
            err = [ln for ln in r.stderr.strip().splitlines() if ln.strip()]
            print(f"  FAILED  {label}: {err[-1] if err else 'exit ' + str(r.returncode)}")
    if manifest:
        for m in host_mismatches(manifest, target):
            print(f"  WARNING host package {m}")
    print(f"{len(checks) - failed} of {len(checks)} import checks passed; use it with: export PYTHONPATH={target}")
    return 1 if failed else 0


def cmd_check(a) -> int:
    return check(Path(a.target), load_manifest(Path(a.staging)), with_repo=a.with_tritonrl)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)

    b = sub.add_parser("build", help="resolve, download and pack a wheelhouse (run here, with PyPI)")
    b.add_argument("requirements", nargs="*", help="requirement specs, e.g. vllm==0.26.0 'ray[default]==2.60.0'")
    b.add_argument("-r", "--requirement", action="append", default=[], help="file of requirement specs")
    b.add_argument("--host", help="the host's packages, one a line, optional ==version (not carried)")
    b.add_argument("--exclude-file", default=str(DEFAULT_EXCLUDE_FILE),
                   help="packages never carried (default: %(default)s; '' for none)")
    b.add_argument("--exclude", action="append", default=[], help="one more package never carried")
    b.add_argument("--carry", action="append", default=[], help="carry this package even though the host has it")
    b.add_argument("--find-links", action="append", default=[], help="folder of wheels to reuse before downloading")
    b.add_argument("--out", required=True, help="output folder; parts go to OUT/p01, OUT/p02, ...")
    b.add_argument("--cache", help="where downloaded wheels are kept (default OUT/wheels); reused on a rebuild")
    b.add_argument("--part-mib", type=float, default=60, help="largest part, MiB (default %(default)s)")
    b.add_argument("--python-version", default="3.12.3", help="the host's Python (default %(default)s)")
    b.set_defaults(func=cmd_build)

    s = sub.add_parser("stage", help="on the host: copy uploaded part folder(s) into the staging folder")
    s.add_argument("parts", nargs="+")
    s.add_argument("--staging", default=DEFAULT_STAGING)
    s.set_defaults(func=cmd_stage)

    i = sub.add_parser("install", help="on the host: reassemble, verify, pip install --target, check imports")
    i.add_argument("--staging", default=DEFAULT_STAGING)
    i.add_argument("--target", default=DEFAULT_TARGET)
    i.add_argument("--repo", help="also install tritonrl from this repo tree (no deps, no build isolation)")
    i.add_argument("--force", action="store_true", help="reinstall even if the target holds this wheelhouse")
    i.add_argument("--no-check", action="store_true", help="skip the import checks")
    i.set_defaults(func=cmd_install)

    c = sub.add_parser("check", help="on the host: the import checks alone")
    c.add_argument("--staging", default=DEFAULT_STAGING)
    c.add_argument("--target", default=DEFAULT_TARGET)
    c.add_argument("--with-tritonrl", action="store_true", help="also import tritonrl")
    c.set_defaults(func=cmd_check)

    a = ap.parse_args(argv)
    return a.func(a)


if __name__ == "__main__":
    sys.exit(main())
