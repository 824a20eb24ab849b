"""Invariant 6's ledger: the spend of a whole record, counted in file order across ``--resume`` sessions.

A model call is a ``model_request`` that went out (``cached == false``), retries included; tokens and cost
come from replies not served from the cache (cost: known prices only, as the budget tracker counts it); a verus
run is a ``verus_run`` with ``from_cache == false``. Like ``BudgetTracker.check``, a call or run may start only
while its totals are still *below* the limits: tokens and cost are known after a reply, so the call that
crosses a limit completes, and the next one must not start.
"""

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from verusagent.record.events import Event, ModelReply, ModelRequest, RunStarted, VerusRun


class Budgets(BaseModel):
    model_config = ConfigDict(extra="ignore")

    max_calls: int | None = Field(default=None, ge=0)  # None: unlimited
    max_tokens: int | None = Field(default=None, ge=0)
    max_cost_usd: float | None = Field(default=None, ge=0)
    max_verus_runs: int | None = Field(default=None, ge=0)


class Spent(BaseModel):
    calls: int = 0
    tokens: int = 0
    cost_usd: float = 0.0
    verus_runs: int = 0


class BudgetLedger:
    """Feed it every event in file order; ``take`` says how an event overran the budgets in force, if it did."""

    def __init__(self) -> None:
        self.budgets = Budgets()
        self.spent = Spent()

    def take(self, event: Event) -> str | None:
        if isinstance(event, RunStarted):
            return self._start_session(event)
        if isinstance(event, ModelRequest) and not event.cached:
            return self._start_call(event)
        if isinstance(event, ModelReply) and not event.from_cache:
            self._charge(event)
        elif isinstance(event, VerusRun) and not event.from_cache:
            return self._start_verus_run(event)
        return None

    def _start_session(self, started: RunStarted) -> str | None:
        # A resumed session brings its own budgets (they may have been raised); the spend carries over.
        try:
            self.budgets = Budgets.model_validate(started.budgets)
        except ValidationError as error:
            self.budgets = Budgets()
            return f"run_started #{started.seq} has budgets that cannot be read: {error.errors()[0]['msg']}"
        return None

    def _start_call(self, request: ModelRequest) -> str | None:
        overruns = self._call_overruns()
        self.spent.calls += 1
        if not overruns:
            return None
        number = self.spent.calls
        return f"model call {request.call_id} (call {number} of the record) went out with {'; '.join(overruns)}"

    def _call_overruns(self) -> list[str]:
        b, s = self.budgets, self.spent
        limits = [
            ("max_calls", s.calls, b.max_calls, "calls made"),
            ("max_tokens", s.tokens, b.max_tokens, "tokens used"),
            ("max_cost_usd", s.cost_usd, b.max_cost_usd, "USD spent"),
        ]
        return [
            f"{used:g} {what} of {name} {limit:g}"
            for name, used, limit, what in limits
            if limit is not None and used >= limit
        ]

    def _charge(self, reply: ModelReply) -> None:
        if reply.usage is not None:
            self.spent.tokens += reply.usage.total_tokens
        if reply.cost_usd is not None:
            self.spent.cost_usd += reply.cost_usd

    def _start_verus_run(self, run: VerusRun) -> str | None:
        limit, done = self.budgets.max_verus_runs, self.spent.verus_runs
        self.spent.verus_runs += 1
        if limit is None or done < limit:
            return None
        return f"verus run #{run.seq} (run {done + 1} of the record) started with {done} of max_verus_runs {limit} made"
