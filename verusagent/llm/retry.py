"""The retry policy: which provider errors are worth another try, and how long to wait before it.

Rate limits, server errors (5xx), timeouts and dropped connections are retried with exponential backoff and
jitter, up to ``max_attempts`` tries in all. Errors that another try cannot fix (context window, credentials,
a bad request) are not retried and carry a hint for the user. litellm's and the OpenAI client's own retries
are switched off by the client, so the attempts counted here are all the requests that went out.
"""

import random
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


def _kind_of(exc: BaseException) -> str:
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
    return "server_error" if status >= 500 else "other"


RETRYABLE_KINDS = frozenset({"rate_limit", "server_error", "timeout", "connection"})


def classify(exc: BaseException) -> CallError:
    kind = _kind_of(exc)
    message = scrub_text(str(exc) or type(exc).__name__)[:_MAX_MESSAGE]
    return CallError(kind=kind, message=message, retryable=kind in RETRYABLE_KINDS, hint=HINTS.get(kind, ""))


def retry_after_seconds(exc: BaseException) -> float | None:
    """The server's Retry-After (seconds form), if the error carries the response headers."""
    headers = getattr(getattr(exc, "response", None), "headers", None) or getattr(exc, "litellm_response_headers", None)
    value = headers.get("retry-after") if headers is not None else None
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None  # an HTTP-date Retry-After: fall back to our own backoff
