"""Invariants 14 to 17 on agent-mode records: an honest session keeps them; each broken one is named alone."""

import pytest

from verusagent.audit import AuditReport, audit_run
from verusagent.record import (
    CandidateCreated,
    Event,
    GuardChecked,
    ReviewReport,
    RunResult,
    RunStarted,
    RunStopped,
    RunVerdict,
    SessionEnded,
    SessionStarted,
    ToolCalled,
    ToolResult,
)

from tests.audit.audit_records import (
    BASE_SHA,
    BUDGETS,
    PROOF_SHA,
    RUN_ID,
    VERUS,
    Story,
    guard_violation,
    verus_run,
    write_story,
)

SESSION = "agent-r1"
LIMITS = {"max_tool_calls": 40, "max_verus_runs": 12}


def called(call_id: str, name: str, sha: str, **arguments) -> ToolCalled:
    return ToolCalled(session=SESSION, call_id=call_id, name=name, arguments=arguments, sha256=sha)


def answered(call_id: str, name: str, sha: str, **fields) -> ToolResult:
    return ToolResult(session=SESSION, call_id=call_id, name=name, ok=True, sha256=sha, **fields)


def agent_story() -> Story:
    """Baseline; a session verifies it (cached), edits it (guarded), verifies the edit, submits; acceptance."""
    events: list[Event] = [
        RunStarted(run_id=RUN_ID, command="prove sum_to.rs", budgets=BUDGETS, verus_version=VERUS),
        CandidateCreated(sha256=BASE_SHA, strategy="baseline", round=0),
        GuardChecked(sha256=BASE_SHA, clean=True),
        ReviewReport(sha256=BASE_SHA),
        verus_run(BASE_SHA, "failed", errors=1, purpose="baseline"),
        SessionStarted(session=SESSION, sha256=BASE_SHA, round=1, tools=["verify", "edit"], limits=LIMITS),
        called("c1", "verify", BASE_SHA),
        verus_run(BASE_SHA, "failed", errors=1, purpose="agent", from_cache=True),  # seq 7
        answered("c1", "verify", BASE_SHA, verdict="failed", verus_runs=[7]),
        called("c2", "edit", BASE_SHA, items="fn sum_to ..."),
        CandidateCreated(sha256=PROOF_SHA, strategy="agent", round=1, parent=BASE_SHA),
        GuardChecked(sha256=PROOF_SHA, clean=True),
        ReviewReport(sha256=PROOF_SHA),
        answered("c2", "edit", PROOF_SHA, produced_sha256=PROOF_SHA, applied=True),
        called("c3", "verify", PROOF_SHA),
        verus_run(PROOF_SHA, purpose="agent"),  # seq 15
        answered("c3", "verify", PROOF_SHA, verdict="verified", verus_runs=[15]),
        called("c4", "submit", PROOF_SHA),
        answered("c4", "submit", PROOF_SHA),
        SessionEnded(session=SESSION, reason="submitted", sha256=PROOF_SHA, submitted=True, tool_calls=4),
        verus_run(PROOF_SHA, purpose="acceptance", flags=["--no-cheating"], no_cheating=True),
        RunVerdict(verdict="verified", accepted_sha256=PROOF_SHA),
        RunStopped(reason="done"),
    ]
    return Story(
        events=events,
        result=RunResult(run_id=RUN_ID, verdict="verified", accepted_sha256=PROOF_SHA, stopped_reason="done"),
    )


def audited(tmp_path, story) -> AuditReport:
    return audit_run(write_story(tmp_path, story))


def result_of(story: Story, call_id: str) -> int:
    return next(i for i, e in enumerate(story.events) if isinstance(e, ToolResult) and e.call_id == call_id)


def change_result(story: Story, call_id: str, **fields) -> None:
    index = result_of(story, call_id)
    story.events[index] = story.events[index].model_copy(update=fields)


def test_an_honest_session_keeps_every_invariant(tmp_path):
    report = audited(tmp_path, agent_story())
    assert report.ok, report.model_dump_json(indent=2)


def test_9_an_edit_applied_before_its_guard_report(tmp_path):
    story = agent_story()
    guard = story.events.pop(story.index("guard_report", PROOF_SHA))
    story.events.insert(result_of(story, "c2") + 1, guard)
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [14]
    assert "no clean guard report on it since its call" in report.breaches[0].message


def test_9_an_edit_applied_despite_a_dirty_guard_report(tmp_path):
    story = agent_story()
    story.events.insert(
        story.index("guard_report", PROOF_SHA) + 1,
        GuardChecked(sha256=PROOF_SHA, clean=False, violations=[guard_violation()]),
    )
    story.change("guard_report", PROOF_SHA, clean=False, violations=[guard_violation()])
    report = audited(tmp_path, story)
    assert 14 in report.broken_invariants()  # 3 as well: the accepted candidate's guard reports are dirty


def test_9_an_applied_edit_that_leaves_other_text_current(tmp_path):
    story = agent_story()
    change_result(story, "c2", sha256=BASE_SHA)
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [14]
    assert any("leaves" in b.message for b in report.breaches)


def test_9_a_candidate_made_current_without_an_edit(tmp_path):
    story = agent_story()
    change_result(story, "c2", applied=False)
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [14] and "without an applied edit producing it" in report.breaches[0].message


@pytest.mark.parametrize(
    "fields, why",
    [
        ({"verus_runs": []}, "it names no verus run"),
        ({"verus_runs": [9]}, "a seq that is no verus_run"),
        ({"verus_runs": [7]}, "on another candidate"),
    ],
)
def test_10_a_verify_result_not_from_a_verus_run(tmp_path, fields, why):
    story = agent_story()
    change_result(story, "c3", **fields)
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [15] and why in report.breaches[0].message


def test_10_a_verify_result_better_than_its_run(tmp_path):
    story = agent_story()
    change_result(story, "c1", verdict="verified")
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [15] and "not all whole-file successes" in report.breaches[0].message


@pytest.mark.parametrize("fields", [{"purpose": "screen"}, {"from_cache": True}])
def test_11_accepted_without_a_fresh_acceptance_run(tmp_path, fields):
    story = agent_story()
    story.change("verus_run", PROOF_SHA, nth=1, **fields)
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [16] and "not on a fresh acceptance run" in report.breaches[0].message


def test_12_more_tool_calls_than_the_session_allows(tmp_path):
    story = agent_story()
    story.change("session_started", limits={"max_tool_calls": 3, "max_verus_runs": 12})
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [17]
    assert "made 4 tool calls, over its max_tool_calls 3" in report.breaches[0].message


def test_12_a_tool_call_after_the_session_ended(tmp_path):
    story = agent_story()
    story.events.insert(story.index("session_ended") + 1, called("c5", "view", PROOF_SHA, target="sum_to"))
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [17] and "tool events after it ended" in report.breaches[0].message
