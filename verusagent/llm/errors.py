"""The ways a model call ends without a reply: the provider failed for good, the model cannot be used for the run
at all, or a budget is spent."""

from verusagent.record.events import CallError


class ModelCallError(Exception):
    """A call failed and will not be retried (a fatal error, or retries exhausted)."""

    def __init__(self, error: CallError, attempts: int) -> None:
        hint = f" Hint: {error.hint}" if error.hint else ""
        super().__init__(f"model call failed after {attempts} attempt(s): {error.kind}: {error.message}{hint}")
        self.error = error
        self.attempts = attempts

    @property
    def stops_run(self) -> bool:
        """Another call cannot do better (a retryable error that only exhausted its retries does not stop a run)."""
        return not self.error.retryable


class ModelUnavailable(ModelCallError):
    """The model cannot be used for this run (``health.py``): it never answered, stopped answering, refused the
    credentials, does not exist, or the prompt exceeds its context window. ``reason`` is the run's stop reason:
    ``model_unreachable``, ``credentials`` or ``context_window``."""

    def __init__(self, cause: ModelCallError, reason: str, why: str) -> None:
        super().__init__(cause.error, cause.attempts)
        hint = f" Hint: {self.error.hint}" if self.error.hint else ""
        last = f"after {self.attempts} attempt(s)" if self.attempts else "before it was sent"
        self.args = (f"{why}; the last call failed {last}: {self.error.kind}: {self.error.message}{hint}",)
        self.reason = reason

    @property
    def stops_run(self) -> bool:
        return True


class BudgetExceeded(Exception):
    """A run budget is spent; the run should stop cleanly with ``reason``."""

    def __init__(self, limit: str, reason: str) -> None:
        super().__init__(reason)
        self.limit = limit  # "calls", "tokens" or "cost"
        self.reason = reason
