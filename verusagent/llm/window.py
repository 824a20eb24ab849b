"""The prompt against the model's context window, before the request goes out: litellm's model info (its bundled
table: no network) gives the window, tiktoken counts the prompt (``tokens.py``). Where litellm does not know the
model, the provider's own refusal decides (a ``context_window`` error, classified in ``retry.py``).

Only the prompt is compared, with the model's input window (``max_input_tokens``): some providers count the
reply's ``max_tokens`` into the same window and some do not, so that part is left to the provider. A count with
another model's encoding (``o200k_base`` for a model tiktoken does not know) is an estimate: it refuses only beyond
``ESTIMATE_MARGIN`` times the window, so that no prompt the model could take is refused."""

from functools import cache
from typing import Any

from verusagent.llm.provider import load_litellm
from verusagent.llm.tokens import count_messages, encoding_of

ESTIMATE_MARGIN = 1.25  # tokenizers of one language differ by well under a quarter on code and prose


@cache
def input_window(model: str) -> int | None:
    """The model's input window in tokens, as litellm's model info states it; None when litellm does not know it."""
    litellm = load_litellm()
    try:
        info = litellm.get_model_info(model)
    except Exception:  # litellm raises bare Exceptions for a model it has not mapped: the window is unknown
        return None
    window = info.get("max_input_tokens")
    return window if isinstance(window, int) and window > 0 else None


def oversize(model: str, messages: list[dict[str, Any]]) -> str | None:
    """Why the prompt cannot fit the model's window, or None when it may (or the window is unknown)."""
    window = input_window(model)
    if window is None:
        return None
    name, exact = encoding_of(model)
    tokens = count_messages([{"content": _text(m)} for m in messages], name)
    if tokens <= window * (1.0 if exact else ESTIMATE_MARGIN):
        return None
    counted = f"{tokens} tokens" if exact else f"about {tokens} tokens (estimated with {name})"
    return f"the prompt has {counted}; {model} takes {window} (litellm's model info); not sent"


def _text(message: dict[str, Any]) -> str:
    """Everything of a message the model reads: its text (or text parts) and its tool calls' arguments."""
    content = message.get("content")
    parts = [content] if isinstance(content, str) else [p.get("text", "") for p in content or [] if isinstance(p, dict)]
    for call in message.get("tool_calls") or []:
        function = call.get("function", {}) if isinstance(call, dict) else {}
        parts += [str(function.get("name", "")), str(function.get("arguments", ""))]
    return "\n".join(p for p in parts if isinstance(p, str))
