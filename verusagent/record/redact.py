"""Scrubbing of secrets before anything is written: records, the response cache, the scripted model's log.

Two nets: fields whose *name* says they hold a secret (api_key, authorization, headers, ...) are replaced
whole, and any string that contains the *value* of a secret-looking environment variable, or something shaped
like a provider key or a URL's credentials, has that part replaced. The model layer never puts keys into events
in the first place; this is the second line of defence.
"""

import os
import re
from collections.abc import Mapping
from typing import Any

REDACTED = "[redacted]"

_SECRET_FIELD = re.compile(
    r"(^|[_-])(api[_-]?key|secret|password|passwd|authorization|auth[_-]?token|access[_-]?token|bearer|"
    r"credentials?|cookie)($|[_-])",
    re.IGNORECASE,
)
_WHOLE_FIELDS = frozenset({"headers", "extra_headers", "token"})
_SECRET_ENV_NAME = re.compile(r"(KEY|TOKEN|PASSWORD|PASSWD|CREDENTIALS?)$|SECRET|API_?KEY", re.IGNORECASE)
_KEY_SHAPES = re.compile(
    r"\b(sk-[A-Za-z0-9_\-]{16,}|sk-ant-[A-Za-z0-9_\-]{16,}|AIza[0-9A-Za-z_\-]{30,}|Bearer\s+[A-Za-z0-9._\-]{12,})"
)
_MIN_SECRET_LENGTH = 8
# A URL's user information (`https://user:password@host`, `https://TOKEN@host`) and the values of its query
# parameters named for a secret (`?api_key=...`, `&access_token=...`): an error message may quote an endpoint.
_URL_USERINFO = re.compile(r"://[^\s/?#@]+@")  # starts with a literal: re finds it fast in a large text
_URL_SECRET_PARAM = re.compile(
    r"([?&](?:[a-z0-9]+[_-])*(?:api[_-]?key|key|token|secret|sig|signature|password|passwd|auth)=)[^&#\s\"']+",
    re.IGNORECASE,
)


def is_secret_field(name: str) -> bool:
    return name.lower() in _WHOLE_FIELDS or bool(_SECRET_FIELD.search(name))


_registered: set[str] = set()


def register_secret(value: str) -> None:
    """Scrub this value everywhere from now on (e.g. a key read from a variable with an unusual name)."""
    if len(value) >= _MIN_SECRET_LENGTH:
        _registered.add(value)


def secret_values(environ: Mapping[str, str] | None = None) -> list[str]:
    """Values of environment variables whose names say they hold a secret (OPENAI_API_KEY, HF_TOKEN,
    AWS_SECRET_ACCESS_KEY, ...) and registered secrets, longest first."""
    env = os.environ if environ is None else environ
    found = {v for k, v in env.items() if _SECRET_ENV_NAME.search(k) and len(v) >= _MIN_SECRET_LENGTH}
    return sorted(found | _registered, key=len, reverse=True)


def scrub_text(text: str, secrets: list[str] | None = None) -> str:
    for value in secret_values() if secrets is None else secrets:
        if value in text:
            text = text.replace(value, REDACTED)
    if "://" in text:  # query parameters are read only in a text that holds a URL
        text = _URL_SECRET_PARAM.sub(rf"\1{REDACTED}", _URL_USERINFO.sub(f"://{REDACTED}@", text))
    return _KEY_SHAPES.sub(REDACTED, text)


def scrub(value: Any, secrets: list[str] | None = None) -> Any:
    """A copy of a JSON-like value with secret fields and secret substrings replaced by ``[redacted]``."""
    known = secret_values() if secrets is None else secrets
    if isinstance(value, dict):
        return {k: REDACTED if is_secret_field(str(k)) else scrub(v, known) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [scrub(v, known) for v in value]
    if isinstance(value, str):
        return scrub_text(value, known)
    return value
