"""Prompt sizes before any call: litellm's `token_counter` for a model litellm knows, tiktoken's `o200k_base`
otherwise, and the prompt's price from litellm's local cost map. Both tokenizers work offline: tiktoken alone
would download its encoding, so it is pointed at the copy litellm ships."""

import os
import threading
from contextlib import contextmanager
from importlib.util import find_spec
from pathlib import Path

from pydantic import BaseModel

from verusagent.llm.provider import load_litellm

O200K = "o200k_base"
_O200K_FILE = "fb374d419588a4632f3f557e76b4b70aebbca790"  # tiktoken's cache name: sha1 of the encoding's URL
_TOKENS_PER_MESSAGE = 3  # OpenAI's chat format: each message's role and separators, and the reply's priming
_lock = threading.Lock()


class PromptSize(BaseModel):
    tokens: int
    tokenizer: str  # "litellm:<model>" or "o200k_base"
    input_cost_usd: float | None  # the prompt's price; None when litellm has no price for the model


class TokenizerUnavailable(RuntimeError):
    """litellm's bundled encodings are missing (a broken install): tokens cannot be counted offline."""


def bundled_encodings() -> Path:
    """litellm's copy of the tiktoken encodings, found without importing litellm."""
    spec = find_spec("litellm")
    if spec is None or spec.origin is None:
        raise TokenizerUnavailable("litellm is not installed: its bundled tiktoken encodings are needed")
    folder = Path(spec.origin).parent / "litellm_core_utils" / "tokenizers"
    if not (folder / _O200K_FILE).is_file():
        raise TokenizerUnavailable(f"litellm's bundled o200k_base encoding is missing from {folder}")
    return folder


@contextmanager
def _tiktoken_cache(folder: Path):
    previous = os.environ.get("TIKTOKEN_CACHE_DIR")
    os.environ["TIKTOKEN_CACHE_DIR"] = str(folder)
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop("TIKTOKEN_CACHE_DIR", None)
        else:
            os.environ["TIKTOKEN_CACHE_DIR"] = previous


def o200k_encoding():
    """tiktoken's o200k_base, read from litellm's bundled copy (never downloaded)."""
    import tiktoken

    with _lock, _tiktoken_cache(bundled_encodings()):
        return tiktoken.get_encoding(O200K)


def o200k_tokens(text: str) -> int:
    return len(o200k_encoding().encode(text, disallowed_special=()))


def count_messages_o200k(messages: list[dict[str, str]]) -> int:
    encoding = o200k_encoding()
    content = sum(len(encoding.encode(m["content"], disallowed_special=())) for m in messages)
    return content + _TOKENS_PER_MESSAGE * (len(messages) + 1)


def known_model(model: str) -> str | None:
    """The name litellm's cost map knows the model by (as given, or without its provider prefix)."""
    litellm = load_litellm()
    bare = model.split("/", 1)[1] if "/" in model else model
    return next((name for name in (model, bare) if name in litellm.model_cost), None)


def prompt_size(model: str, messages: list[dict[str, str]]) -> PromptSize:
    litellm = load_litellm()
    name = known_model(model)
    if name is None:
        return PromptSize(tokens=count_messages_o200k(messages), tokenizer=O200K, input_cost_usd=None)
    with _lock, _tiktoken_cache(bundled_encodings()):
        tokens = litellm.token_counter(model=name, messages=messages)
    return PromptSize(tokens=tokens, tokenizer=f"litellm:{name}", input_cost_usd=_input_cost(litellm, name, tokens))


def _input_cost(litellm, model: str, tokens: int) -> float | None:
    entry = litellm.model_cost.get(model) or {}
    if "input_cost_per_token" not in entry:
        return None
    prompt_cost, _ = litellm.cost_per_token(model=model, prompt_tokens=tokens, completion_tokens=0)
    return float(prompt_cost)
