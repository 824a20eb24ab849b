"""Totals computed from a record's events: what the run spent on model calls."""

from collections.abc import Iterable

from verusagent.record.events import Event, ModelReply, ModelRequest
from verusagent.record.result import Spend


def spend_of(events: Iterable[Event]) -> Spend:
    """Calls are model requests that went out (cache hits counted apart), answered calls the replies without an
    error; tokens and cost come from replies."""
    spend = Spend()
    for event in events:
        if isinstance(event, ModelRequest):
            if event.cached:
                spend.cached_calls += 1
            else:
                spend.calls += 1
        elif isinstance(event, ModelReply) and not event.from_cache:
            _add_reply(spend, event)
    return spend


def _add_reply(spend: Spend, reply: ModelReply) -> None:
    if reply.error is None:
        spend.answered_calls += 1
    if reply.usage is not None:
        spend.prompt_tokens += reply.usage.prompt_tokens
        spend.completion_tokens += reply.usage.completion_tokens
    if reply.cost_usd is not None:
        spend.cost_usd += reply.cost_usd
    elif reply.error is None:
        spend.unknown_cost_calls += 1
