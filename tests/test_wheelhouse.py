"""deploy/offline/wheelhouse.py: markers, host lists, resolution, part packing, staging and reassembly (no network)."""
import hashlib
import importlib.util
import json
import sys
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("wheelhouse", ROOT / "deploy" / "offline" / "wheelhouse.py")
wh = importlib.util.module_from_spec(_spec)
sys.modules["wheelhouse"] = wh
_spec.loader.exec_module(wh)

ENV = wh.target_env("3.12.3")


def make_wheel(d: Path, name: str, version: str, requires=(), tag="py3-none-any", payload=b"") -> Path:
    """A minimal but installable wheel."""
    dist = name.replace("-", "_")
    path = d / f"{dist}-{version}-{tag}.whl"
    info = f"{dist}-{version}.dist-info"
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n" + "".join(
        f"Requires-Dist: {r}\n" for r in requires)
    files = {f"{dist}/__init__.py": b"X = 1\n", f"{dist}/blob.bin": payload, f"{info}/METADATA": meta.encode(),
             f"{info}/WHEEL": f"Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: {tag}\n".encode()}
    with zipfile.ZipFile(path, "w") as z:
        for n, data in files.items():
            z.writestr(n, data)
        z.writestr(f"{info}/RECORD", "".join(f"{n},,\n" for n in files) + f"{info}/RECORD,,\n")
    return path


# ------------------------------------------------------------------------------------------ markers, tags, lists

@pytest.mark.parametrize("line,extras,expected", [
    ("six>=1.16; python_version > '3.11'", (), True),
    ("tomli; python_version < '3.11'", (), False),
    ("llguidance; platform_machine == 'x86_64' or platform_machine == 'arm64'", (), True),
    ("pywin32; sys_platform == 'win32'", (), False),
    ("mlx; platform_system == 'Darwin'", (), False),
    ("aiohttp_cors; extra == 'default'", (), False),
    ("aiohttp_cors; extra == 'default'", ("default",), True),
    ("py-spy>=0.4; python_version >= '3.12' and extra == 'default'", ("default",), True),
    ("py-spy>=0.2; python_version < '3.12' and extra == 'default'", ("default",), False),
    ("tokenspeed-mla==0.1.8; platform_system == 'Linux'", (), True),
])
def test_marker_evaluation_for_the_host(line, extras, expected):
    assert wh.marker_applies(Requirement(line), ENV, set(extras)) is expected


@pytest.mark.parametrize("filename,fits", [
    ("ray-2.60.0-cp312-cp312-manylinux2014_x86_64.whl", True),
    ("vllm-0.26.0-cp38-abi3-manylinux_2_28_x86_64.whl", True),
    ("xgrammar-0.2.7-cp312-cp312-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl", True),
    ("hjson-3.1.0-py3-none-any.whl", True),
    ("ray-2.60.0-cp311-cp311-manylinux2014_x86_64.whl", False),
    ("ray-2.60.0-cp312-cp312-macosx_12_0_arm64.whl", False),
    ("foo-1.0-cp312-cp312-manylinux_2_17_aarch64.whl", False),
    ("foo-1.0-cp312-cp312-musllinux_1_2_x86_64.whl", False),
])
def test_target_tags(filename, fits):
    from packaging.utils import parse_wheel_filename

    assert bool(parse_wheel_filename(filename)[3] & wh.target_tags("3.12.3")) is fits


def test_read_name_list(tmp_path):
    f = tmp_path / "host.txt"
    f.write_text("# the host\ntorch==2.11.0\nHuggingFace_Hub  # comment\n\nnvidia.cublas\nnumpy == 2.5.2\n")
    assert wh.read_name_list(f) == {"torch": "2.11.0", "huggingface-hub": None, "nvidia-cublas": None,
                                    "numpy": "2.5.2"}


def test_shipped_lists_parse():
    host = wh.read_name_list(ROOT / "deploy" / "offline" / "hosts" / "lent-gpu.txt")
    assert host["torch"] == "2.11.0" and host["transformers"] == "5.17.0" and "peft" in host
    assert "vllm" not in host and "ray" not in host
    excluded = wh.read_name_list(wh.DEFAULT_EXCLUDE_FILE)
    assert {"flashinfer-python", "tilelang", "torchcodec"} <= set(excluded)
    assert "apache-tvm-ffi" not in excluded  # xgrammar imports it when vLLM starts


# ------------------------------------------------------------------------------------------ resolution

class FakeIndex:
    """fetch(name, spec): the newest of the given versions that satisfies spec, as a wheel in tmp_path."""

    def __init__(self, d: Path, dists: dict[str, dict[str, list[str]]]):
        self.d, self.dists, self.calls = d, dists, []

    def __call__(self, name, spec):
        self.calls.append((name, str(spec)))
        versions = sorted((v for v in self.dists.get(name, {}) if spec.contains(v)), key=Version)
        if not versions:
            raise RuntimeError(f"no version of {name} satisfies {spec}")
        v = versions[-1]
        return make_wheel(self.d, name, v, self.dists[name][v])


def test_resolver_skips_host_and_excluded_follows_extras_and_markers(tmp_path):
    index = FakeIndex(tmp_path, {
        "app": {"1.0": ["lib>=1", "numpy<2.4", "torch==2.11.0", "heavy-gpu", "winonly; sys_platform == 'win32'",
                        "srv[standard]", "six; python_version > '3.11'"]},
        "lib": {"1.0": [], "2.0": ["tiny"]},
        "tiny": {"0.1": []},
        "srv": {"0.5": ["core", "uvicorn; extra == 'standard'", "never; extra == 'other'"]},
        "core": {"1.0": []}, "uvicorn": {"0.3": []}, "six": {"1.17": []},
    })
    host = {"numpy": "2.5.2", "torch": "2.11.0", "six": None}
    r = wh.Resolver(index, host, {"heavy-gpu"}, ENV)
    chosen = r.resolve(["app"])
    assert {n: c.version for n, c in chosen.items()} == {
        "app": "1.0", "lib": "2.0", "tiny": "0.1", "srv": "0.5", "core": "1.0", "uvicorn": "0.3"}
    assert set(r.on_host) == {"numpy", "torch", "six"}
    assert r.excluded == {"heavy-gpu": ["app 1.0"]}
    assert any("numpy 2.5.2" in w and "<2.4" in w for w in r.warnings)
    assert not any("torch" in w for w in r.warnings)  # 2.11.0 satisfies ==2.11.0


def test_resolver_refetches_on_narrower_constraint_and_prunes(tmp_path):
    index = FakeIndex(tmp_path, {
        "a": {"1.0": ["x"]},
        "b": {"1.0": ["a"]},
        "c": {"1.0": ["b", "x<2"]},
        "x": {"1.0": [], "2.0": ["only-in-x2"]},
        "only-in-x2": {"1.0": []},
    })
    r = wh.Resolver(index, {}, set(), ENV)
    chosen = r.resolve(["a", "c"])
    assert chosen["x"].version == "1.0"  # fetched again once c asked for x<2
    assert "only-in-x2" not in chosen   # needed by the replaced x 2.0 only
    assert ("x", "<2") in index.calls


def test_resolver_carry_overrides_host_and_reports_conflicts(tmp_path):
    index = FakeIndex(tmp_path, {"app": {"1.0": ["numba==0.65.0", "tvm==0.1.10", "gram"]},
                                 "numba": {"0.65.0": []}, "tvm": {"0.1.10": [], "0.1.11": []},
                                 "gram": {"1.0": ["tvm>=0.1.11"]}})
    r = wh.Resolver(index, {"numba": "0.61.0"}, set(), ENV, carry={"Numba"})
    with pytest.raises(RuntimeError, match=r"(?s)tvm.*app 1.0: tvm==0.1.10.*gram 1.0: tvm>=0.1.11"):
        r.resolve(["app"])
    assert r.chosen["numba"].version == "0.65.0"


def test_wheel_metadata(tmp_path):
    w = make_wheel(tmp_path, "my-pkg", "1.2.3", ["a>=1", "b; extra == 'x'"])
    assert wh.wheel_metadata(w) == ("my-pkg", "1.2.3", ["a>=1", "b; extra == 'x'"])


def test_fetcher_reuses_local_wheels(tmp_path):
    links = tmp_path / "links"
    links.mkdir()
    make_wheel(links, "big", "1.0", tag="cp38-abi3-manylinux_2_28_x86_64")
    make_wheel(links, "big", "2.0", tag="cp312-cp312-macosx_12_0_arm64")  # wrong platform
    f = wh.Fetcher(tmp_path / "cache", [links])
    got = f.local("big", SpecifierSet(">=1"))
    assert got.parent == tmp_path / "cache" and got.name.startswith("big-1.0-")
    assert f.local("big", SpecifierSet(">=2")) is None


# ------------------------------------------------------------------------------------------ parts

def test_plan_parts_limits_and_chunks():
    mib = wh.MiB
    wheels = {"huge.whl": 290 * mib + 123, "ray.whl": 75 * mib, "a.whl": 7 * mib, "b.whl": 3 * mib + 5,
              "c.whl": 1000, "d.whl": 59 * mib}
    part = 60 * mib
    plan = wh.plan_parts(wheels, part, first_reserve=mib)
    disk = lambda n: -(-n // 4096) * 4096  # noqa: E731
    for i, pieces in enumerate(plan):
        assert 4096 + sum(disk(p.size) for p in pieces) + (mib if i == 0 else 0) <= part
    # every byte of every wheel is placed exactly once
    for w, size in wheels.items():
        ranges = sorted((p.offset, p.size) for ps in plan for p in ps if p.wheel == w)
        assert sum(s for _, s in ranges) == size
        assert all(o1 + s1 == o2 for (o1, s1), (o2, _) in zip(ranges, ranges[1:], strict=False))
    chunked = {p.wheel for ps in plan for p in ps if p.chunk is not None}
    assert chunked == {"huge.whl", "ray.whl"}
    assert len(plan) == -(-sum(disk(s) for s in wheels.values()) // (part - 4096 - mib))  # no part wasted here


def _build(tmp_path, sizes, part_bytes):
    cache = tmp_path / "cache"
    cache.mkdir()
    chosen = {}
    for i, size in enumerate(sizes):
        w = make_wheel(cache, f"pkg{i}", "1.0", payload=bytes(range(256)) * (size // 256))
        chosen[f"pkg{i}"] = wh.Chosen(f"pkg{i}", "1.0", w, [])
    out = tmp_path / "out"
    plan = wh.plan_parts({c.path.name: c.path.stat().st_size for c in chosen.values()}, part_bytes, 8192)
    where = wh.write_parts(plan, cache, out)
    manifest = wh.make_manifest(chosen, plan, where)
    (out / "p01" / wh.MANIFEST).write_text(json.dumps(manifest))
    return chosen, manifest, out


def test_parts_stage_and_reassemble_round_trip(tmp_path, capsys):
    chosen, manifest, out = _build(tmp_path, [150_000, 40_000, 9_000, 100], part_bytes=64 * 1024)
    assert len(manifest["parts"]) >= 3
    assert any("chunks" in p for p in manifest["packages"])
    for p in manifest["parts"]:
        assert wh.du_bytes(out / p) <= 64 * 1024
    staging = tmp_path / "staging"
    parts = manifest["parts"]
    # out of order, p01 (the manifest) not first, and one part twice: all harmless
    for p in [parts[-1], parts[0], parts[-1], *parts[1:-1]]:
        wh.stage(out / p, staging)
    assert "still missing: none" in capsys.readouterr().out
    paths = wh.assemble(manifest, staging)
    for c, p in zip(sorted(chosen.values(), key=lambda c: c.name), paths, strict=True):
        assert p.read_bytes() == c.path.read_bytes()
    assert wh.assemble(manifest, staging) == paths  # again: idempotent


def test_missing_part_is_named(tmp_path):
    _, manifest, out = _build(tmp_path, [150_000, 40_000, 100], part_bytes=64 * 1024)
    staging = tmp_path / "staging"
    for p in manifest["parts"][:-1]:
        wh.stage(out / p, staging)
    with pytest.raises(SystemExit, match=manifest["parts"][-1]):
        wh.assemble(manifest, staging)


def test_corrupt_chunk_is_named(tmp_path):
    _, manifest, out = _build(tmp_path, [150_000, 100], part_bytes=64 * 1024)
    staging = tmp_path / "staging"
    for p in manifest["parts"]:
        wh.stage(out / p, staging)
    pkg = next(p for p in manifest["packages"] if "chunks" in p)
    bad = pkg["chunks"][1]
    f = staging / bad["file"]
    data = bytearray(f.read_bytes())
    data[10] ^= 0xFF
    f.write_bytes(bytes(data))
    with pytest.raises(SystemExit, match=f"stage {bad['part']} again"):
        wh.assemble(manifest, staging)


def test_manifest_records_sha256(tmp_path):
    chosen, manifest, _ = _build(tmp_path, [5000], part_bytes=64 * 1024)
    (entry,) = manifest["packages"]
    c = chosen["pkg0"]
    assert entry["sha256"] == hashlib.sha256(c.path.read_bytes()).hexdigest()
    assert entry["bytes"] == c.path.stat().st_size and entry["part"] == "p01"


def test_install_offline_into_target(tmp_path, monkeypatch, capsys):
    """The host side end to end with two tiny pure wheels: stage, install (pip, no index), check."""
    _, manifest, out = _build(tmp_path, [150_000, 100], part_bytes=64 * 1024)
    staging, target = tmp_path / "staging", tmp_path / "site"
    assert wh.main(["stage", "--staging", str(staging), *[str(out / p) for p in manifest["parts"]]]) == 0
    monkeypatch.setattr(wh, "CHECKS", {"pkg0": "import pkg0", "absent": "import no_such_module_here"})
    manifest["on_host"] = {"pytest": ">=1", "no-such-host-dist": ""}
    (staging / wh.MANIFEST).write_text(json.dumps(manifest))
    assert wh.main(["install", "--staging", str(staging), "--target", str(target)]) == 1
    text = capsys.readouterr().out
    assert "ok      pkg0" in text and "FAILED  absent: ModuleNotFoundError" in text
    assert "no-such-host-dist: expected on the host but not installed" in text
    assert (target / "pkg0" / "__init__.py").exists() and (target / "pkg1").is_dir()
    wh.main(["install", "--staging", str(staging), "--target", str(target), "--no-check"])
    assert "already holds this wheelhouse" in capsys.readouterr().out
