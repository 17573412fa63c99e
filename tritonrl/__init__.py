"""tritonrl: RL for LLMs that write correct, fast Triton kernels, with a verifier that cannot be cheated."""

__version__ = "0.1.0"
