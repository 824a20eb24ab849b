"""The two ways a model call ends without a reply: the provider failed for good, or a budget is spent."""

from verusagent.record.events import CallError


class ModelCallError(Exception):
    """A call failed and will not be retried (a fatal error, or retries exhausted)."""

    def __init__(self, error: CallError, attempts: int) -> None:
        hint = f" Hint: {error.hint}" if error.hint else ""
        super().__init__(f"model call failed after {attempts} attempt(s): {error.kind}: {error.message}{hint}")
        self.error = error
        self.attempts = attempts


class BudgetExceeded(Exception):
    """A run budget is spent; the run should stop cleanly with ``reason``."""

    def __init__(self, limit: str, reason: str) -> None:
        super().__init__(reason)
        self.limit = limit  # "calls", "tokens" or "cost"
        self.reason = reason
