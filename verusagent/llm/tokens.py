"""Prompt sizes and prices before any call, offline and without importing litellm: tiktoken counts with the
encoding tiktoken names for an OpenAI model (an estimate with ``o200k_base`` for any other model), read from the
copy of the encodings litellm ships (tiktoken alone would download them on first use, which fails offline and on
air-gapped CI); the price comes from litellm's bundled price table."""

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel

from verusagent.llm.litellm_data import LitellmDataMissing, encodings_folder, input_cost, known_to_litellm

if TYPE_CHECKING:
    import tiktoken

O200K = "o200k_base"
BUNDLED = {
    "o200k_base": "fb374d419588a4632f3f557e76b4b70aebbca790",  # tiktoken's cache names: sha1 of the URL
    "cl100k_base": "9b5ad71b2ce5302211f9c61530b329a4922fc6a4",
    "p50k_base": "ec7223a39ce59f226a68acc30dc1af2788490e15",
}
_TOKENS_PER_MESSAGE = 3  # OpenAI's chat format: each message's role and separators, and the reply's priming
_lock = threading.Lock()


class PromptSize(BaseModel):
    tokens: int
    tokenizer: str  # the tiktoken encoding counted with
    exact: bool  # the encoding is the model's own (an OpenAI model tiktoken knows); else an estimate
    known_model: bool  # litellm knows the model's provider (or prices the model)
    input_cost_usd: float | None  # the prompt's price; None when litellm's table has no price for the model


class TokenizerUnavailable(LitellmDataMissing):
    """litellm's bundled encodings are missing (a broken install): tokens cannot be counted offline."""


def bundled_encodings(name: str = O200K) -> Path:
    folder = encodings_folder()
    if name not in BUNDLED or not (folder / BUNDLED[name]).is_file():
        raise TokenizerUnavailable(f"litellm's bundled {name} encoding is missing from {folder}")
    return folder


@contextmanager
def _tiktoken_cache(folder: Path) -> Iterator[None]:
    previous = os.environ.get("TIKTOKEN_CACHE_DIR")
    os.environ["TIKTOKEN_CACHE_DIR"] = str(folder)
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop("TIKTOKEN_CACHE_DIR", None)
        else:
            os.environ["TIKTOKEN_CACHE_DIR"] = previous


@cache
def encoding(name: str = O200K) -> "tiktoken.Encoding":
    """A tiktoken encoding, read from litellm's bundled copy (never downloaded)."""
    import tiktoken

    with _lock, _tiktoken_cache(bundled_encodings(name)):
        return tiktoken.get_encoding(name)


def o200k_encoding() -> "tiktoken.Encoding":
    return encoding(O200K)


def o200k_tokens(text: str) -> int:
    return len(o200k_encoding().encode(text, disallowed_special=()))


def encoding_of(model: str) -> tuple[str, bool]:
    """The encoding tiktoken names for the model (without its provider prefix), and whether it is the model's own;
    a model tiktoken does not know, or whose encoding litellm does not ship, is estimated with o200k_base."""
    from tiktoken.model import encoding_name_for_model

    bare = model.split("/", 1)[1] if "/" in model else model
    try:
        name = encoding_name_for_model(bare)
    except KeyError:
        return O200K, False
    return (name, True) if name in BUNDLED else (O200K, False)


def count_messages(messages: list[dict[str, str]], name: str = O200K) -> int:
    chosen = encoding(name)
    content = sum(len(chosen.encode(m["content"], disallowed_special=())) for m in messages)
    return content + _TOKENS_PER_MESSAGE * (len(messages) + 1)


def count_messages_o200k(messages: list[dict[str, str]]) -> int:
    return count_messages(messages, O200K)


def prompt_size(model: str, messages: list[dict[str, str]]) -> PromptSize:
    name, exact = encoding_of(model)
    tokens = count_messages(messages, name)
    return PromptSize(
        tokens=tokens,
        tokenizer=name,
        exact=exact,
        known_model=known_to_litellm(model),
        input_cost_usd=input_cost(model, tokens),
    )
