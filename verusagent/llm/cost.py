"""What a call cost, from its token usage and the model's price. A model without a known price costs
``None`` ("unknown"): never 0, never a crash."""

import logging

from verusagent.llm.provider import load_litellm
from verusagent.llm.settings import ModelSettings
from verusagent.record.events import TokenUsage

log = logging.getLogger(__name__)


def call_cost(settings: ModelSettings, usage: TokenUsage | None) -> float | None:
    if usage is None:
        return None
    if settings.input_cost_per_token is not None and settings.output_cost_per_token is not None:
        prompt_cost = usage.prompt_tokens * settings.input_cost_per_token
        return prompt_cost + usage.completion_tokens * settings.output_cost_per_token
    if not has_known_price(settings.model):
        return None
    return _litellm_cost(settings.model, usage)


def has_known_price(model: str) -> bool:
    litellm = load_litellm()
    bare = model.split("/", 1)[1] if "/" in model else model
    entry = litellm.model_cost.get(model) or litellm.model_cost.get(bare)
    return bool(entry) and "input_cost_per_token" in entry and "output_cost_per_token" in entry


def _litellm_cost(model: str, usage: TokenUsage) -> float | None:
    litellm = load_litellm()
    try:
        prompt_cost, completion_cost = litellm.cost_per_token(
            model=model, prompt_tokens=usage.prompt_tokens, completion_tokens=usage.completion_tokens
        )
    except (litellm.NotFoundError, litellm.BadRequestError, ValueError, KeyError) as error:
        log.warning("no price for %s (%s): cost recorded as unknown", model, error)
        return None
    return float(prompt_cost) + float(completion_cost)
