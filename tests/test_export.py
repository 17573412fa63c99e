"""learner/export.py: the learner's weights become an HF directory that transformers loads back as is."""
import pytest

torch = pytest.importorskip("torch")


def test_export_round_trips_through_transformers(tmp_path):
    from transformers import AutoModelForCausalLM

    from tritonrl.config import ModelConfig
    from tritonrl.learner.export import export_hf
    from tritonrl.models import load_tokenizer, resolve_model

    base = resolve_model(ModelConfig())  # the embedded SmolLM2-135M (offline)
    model = AutoModelForCausalLM.from_pretrained(base, dtype=torch.float32)
    weights = {n: p.detach().clone() for n, p in model.named_parameters()}
    name = next(n for n in weights if n.endswith("layers.29.mlp.down_proj.weight"))
    weights[name] += 0.125  # what training changed
    out = export_hf(weights, base, load_tokenizer(base), str(tmp_path / "run" / "hf"))
    again = export_hf(weights, base, load_tokenizer(base), out)  # a later eval point replaces it whole
    assert again == out and sorted(p.name for p in (tmp_path / "run").iterdir()) == ["hf"]
    loaded = AutoModelForCausalLM.from_pretrained(out)
    assert torch.equal(dict(loaded.named_parameters())[name], weights[name])
    assert load_tokenizer(out)("def f():")["input_ids"]


def test_export_refuses_weights_that_do_not_fit(tmp_path):
    from tritonrl.config import ModelConfig
    from tritonrl.learner.export import export_hf
    from tritonrl.models import load_tokenizer, resolve_model

    base = resolve_model(ModelConfig())
    with pytest.raises(RuntimeError, match="do not fit"):
        export_hf({"model.norm.weight": torch.ones(576)}, base, load_tokenizer(base), str(tmp_path / "hf"))
