"""What to call and how: the model endpoint and sampling settings. Holds no secret: keys come from the
environment, as litellm expects (OPENAI_API_KEY, ANTHROPIC_API_KEY, AZURE_API_KEY, ...)."""

import re
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from pydantic import BaseModel, ConfigDict, Field


class ModelSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    model: str  # any litellm model string: "openai/gpt-4o", "anthropic/...", "ollama/...", "scripted/demo"
    api_base: str | None = None  # an OpenAI-compatible server, e.g. "http://127.0.0.1:8000/v1"
    api_key_env: str | None = None  # the *name* of an env var holding the key, when litellm's default is not it
    temperature: float = 0.0
    n: int = Field(default=1, ge=1)  # samples per request; emulated by repeated calls where unsupported
    max_tokens: int | None = 4096
    timeout_s: float = 120.0
    native_n: bool | None = None  # None: ask litellm whether the provider accepts `n`
    input_cost_per_token: float | None = None  # prices for models litellm does not know (USD per token)
    output_cost_per_token: float | None = None
    cache: bool = True  # use the response cache (only at temperature 0 unless cache_sampling)
    cache_sampling: bool = False  # also cache replies sampled at temperature > 0
    extra: dict[str, Any] = Field(default_factory=dict)  # more litellm.completion arguments, e.g. top_p

    def public_view(self) -> dict[str, Any]:
        """The settings as they may appear in a record: no credentials in the URL."""
        data = self.model_dump()
        data["api_base"] = strip_credentials(self.api_base)
        return data


_SECRET_PARAM = re.compile(r"key|token|secret|sig|pass|auth", re.IGNORECASE)


def strip_credentials(url: str | None) -> str | None:
    """The URL without user:password and without query parameters that look like credentials."""
    if not url:
        return url
    parts = urlsplit(url)
    host = parts.hostname or ""
    netloc = f"{host}:{parts.port}" if parts.port else host
    query = urlencode(
        [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if not _SECRET_PARAM.search(k)]
    )
    if parts.username is None and parts.password is None and query == parts.query:
        return url
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))
