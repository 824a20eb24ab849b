"""The model's health over a client's calls: which failures stop a run at once, after how many in a row, and when
"never answered" is decided."""

import pytest

from verusagent.llm.errors import ModelCallError, ModelUnavailable
from verusagent.llm.health import STOP_AFTER_FAILURES, ModelHealth
from verusagent.record.events import CallError


def failure(kind: str, retryable: bool = True, attempts: int = 4) -> ModelCallError:
    return ModelCallError(CallError(kind=kind, message=f"scripted {kind}", retryable=retryable), attempts=attempts)


@pytest.mark.parametrize(
    ("kind", "reason"),
    [
        ("authentication", "credentials"),
        ("permission", "credentials"),
        ("context_window", "context_window"),
        ("not_found", "model_unreachable"),
    ],
)
def test_failures_no_call_can_fix_stop_at_once(kind, reason):
    health = ModelHealth()
    health.note_answer()
    stop = health.note_failure(failure(kind, retryable=False, attempts=1))
    assert isinstance(stop, ModelUnavailable) and stop.reason == reason and stop.stops_run
    assert health.note_failure(failure("rate_limit")) is stop  # it stays stopped


def test_transport_failures_in_a_row_stop_only_at_the_limit_and_an_answer_resets_them():
    health = ModelHealth()
    health.note_answer()
    for _ in range(STOP_AFTER_FAILURES - 1):
        assert not isinstance(health.note_failure(failure("timeout")), ModelUnavailable)
    health.note_answer()
    kinds = ["connection", "dropped", "bad_response"][:STOP_AFTER_FAILURES]
    outcomes = [health.note_failure(failure(kind)) for kind in kinds]
    assert [isinstance(o, ModelUnavailable) for o in outcomes] == [False] * (STOP_AFTER_FAILURES - 1) + [True]
    assert f"{STOP_AFTER_FAILURES} calls in a row failed" in str(outcomes[-1])
    assert "after 4 attempt(s): bad_response: scripted bad_response" in str(outcomes[-1])


def test_a_failure_that_is_not_the_transports_neither_counts_nor_stops():
    health = ModelHealth(stop_after=1)
    error = failure("bad_request", retryable=False, attempts=1)
    assert health.note_failure(error) is error and health.never_answered() is None
    assert not isinstance(health.note_failure(failure("content_policy", retryable=False)), ModelUnavailable)


def test_never_answered_is_decided_when_asked_not_by_the_first_failure():
    health = ModelHealth()
    assert health.never_answered() is None  # nothing failed yet
    error = failure("rate_limit")
    assert health.note_failure(error) is error  # a parallel call may still get through
    stop = health.never_answered()
    assert stop is not None and stop.reason == "model_unreachable" and "never answered: 1 call(s)" in str(stop)
    answered = ModelHealth()
    answered.note_failure(failure("server_error"))
    answered.note_answer()
    assert answered.never_answered() is None
