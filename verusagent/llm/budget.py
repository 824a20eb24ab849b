"""Run budgets (calls, tokens, money) and the running spend; checked before every request that goes out."""

import threading

from pydantic import BaseModel, Field

from verusagent.llm.errors import BudgetExceeded
from verusagent.record.events import TokenUsage
from verusagent.record.result import Spend


class Budget(BaseModel):
    max_calls: int | None = Field(default=None, ge=0)
    max_tokens: int | None = Field(default=None, ge=0)
    max_cost_usd: float | None = Field(default=None, ge=0)


class BudgetTracker:
    """Thread-safe. A call is charged when it was sent, failed or not; a cached reply costs nothing.

    The money budget counts calls of known price only; ``spend.unknown_cost_calls`` says how many it could not
    count. Tokens and money are known only after a reply, so the call that crosses a limit completes and the
    next check stops the run."""

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget()
        self.spend = Spend()
        self._lock = threading.Lock()

    def check(self) -> None:
        with self._lock:
            reason = self._exceeded()
        if reason is not None:
            raise BudgetExceeded(*reason)

    def _exceeded(self) -> tuple[str, str] | None:
        b, s = self.budget, self.spend
        if b.max_calls is not None and s.calls >= b.max_calls:
            return "calls", f"call budget spent: {s.calls} of {b.max_calls} model calls made"
        if b.max_tokens is not None and s.tokens >= b.max_tokens:
            return "tokens", f"token budget spent: {s.tokens} of {b.max_tokens} tokens used"
        if b.max_cost_usd is not None and s.cost_usd >= b.max_cost_usd:
            return "cost", f"money budget spent: ${s.cost_usd:.4f} of ${b.max_cost_usd:.4f}"
        return None

    def reserve_call(self) -> None:
        """Check the budgets and count the call in one step, so parallel callers cannot overrun max_calls."""
        with self._lock:
            reason = self._exceeded()
            if reason is None:
                self.spend.calls += 1
        if reason is not None:
            raise BudgetExceeded(*reason)

    def charge(self, usage: TokenUsage | None, cost_usd: float | None, failed: bool = False) -> None:
        """Add a reply's tokens and cost to a call already counted by `reserve_call`."""
        with self._lock:
            if usage is not None:
                self.spend.prompt_tokens += usage.prompt_tokens
                self.spend.completion_tokens += usage.completion_tokens
            if not failed:
                self.spend.answered_calls += 1
            if cost_usd is not None:
                self.spend.cost_usd += cost_usd
            elif not failed:
                self.spend.unknown_cost_calls += 1

    def charge_cached(self) -> None:
        with self._lock:
            self.spend.cached_calls += 1

    def snapshot(self) -> Spend:
        with self._lock:
            return self.spend.model_copy()
