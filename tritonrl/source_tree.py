"""Make a source checkout importable as the `tritonrl` package from its root, with or without an install.

Why: pyproject maps the design card's top-level folders (learner/, rollout/, reward/, verifier_workers/,
conf/) to `tritonrl.learner`, ... An installed wheel holds them under site-packages/tritonrl/. But Ray's
`ray job submit --working-dir .` (and `cd repo && python ...`) puts the repo root first on sys.path, so
`import tritonrl` finds the repo's own tritonrl/ folder, whose `__path__` holds none of those folders: the
installed package is hidden and `import tritonrl.learner` fails.

The fix, chosen over runtime_env excludes or py_modules (which would ship a tree that differs from the one
the user edited, and break again for a plain `python -c` in the repo): when tritonrl/__init__.py sits in a
source tree (its parent holds pyproject.toml naming this project and the five folders), `install()` puts a
finder first on `sys.meta_path` that maps exactly `tritonrl.<folder>` to `<root>/<folder>`, as
setuptools' editable finder does. First, because an editable install elsewhere (a checkout on the head node
installed with `pip install -e`) has its own finder for those names, which would otherwise hand the job
`tritonrl` from the shipped tree and `tritonrl.learner` from the other checkout (tests/test_ray_job_submit.py
caught that). The subpackages always come from the tree `tritonrl` itself came from, and nothing else in the
root (tests/, bench/) becomes importable. Each job then runs the repo's code, the one it shipped. In an
installed wheel the parent is site-packages: `install()` does nothing.
"""
from __future__ import annotations

import importlib.machinery
import os
import sys

SUBPACKAGES = ("learner", "rollout", "reward", "verifier_workers", "conf")


def source_root(package_dir: str) -> str | None:
    """The checkout root when `package_dir` (tritonrl/) is inside one, else None."""
    root = os.path.dirname(os.path.abspath(package_dir))
    try:
        with open(os.path.join(root, "pyproject.toml")) as f:
            if 'name = "tritonrl"' not in f.read():
                return None
    except OSError:
        return None
    if all(os.path.isfile(os.path.join(root, d, "__init__.py")) for d in SUBPACKAGES):
        return root
    return None


class SourceTreeFinder:
    """Meta path finder: `tritonrl.<folder>` -> `<root>/<folder>` for the five top-level folders."""

    def __init__(self, root: str):
        self.root = root

    def find_spec(self, fullname: str, path=None, target=None):
        package, _, name = fullname.partition(".")
        if package != "tritonrl" or name not in SUBPACKAGES:
            return None
        return importlib.machinery.PathFinder.find_spec(fullname, [self.root])


def install(package_dir: str) -> str | None:
    """Add the finder once for the checkout holding `package_dir`; return its root (None: not a checkout)."""
    root = source_root(package_dir)
    if root is not None and not any(isinstance(f, SourceTreeFinder) and f.root == root for f in sys.meta_path):
        sys.meta_path.insert(0, SourceTreeFinder(root))
    return root
