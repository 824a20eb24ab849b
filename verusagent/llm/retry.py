"""The retry policy: which provider errors are worth another try, and how long to wait before it.

Rate limits, server errors (5xx), timeouts and dropped connections are retried with exponential backoff and
jitter, up to ``max_attempts`` tries in all. Errors that another try cannot fix (context window, credentials,
a bad request) are not retried and carry a hint for the user.

From litellm: its exception classes decide the kind of an error, its ``should_retry`` decides for a bare HTTP
status, and its parser reads the server's Retry-After (seconds or an HTTP date). Kept here, because litellm's own
retries (``num_retries``) lack it: every attempt is one event in the run record and one call charged to the
budget, checked before it goes out; the backoff is seeded (tests see exact delays) and its cap is ours; and a
missing key that litellm wraps as a server error (OpenAI's "Missing credentials" arrives as a 500) is fatal, not
retried. So litellm's and the OpenAI client's retries are switched off by the client, and the attempts counted
here are all the requests that went out.
"""

import random
import re
import sys

from pydantic import BaseModel, Field

from verusagent.record.events import CallError
from verusagent.record.redact import scrub_text

_MAX_MESSAGE = 600

HINTS = {
    "context_window": "the prompt is longer than the model's context window: send fewer or smaller units, "
    "or choose a model with a larger window",
    "authentication": "the provider rejected the credentials: set the API key variable litellm expects for "
    "this provider (e.g. OPENAI_API_KEY, ANTHROPIC_API_KEY, AZURE_API_KEY) or name one with api_key_env",
    "permission": "the key is valid but not allowed to use this model",
    "not_found": "the model or endpoint does not exist: check the model string and api_base",
    "bad_request": "the provider refused the request as malformed; see the message",
    "content_policy": "the provider's content filter refused the prompt or the reply",
}


class RetryPolicy(BaseModel):
    max_attempts: int = Field(default=4, ge=1)  # tries per request, the first included
    base_delay_s: float = Field(default=1.0, ge=0)
    max_delay_s: float = Field(default=30.0, ge=0)
    retry_timeouts: bool = True

    def delay(self, retry_number: int, rng: random.Random, retry_after: float | None = None) -> float:
        """Seconds to wait before retry ``retry_number`` (1 for the first): half the exponential step plus a
        random part of the other half, at least what the server asked for (capped at ``max_delay_s``)."""
        step = min(self.max_delay_s, self.base_delay_s * 2 ** (retry_number - 1))
        wait = step / 2 + rng.uniform(0, step / 2)
        if retry_after is not None:
            wait = max(wait, min(retry_after, self.max_delay_s))
        return wait

    def should_retry(self, error: CallError) -> bool:
        return error.retryable and (self.retry_timeouts or error.kind != "timeout")


# A missing or refused key, as providers word it; litellm raises some of these as 500 or APIError.
_CREDENTIALS = re.compile(
    r"missing credentials|api_key client option must be set|no key is set|"
    r"missing \w+ api key|incorrect api key|invalid api key|invalid x-api-key",
    re.IGNORECASE,
)
_KEY_VARIABLE = re.compile(r"\b([A-Z][A-Z0-9_]*_API_KEY)\b")


def _kind_of(exc: BaseException) -> str:
    if _CREDENTIALS.search(str(exc)):
        return "authentication"
    litellm = sys.modules.get("litellm")  # loaded if a litellm call raised; never import it just to classify
    if litellm is None:
        return _kind_from_status(getattr(exc, "status_code", None))
    ordered: list[tuple[type[BaseException], str]] = [
        (litellm.ContextWindowExceededError, "context_window"),
        (litellm.ContentPolicyViolationError, "content_policy"),
        (litellm.AuthenticationError, "authentication"),
        (litellm.PermissionDeniedError, "permission"),
        (litellm.NotFoundError, "not_found"),
        (litellm.RateLimitError, "rate_limit"),
        (litellm.Timeout, "timeout"),
        (litellm.InternalServerError, "server_error"),
        (litellm.ServiceUnavailableError, "server_error"),
        (litellm.BadGatewayError, "server_error"),
        (litellm.BadRequestError, "bad_request"),
        (litellm.UnprocessableEntityError, "bad_request"),
        (litellm.APIConnectionError, "connection"),
    ]
    for cls, kind in ordered:
        if isinstance(exc, cls):
            return kind
    return _kind_from_status(getattr(exc, "status_code", None))


def _kind_from_status(status: object) -> str:
    if not isinstance(status, int):
        return "other"
    if status == 429:
        return "rate_limit"
    if status == 408:
        return "timeout"
    if status in (401, 403):
        return "authentication" if status == 401 else "permission"
    if status >= 500 or _litellm_retries(status):
        return "server_error"
    return "other"


def _litellm_retries(status: int) -> bool:
    """litellm's (and OpenAI's) rule for a bare status: 408, 409 (a lock timeout), 429 and 5xx are retried."""
    litellm = sys.modules.get("litellm")
    return bool(litellm is not None and litellm.should_retry(status))


RETRYABLE_KINDS = frozenset({"rate_limit", "server_error", "timeout", "connection"})


CREDENTIAL_KINDS = frozenset({"authentication", "permission"})  # the run stops: no call can succeed


def classify(exc: BaseException) -> CallError:
    kind = _kind_of(exc)
    message = scrub_text(str(exc) or type(exc).__name__)[:_MAX_MESSAGE]
    return CallError(kind=kind, message=message, retryable=kind in RETRYABLE_KINDS, hint=_hint(kind, message))


def _hint(kind: str, message: str) -> str:
    variable = _KEY_VARIABLE.search(message) if kind == "authentication" else None
    if variable:
        return f"{variable.group(1)} is missing or refused: export {variable.group(1)}=<your key>"
    return HINTS.get(kind, "")


def retry_after_seconds(exc: BaseException) -> float | None:
    """The server's Retry-After, if the error carries the response headers (litellm's parser, loaded with it)."""
    headers = getattr(getattr(exc, "response", None), "headers", None) or getattr(exc, "litellm_response_headers", None)
    value = headers.get("retry-after") if headers is not None else None
    if value is None:
        return None
    parse = getattr(sys.modules.get("litellm.utils"), "_get_retry_after_from_exception_header", None)
    if parse is not None:
        seconds = parse(headers)
        return float(seconds) if seconds is not None and seconds >= 0 else None
    try:
        return float(value)
    except ValueError:
        return None  # an HTTP-date Retry-After without litellm's parser: fall back to our own backoff
