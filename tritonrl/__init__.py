"""tritonrl: RL for LLMs that write correct, fast Triton kernels, with a verifier that cannot be cheated.

From a source checkout (e.g. a Ray job's working_dir) the top-level folders learner/, rollout/, reward/,
verifier_workers/ and conf/ are mapped to `tritonrl.<folder>` here: tritonrl/source_tree.py says why.
"""

__version__ = "0.1.0"

from tritonrl import source_tree  # noqa: E402

source_tree.install(__path__[0])
