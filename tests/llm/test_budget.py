"""Budgets: a spent budget stops the run before the next request, cleanly and with a reason."""

import pytest

from verusagent.llm.budget import Budget, BudgetTracker
from verusagent.llm.client import ModelClient
from verusagent.llm.errors import BudgetExceeded
from verusagent.llm.retry import RetryPolicy
from verusagent.llm.settings import ModelSettings
from verusagent.record import RunResult, RunStarted, RunStopped, RunWriter, TokenUsage, read_run, spend_of

MESSAGES = [{"role": "user", "content": "prove it"}]


def client_with(budget: Budget, writer=None, **settings) -> ModelClient:
    return ModelClient(
        ModelSettings(model="scripted/test", cache=False, **settings),
        budget=BudgetTracker(budget),
        recorder=writer,
        retry=RetryPolicy(base_delay_s=0),
        sleep=lambda s: None,
    )


def test_tracker_stops_at_each_limit_with_a_reason():
    calls = BudgetTracker(Budget(max_calls=1))
    calls.reserve_call()
    calls.charge(TokenUsage(prompt_tokens=5, completion_tokens=5), 0.01)
    with pytest.raises(BudgetExceeded, match="call budget spent: 1 of 1") as raised:
        calls.reserve_call()
    assert raised.value.limit == "calls"
    tokens = BudgetTracker(Budget(max_tokens=100))
    tokens.charge(TokenUsage(prompt_tokens=60, completion_tokens=40), None)
    with pytest.raises(BudgetExceeded, match="token budget") as raised:
        tokens.check()
    assert raised.value.limit == "tokens"
    money = BudgetTracker(Budget(max_cost_usd=0.5))
    money.charge(None, 0.5)
    with pytest.raises(BudgetExceeded, match="money budget") as raised:
        money.check()
    assert raised.value.limit == "cost"


def test_unknown_prices_do_not_count_as_zero_but_are_reported():
    tracker = BudgetTracker(Budget(max_cost_usd=1.0))
    tracker.reserve_call()
    tracker.charge(TokenUsage(prompt_tokens=10, completion_tokens=10), None)
    tracker.reserve_call()
    tracker.charge(None, None, failed=True)
    assert tracker.spend.unknown_cost_calls == 1
    assert tracker.spend.calls == 2
    tracker.check()  # nothing known was spent


def test_parallel_callers_cannot_overrun_the_call_budget():
    import threading

    tracker = BudgetTracker(Budget(max_calls=5))
    admitted, refused = [], []

    def caller() -> None:
        try:
            tracker.reserve_call()
            admitted.append(1)
        except BudgetExceeded as error:
            refused.append(error.limit)

    threads = [threading.Thread(target=caller) for _ in range(40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(admitted) == 5 and tracker.spend.calls == 5 and refused == ["calls"] * 35


def test_call_budget_stops_before_the_request_that_would_exceed_it(scripted):
    model = scripted(*[{"text": f"reply {i}"} for i in range(5)])
    client = client_with(Budget(max_calls=2))
    client.complete(MESSAGES)
    client.complete(MESSAGES)
    with pytest.raises(BudgetExceeded):
        client.complete(MESSAGES)
    assert len(model.requests) == 2


def test_failed_attempts_count_against_the_call_budget(scripted):
    model = scripted({"error": "rate_limit"}, {"error": "rate_limit"}, {"text": "ok"})
    client = client_with(Budget(max_calls=2))
    with pytest.raises(BudgetExceeded, match="2 of 2"):
        client.complete(MESSAGES)
    assert len(model.requests) == 2


def test_token_budget_counts_reported_usage(scripted):
    scripted(*[{"text": "x", "prompt_tokens": 40, "completion_tokens": 20}] * 3)
    client = client_with(Budget(max_tokens=100))
    client.complete(MESSAGES)
    client.complete(MESSAGES)  # 120 tokens now: this call crossed the limit
    with pytest.raises(BudgetExceeded, match="120 of 100"):
        client.complete(MESSAGES)


def test_money_budget_with_prices_given_in_the_settings(scripted):
    scripted(*[{"text": "x", "prompt_tokens": 1000, "completion_tokens": 1000}] * 3)
    client = client_with(Budget(max_cost_usd=0.05), input_cost_per_token=1e-5, output_cost_per_token=2e-5)
    first = client.complete(MESSAGES)
    assert first.cost_usd == pytest.approx(0.03)
    client.complete(MESSAGES)
    with pytest.raises(BudgetExceeded, match=r"\$0\.0600 of \$0\.0500"):
        client.complete(MESSAGES)


def test_a_budget_stop_ends_the_run_cleanly_with_its_reason_on_record(tmp_path, scripted):
    scripted(*[{"text": f"attempt {i}", "prompt_tokens": 10, "completion_tokens": 10} for i in range(10)])
    writer = RunWriter.create(tmp_path / "runs", "budget-run")
    budget = Budget(max_calls=3)
    writer.emit(RunStarted(run_id=writer.run_id, command="prove", budgets=budget.model_dump()))
    client = client_with(budget, writer)
    replies = []
    try:
        while True:  # what the agent's loop does: ask until something stops it
            replies.append(client.complete(MESSAGES).texts[0])
    except BudgetExceeded as stop:
        writer.emit(RunStopped(reason="budget", detail=stop.reason))
        writer.write_result(RunResult(run_id=writer.run_id, stopped_reason=stop.reason, spend=client.budget.snapshot()))
    writer.close()
    assert replies == ["attempt 0", "attempt 1", "attempt 2"]
    log = read_run(writer.folder)
    assert log.events[-1].kind == "run_stopped" and "3 of 3" in log.events[-1].detail
    assert spend_of(log.events).calls == 3 == log.result.spend.calls
    assert log.result.spend.tokens == 60
    assert log.problems == [] and not log.truncated_tail
