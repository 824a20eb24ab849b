"""Before any work, the model strings and their credentials, as litellm will see them: a model whose provider
litellm cannot resolve is a usage error, a provider key missing from the environment stops the command with the
variable's name. Without this, both surface only at the first call, after the baseline verus run, and a missing
key (which litellm raises as a server error for OpenAI) used to be retried as one.

What can be decided without importing litellm (seconds) is decided from `providers.json`, written from litellm
by tools/litellm_providers.py: a `provider/model` string whose provider litellm does not know, and a known
provider's key when no variable that would satisfy litellm is set. Everything else asks litellm itself. The
scripted stand-in model needs neither; a local ``--api-base`` (a server on this machine) needs no key."""

import json
import os
import re
from collections.abc import Iterable
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from verusagent.llm.litellm_data import OUR_PROVIDERS, price_table

PROVIDERS_PAGE = "https://docs.litellm.ai/docs/providers"
PROVIDERS_FILE = Path(__file__).with_name("providers.json")
LOCAL_KEY = "no-key-needed"  # sent as the key to a local server when none is set (litellm's OpenAI client needs one)
KEY_NAME = re.compile(r"_API_KEY$")  # what validate_environment names that only a key can satisfy


class ModelUnusable(Exception):
    exit_code = 2


class UnknownModel(ModelUnusable):
    """litellm resolves no provider for the model string: a usage error."""


class MissingCredentials(ModelUnusable):
    """The provider's key is not in the environment."""

    exit_code = 3


def is_ours(model: str) -> bool:
    return model.split("/", 1)[0] in OUR_PROVIDERS


def is_local(api_base: str | None) -> bool:
    """A server on this machine (loopback), which needs no provider key."""
    host = (urlsplit(api_base).hostname or "") if api_base else ""
    return host in ("localhost", "::1", "0.0.0.0") or host.startswith("127.") or host.endswith(".localhost")


def check_models(models: Iterable[str | None], api_base: str | None = None) -> None:
    """Each model named (once; None: none), as `check_model` checks it."""
    for model in dict.fromkeys(name for name in models if name):
        check_model(model, api_base)


def check_model(model: str, api_base: str | None = None, api_key_env: str | None = None) -> None:
    """Raises UnknownModel or MissingCredentials; imports litellm unless the model is the scripted stand-in or the
    answer is an error that `providers.json` decides."""
    if is_ours(model):
        return
    if api_key_env is None:
        _check_offline(model, api_base)
    from verusagent.llm.provider import load_litellm

    litellm = load_litellm()
    try:
        litellm.get_llm_provider(model, api_base=api_base)
    except (litellm.BadRequestError, ValueError) as error:
        raise _unknown(model) from error
    missing = [api_key_env] if api_key_env and not os.environ.get(api_key_env) else missing_keys(model, api_base)
    if missing:
        raise _missing(model, missing)


def _check_offline(model: str, api_base: str | None) -> None:
    """The errors the providers file decides: raised here, without litellm; anything else passes to litellm."""
    data = _providers()
    provider, _, rest = model.partition("/")
    if data is None or not rest:
        return
    if provider not in data["providers"] and api_base is None and model not in price_table():
        raise _unknown(model)  # with --api-base, litellm may read the provider from the server's address
    keys = data["keys"].get(provider)
    if keys is None or is_local(api_base):
        return
    if not any(os.environ.get(name) for name in [*keys["missing"], *keys["satisfied_by"]]):
        raise _missing(model, keys["missing"])


@cache
def _providers() -> dict[str, Any] | None:
    """The providers file, when it was written from the litellm installed (else None: litellm decides)."""
    try:
        data = json.loads(PROVIDERS_FILE.read_text(encoding="utf-8"))
        return data if data.get("litellm") == version("litellm") else None
    except (OSError, ValueError, PackageNotFoundError):
        return None


def _unknown(model: str) -> UnknownModel:
    return UnknownModel(
        f"unknown model {model!r}: litellm finds no provider for it; write provider/model, e.g. "
        f"openai/gpt-4o, anthropic/claude-sonnet-4-5, ollama/llama3 ({PROVIDERS_PAGE})"
    )


def _missing(model: str, missing: list[str]) -> MissingCredentials:
    return MissingCredentials(
        f"{model} needs {' or '.join(missing)} in the environment and it is not set: "
        f"export {missing[0]}=<your key> (or --api-base URL for a server on this machine)"
    )


def missing_keys(model: str, api_base: str | None) -> list[str]:
    """The provider key variables litellm expects for the model and does not find; none for a local server."""
    if is_ours(model) or is_local(api_base):
        return []
    from verusagent.llm.provider import load_litellm

    report = load_litellm().validate_environment(model=model, api_base=api_base)
    return [name for name in report.get("missing_keys", []) if KEY_NAME.search(name)]


def local_placeholder_key(model: str, api_base: str | None) -> str | None:
    """The key to send to a local server when the provider's key variable is unset: litellm's OpenAI client refuses
    to send a request without one, and a local server (vLLM, llama.cpp, ...) ignores it."""
    if is_ours(model) or not is_local(api_base):
        return None
    from verusagent.llm.provider import load_litellm

    report = load_litellm().validate_environment(model=model)
    return LOCAL_KEY if any(KEY_NAME.search(name) for name in report.get("missing_keys", [])) else None
