"""Whether the model answers, over one client's life: the client notes how each call ended, and a failure that
means the model cannot be used for the run becomes ``ModelUnavailable``, with the run's stop reason.

- at once: the credentials are missing or refused (``credentials``), the prompt exceeds the context window
  (``context_window``), the model or endpoint does not exist (404: ``model_unreachable``);
- the model stopped answering: ``STOP_AFTER_FAILURES`` calls in a row failed in transport (no connection, a dropped
  connection, a timeout, a reply that is not JSON, or a rate limit or server error that outlasted its retries);
- the model never answered: at the end of a round (``never_answered``), calls failed in transport and none was
  answered. Asked only then, so that a rate limit on one of a round's parallel calls does not stop a run whose
  other calls get through.

Once stopped, it stays stopped: every later failure of the client raises the same stop.
"""

import threading

from verusagent.llm.errors import ModelCallError, ModelUnavailable

STOP_AFTER_FAILURES = 3  # calls in a row (each after its retries) that failed in transport
AT_ONCE = {
    "authentication": "credentials",
    "permission": "credentials",
    "context_window": "context_window",
    "not_found": "model_unreachable",
}
TRANSPORT_KINDS = frozenset({"connection", "dropped", "timeout", "rate_limit", "server_error", "bad_response"})
MODEL_STOP_REASONS = frozenset(AT_ONCE.values())


class ModelHealth:
    """Thread-safe: a round's strategies call the model in parallel."""

    def __init__(self, stop_after: int = STOP_AFTER_FAILURES) -> None:
        self.stop_after = stop_after
        self.answered = 0  # calls that got a reply from the model (the cache's replies are not counted)
        self.failed = 0  # calls that failed in transport
        self.in_a_row = 0  # of them since the last reply
        self.stop: ModelUnavailable | None = None
        self._last: ModelCallError | None = None
        self._lock = threading.Lock()

    def note_answer(self) -> None:
        with self._lock:
            self.answered += 1
            self.in_a_row = 0

    def note_failure(self, error: ModelCallError) -> ModelCallError:
        """The error the call raises: ``error`` itself, or the run's stop when the model cannot be used."""
        with self._lock:
            if self.stop is None:
                self.stop = self._judge(error)
            return self.stop or error

    def _judge(self, error: ModelCallError) -> ModelUnavailable | None:
        kind = error.error.kind
        if kind in AT_ONCE:
            return ModelUnavailable(error, AT_ONCE[kind], _AT_ONCE_WHY[AT_ONCE[kind]])
        if kind not in TRANSPORT_KINDS:
            return None
        self.failed, self.in_a_row, self._last = self.failed + 1, self.in_a_row + 1, error
        if self.in_a_row < self.stop_after:
            return None
        why = f"the model stopped answering: {self.in_a_row} calls in a row failed"
        return ModelUnavailable(error, "model_unreachable", why)

    def never_answered(self) -> ModelUnavailable | None:
        """The stop, if calls failed in transport and none was answered (asked at the end of a round)."""
        with self._lock:
            if self.stop is None and self.answered == 0 and self._last is not None:
                why = f"the model never answered: {self.failed} call(s) failed"
                self.stop = ModelUnavailable(self._last, "model_unreachable", why)
            return self.stop


_AT_ONCE_WHY = {
    "credentials": "the provider refused the credentials",
    "context_window": "the prompt does not fit the model's context window",
    "model_unreachable": "the model or its endpoint does not exist",
}
