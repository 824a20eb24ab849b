"""Transport settings an operator (or a test) sets from the environment, for every model client of a run and of
its bench tasks: how long one request may take and how long the first retry waits (the backoff doubles from
there). A value that is not a positive number is ignored with a warning: the defaults hold."""

import os
import sys

from verusagent.llm.retry import RetryPolicy
from verusagent.llm.settings import ModelSettings

TIMEOUT_ENV = "VERUSAGENT_MODEL_TIMEOUT"  # seconds per model request (default: ModelSettings.timeout_s, 120)
RETRY_DELAY_ENV = "VERUSAGENT_RETRY_DELAY"  # seconds before the first retry (default: RetryPolicy.base_delay_s, 1)


def transport_overrides(settings: ModelSettings, retry: RetryPolicy) -> tuple[ModelSettings, RetryPolicy]:
    timeout, delay = _seconds(TIMEOUT_ENV), _seconds(RETRY_DELAY_ENV)
    if timeout is not None:
        settings = settings.model_copy(update={"timeout_s": timeout})
    if delay is not None:
        retry = retry.model_copy(update={"base_delay_s": delay, "max_delay_s": max(retry.max_delay_s, delay)})
    return settings, retry


def _seconds(name: str) -> float | None:
    raw = os.environ.get(name)
    if not raw:
        return None
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if value > 0:
        return value
    print(f"warning: {name}={raw!r} is not a positive number of seconds; the default is used", file=sys.stderr)
    return None
