"""Invariant 19: a run stopped because its model could not be used decides nothing in that session, and a stop
for an unreachable model is backed by a request that failed in transport."""

from verusagent.audit import audit_run
from verusagent.record import CallError, ModelReply, ModelRequest, RunResult, RunStarted, RunStopped

from tests.audit.audit_records import BUDGETS, RUN_ID, VERUS, Story, good_story, write_story


def failed_call(call_id: str, kind: str = "connection") -> list:
    error = CallError(kind=kind, message="Connection error. (cause: [Errno 111] Connection refused)", retryable=True)
    return [
        ModelRequest(call_id=call_id, attempt=1, model="openai/gpt-4o", purpose="prove"),
        ModelReply(call_id=call_id, attempt=1, error=error),
    ]


def stopped_story(reason: str = "model_unreachable", calls: list | None = None) -> Story:
    story = good_story()
    keep = story.index("verus_run")  # run_started, the baseline and its verus run
    events = [*story.events[: keep + 1], *(failed_call("call-1") if calls is None else calls)]
    events.append(RunStopped(reason=reason, detail="the model never answered: 1 call(s) failed"))
    return Story(events=events, result=RunResult(run_id=RUN_ID, verdict=None, stopped_reason=reason))


def audited(tmp_path, story: Story):
    return audit_run(write_story(tmp_path, story))


def test_a_run_stopped_for_an_unreachable_model_passes(tmp_path):
    report = audited(tmp_path, stopped_story())
    assert report.ok, report.breaches


def test_a_refused_key_needs_no_failed_request(tmp_path):
    """A key variable that is not set fails before anything is sent: the stop's detail is the evidence."""
    assert audited(tmp_path, stopped_story("credentials", calls=[])).ok


def test_an_unreachable_model_without_a_failed_request(tmp_path):
    story = stopped_story(calls=[])
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [19] and "no request of its session failed" in report.breaches[0].message


def test_a_failure_that_is_not_the_transports_is_no_evidence(tmp_path):
    story = stopped_story(calls=failed_call("call-1", kind="bad_request"))
    assert audited(tmp_path, story).broken_invariants() == [19]


def test_a_model_stop_after_a_verdict_of_its_session(tmp_path):
    story = good_story()
    story.events.insert(story.index("run_stopped"), failed_call("call-9")[1])
    story.change("run_stopped", reason="model_unreachable")
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [19]
    assert [ref.kind for ref in report.breaches[0].events] == ["verdict", "run_stopped"]


def test_the_failures_of_an_earlier_session_do_not_back_a_later_stop(tmp_path):
    story = stopped_story()
    story.events.append(RunStarted(run_id=RUN_ID, budgets=BUDGETS, verus_version=VERUS, resumed=True))
    story.events.append(RunStopped(reason="model_unreachable"))
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [19] and len(report.breaches) == 1
