"""A plain transformers engine behind the InferenceEngine interface (where vLLM is absent).

Usable in-process or as a Ray actor (`ray.remote(HFEngine)`). Prompts are generated one at a time
(n samples batched), so there is no padding and greedy output matches an unbatched `generate`.
"""
from __future__ import annotations

from typing import Any

import torch

from tritonrl.rollout.engine import InferenceEngine, Sample, SamplingSpec


class HFEngine(InferenceEngine):
    def __init__(self, model_path: str, device: str = "cpu", dtype: str = "float32", seed: int = 0):
        from transformers import AutoModelForCausalLM, AutoTokenizer

        self.device = torch.device("cuda" if device == "cuda" else "cpu")
        self.tokenizer = AutoTokenizer.from_pretrained(model_path)
        self.model = AutoModelForCausalLM.from_pretrained(model_path, dtype=getattr(torch, dtype)).to(self.device)
        self.model.eval()
        self.eos_ids = self._eos_ids()
        self.generator_seed = seed
        torch.manual_seed(seed)

    def _eos_ids(self) -> list[int]:
        eos = self.model.generation_config.eos_token_id
        eos = [eos] if isinstance(eos, int) else list(eos or [])
        if self.tokenizer.eos_token_id is not None and self.tokenizer.eos_token_id not in eos:
            eos.append(self.tokenizer.eos_token_id)
        return eos

    @torch.no_grad()
    def generate(self, prompts: list[str], sampling: SamplingSpec) -> list[list[Sample]]:
        if sampling.seed is not None:
            torch.manual_seed(sampling.seed)
        greedy = sampling.temperature <= 0
        kwargs: dict[str, Any] = dict(max_new_tokens=sampling.max_new_tokens, num_return_sequences=sampling.n,
                                      do_sample=not greedy, top_k=0, eos_token_id=self.eos_ids,
                                      pad_token_id=self.tokenizer.pad_token_id or self.eos_ids[0],
                                      return_dict_in_generate=True, output_logits=sampling.logprobs)
        if not greedy:
            kwargs.update(temperature=sampling.temperature, top_p=sampling.top_p)
        results = []
        for prompt in prompts:
            ids = self.tokenizer(prompt, add_special_tokens=False, return_tensors="pt")["input_ids"].to(self.device)
            out = self.model.generate(input_ids=ids, attention_mask=torch.ones_like(ids), **kwargs)
            new = out.sequences[:, ids.shape[1]:]
            if sampling.logprobs:  # raw-model log-probs of the sampled tokens, as vLLM's default reports
                logits = torch.stack(out.logits, dim=1).float()  # [n, steps, vocab]
                lps = torch.log_softmax(logits, dim=-1).gather(-1, new[:, :logits.shape[1], None])[..., 0]
            results.append([self._sample(ids[0].tolist(), new[i].tolist(),
                                         lps[i].tolist() if sampling.logprobs else None)
                            for i in range(new.shape[0])])
        return results

    def _sample(self, prompt_ids: list[int], tokens: list[int], logprobs: list[float] | None) -> Sample:
        finish = "length"
        for j, t in enumerate(tokens):  # cut at the first EOS (kept, as vLLM does); the rest is padding
            if t in self.eos_ids:
                tokens, finish = tokens[: j + 1], "stop"
                break
        if logprobs is not None:
            logprobs = logprobs[: len(tokens)]
        text = self.tokenizer.decode(tokens, skip_special_tokens=True)
        return Sample(prompt_ids=prompt_ids, token_ids=tokens, text=text, logprobs=logprobs, finish_reason=finish)

    def update_weights(self, weights: Any) -> int:
        named = dict(weights.items()) if hasattr(weights, "items") else dict(weights)
        unknown = set(named) - set(self.model.state_dict())
        if unknown:
            raise KeyError(f"update_weights: {len(unknown)} names unknown to the model, e.g. {sorted(unknown)[:3]}")
        with torch.no_grad():
            params = self.model.state_dict()
            for name, t in named.items():
                params[name].copy_(t.to(params[name].device, params[name].dtype))
        return len(named)

    def shutdown(self) -> None:
        self.model = None
