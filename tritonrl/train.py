"""`tritonrl train`: the Hydra entrypoint (what `ray job submit` runs)."""
from __future__ import annotations

import sys

import hydra
from hydra.core.config_store import ConfigStore
from omegaconf import DictConfig

from tritonrl.config import Config, ConfigError, to_dataclass

ConfigStore.instance().store(name="tritonrl_schema", node=Config)


@hydra.main(config_path="pkg://tritonrl.conf", config_name="config", version_base=None)
def main(node: DictConfig) -> float:
    cfg: Config = to_dataclass(node)
    from tritonrl.trainer import Trainer  # heavy imports after the config is known to be valid

    try:
        results = Trainer(cfg).run()
    except ConfigError as e:
        print(f"tritonrl train: bad config: {e}", file=sys.stderr)
        sys.exit(2)
    print("held-out correctness: " + "  ".join(f"{k}={v:.3f}" for k, v in results.items()), file=sys.stderr)
    return next((results[k] for k in ("rl", "sft", "base") if k in results), 0.0)  # the sweep objective


if __name__ == "__main__":
    main()
