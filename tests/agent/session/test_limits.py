"""A session's budgets: tool calls, tokens, cost, fresh verus runs and wall time."""

from verusagent.agent.config import SessionLimits
from verusagent.agent.session.limits import SessionMeter
from verusagent.llm import Completion
from verusagent.record import TokenUsage


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def completion(tokens: int, cost: float | None) -> Completion:
    return Completion(
        model="m", choices=[], usage=TokenUsage(prompt_tokens=tokens, completion_tokens=0), cost_usd=cost, latency_s=0.0
    )


def test_each_budget_stops_the_next_model_call():
    clock = Clock()
    meter = SessionMeter(SessionLimits(max_tool_calls=2, max_tokens=1000, max_cost_usd=0.5, max_seconds=60), clock)
    assert meter.spent() is None
    meter.charge(completion(999, None))
    assert meter.spent() is None and meter.turns == 1
    meter.charge(completion(1, 0.5))
    assert meter.spent() == "session budget spent: 1000 of 1000 tokens used"
    meter.limits = SessionLimits(max_cost_usd=0.5)
    assert meter.spent() == "session budget spent: 0.5 of 0.5 USD spent"
    meter.limits = SessionLimits(max_tool_calls=2, max_seconds=60)
    meter.tool_calls = 2
    assert meter.tool_calls_spent() == "session budget spent: 2 of 2 tool calls made"
    meter.tool_calls, clock.now = 0, 161.0
    assert meter.spent() == "session budget spent: 61 of 60 seconds passed" and meter.tool_calls_spent()


def test_fresh_verus_runs_count_and_cached_ones_do_not():
    from verusagent.verus import Verdict, VerusResult

    meter = SessionMeter(SessionLimits(max_verus_runs=1))
    result = VerusResult(
        verdict=Verdict.FAILED,
        partial=False,
        is_standin=True,
        duration_s=1.0,
        verus_path="v",
        verus_version="x",
        content_sha256="0",
        file_name="f.rs",
        flags=[],
    )
    meter.count_verus(result.model_copy(update={"from_cache": True}))
    assert meter.verus_spent() is None
    meter.count_verus(result)
    assert meter.verus_spent() == "session budget spent: 1 of 1 fresh verus runs made"
