"""The retry policy: which provider errors are worth another try, and how long to wait before it.

Rate limits, server errors (5xx), timeouts, dropped connections and replies that are not JSON are retried with
exponential backoff and jitter, up to ``max_attempts`` tries in all; a connection that cannot be made at all
(refused, DNS, TLS) only ``connect_attempts`` times, since waiting seconds rarely fixes it. Errors that another try
cannot fix (context window, credentials, a bad request) are not retried and carry a hint for the user.

The kind of an error comes from the exception's chain where litellm hides it (litellm raises a refused connection
as a 500 "Connection error."), else from litellm's classes, else from the HTTP status; its message keeps the
provider's words and adds the cause below them (``[Errno 111] Connection refused``).

From litellm: its exception classes decide the kind of an error, its ``should_retry`` decides for a bare HTTP
status, and its parser reads the server's Retry-After (seconds or an HTTP date). Kept here, because litellm's own
retries (``num_retries``) lack it: every attempt is one event in the run record and one call charged to the
budget, checked before it goes out; the backoff is seeded (tests see exact delays) and its cap is ours; and a
missing key that litellm wraps as a server error (OpenAI's "Missing credentials" arrives as a 500) is fatal, not
retried. So litellm's and the OpenAI client's retries are switched off by the client, and the attempts counted
here are all the requests that went out.
"""

import json
import random
import re
import socket
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
    "connection": "no connection to the model's endpoint: check api_base, the network, and that the server runs",
    "bad_request": "the provider refused the request as malformed; see the message",
    "content_policy": "the provider's content filter refused the prompt or the reply",
}


class RetryPolicy(BaseModel):
    max_attempts: int = Field(default=4, ge=1)  # tries per request, the first included
    connect_attempts: int = Field(default=2, ge=1)  # tries when no connection can be made (refused, DNS, TLS)
    base_delay_s: float = Field(default=1.0, ge=0)
    max_delay_s: float = Field(default=30.0, ge=0)
    retry_timeouts: bool = True

    def delay(self, retry_number: int, rng: random.Random, retry_after: float | None = None) -> float:
        """Seconds to wait before retry ``retry_number`` (1 for the first): half the exponential step plus a
        random part of the other half, at least what the server asked for (capped at ``max_delay_s``)."""
        step = min(self.max_delay_s, self.base_delay_s * 2.0 ** (retry_number - 1))
        wait: float = step / 2 + rng.uniform(0, step / 2)
        if retry_after is not None:
            wait = max(wait, min(retry_after, self.max_delay_s))
        return wait

    def should_retry(self, error: CallError, attempt: int) -> bool:
        """Whether to try again after ``attempt`` tries that ended with ``error``."""
        limit = self.connect_attempts if error.kind == "connection" else self.max_attempts
        return error.retryable and (self.retry_timeouts or error.kind != "timeout") and attempt < limit


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
    below = _transport_cause(exc)
    if below is not None:
        return below[0]
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


def _chain(exc: BaseException) -> list[BaseException]:
    """The exception and its causes, outermost first."""
    seen: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and all(current is not s for s in seen):
        seen.append(current)
        current = current.__cause__ or current.__context__
    return seen


def _transport_cause(exc: BaseException) -> tuple[str, BaseException] | None:
    """The kind of a failure below HTTP, and the exception that says it, from the innermost cause out. A 4xx is
    the server's own answer (or a refusal made before sending, such as a script the stand-in cannot read): its
    class decides, whatever it wraps."""
    status = getattr(exc, "status_code", None)
    if isinstance(status, int) and 400 <= status < 500:
        return None
    for cause in reversed(_chain(exc)):
        kind = _transport_kind(cause)
        if kind is not None:
            return kind, cause
    return None


def _transport_kind(cause: BaseException) -> str | None:
    httpx, ssl = sys.modules.get("httpx"), sys.modules.get("ssl")  # loaded if they raised; never imported here
    if isinstance(cause, TimeoutError) or (httpx is not None and isinstance(cause, httpx.TimeoutException)):
        return "timeout"
    if isinstance(cause, ConnectionRefusedError | socket.gaierror) or (
        ssl is not None and isinstance(cause, ssl.SSLError)
    ):
        return "connection"
    if httpx is not None and isinstance(cause, httpx.ConnectError):
        return "connection"
    if isinstance(cause, ConnectionError) or (httpx is not None and isinstance(cause, httpx.NetworkError)):
        return "dropped"  # reset, broken pipe, aborted: the connection was made, then lost
    if httpx is not None and isinstance(cause, httpx.RemoteProtocolError):
        return "dropped"  # e.g. "Server disconnected without sending a response"
    if isinstance(cause, json.JSONDecodeError):
        return "bad_response"
    return None


RETRYABLE_KINDS = frozenset({"rate_limit", "server_error", "timeout", "connection", "dropped", "bad_response"})


def classify(exc: BaseException) -> CallError:
    kind = _kind_of(exc)
    message = scrub_text(_message(exc))[:_MAX_MESSAGE]
    return CallError(kind=kind, message=message, retryable=kind in RETRYABLE_KINDS, hint=_hint(kind, message))


# litellm's class names before the provider's words ("litellm.RateLimitError: RateLimitError: "): the kind says them
_LITELLM_PREFIX = re.compile(r"^(?:litellm\.\w+: )+(?:\w+Error: )?")


def _message(exc: BaseException) -> str:
    """The provider's words, and below them the cause that names the failure when they do not."""
    words = _LITELLM_PREFIX.sub("", " ".join((str(exc) or type(exc).__name__).split()))
    below = _transport_cause(exc)
    if below is None:
        return words
    cause = " ".join(str(below[1]).split())
    return words if not cause or cause in words else f"{words} (cause: {type(below[1]).__name__}: {cause})"


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
