"""A session's spend against its limits: tool calls, tokens, cost, fresh verus runs, wall time. Checked before
each model call, each tool call and each verus run; the run's own budgets are the model client's and the
verifier's, and hold as well."""

import time
from collections.abc import Callable

from verusagent.agent.config import SessionLimits
from verusagent.llm import Completion
from verusagent.prompt import session as wording
from verusagent.verus import VerusResult


class SessionMeter:
    def __init__(self, limits: SessionLimits, clock: Callable[[], float] = time.monotonic):
        self.limits = limits
        self.clock = clock
        self.started = clock()
        self.tool_calls = 0
        self.turns = 0
        self.tokens = 0
        self.cost_usd = 0.0
        self.verus_runs = 0

    @property
    def seconds(self) -> float:
        return self.clock() - self.started

    def charge(self, completion: Completion) -> None:
        self.turns += 1
        self.tokens += completion.usage.total_tokens if completion.usage else 0
        self.cost_usd += completion.cost_usd or 0.0

    def count_verus(self, result: VerusResult) -> None:
        self.verus_runs += 0 if result.from_cache else 1

    def spent(self) -> str | None:
        """Why no further model call may start, or None."""
        limits = self.limits
        checks = [
            (self.tool_calls, limits.max_tool_calls, "tool_calls"),
            (self.tokens, limits.max_tokens, "tokens"),
            (self.cost_usd, limits.max_cost_usd, "cost"),
            (self.seconds, limits.max_seconds, "seconds"),
        ]
        return next(
            (
                wording.budget_spent(what, used, limit)
                for used, limit, what in checks
                if limit is not None and used >= limit
            ),
            None,
        )

    def tool_calls_spent(self) -> str | None:
        limit = self.limits.max_tool_calls
        if self.tool_calls >= limit:
            return wording.tool_calls_spent(self.tool_calls, limit)
        if self.seconds >= self.limits.max_seconds:
            return wording.seconds_spent(self.seconds, self.limits.max_seconds)
        return None

    def verus_spent(self) -> str | None:
        limit = self.limits.max_verus_runs
        if limit is not None and self.verus_runs >= limit:
            return wording.verus_runs_spent(self.verus_runs, limit)
        return None

    def summary(self) -> dict:
        return {
            "tool_calls": self.tool_calls,
            "turns": self.turns,
            "tokens": self.tokens,
            "cost_usd": round(self.cost_usd, 6),
            "verus_runs": self.verus_runs,
            "seconds": round(self.seconds, 3),
        }
