"""Records that keep every invariant, including the edge cases the invariants allow."""

from verusagent.audit import audit_events, audit_run
from verusagent.record import Event, ReviewReport, RunStarted, read_run

from tests.audit.audit_records import (
    BUDGETS,
    PROOF_SHA,
    RUN_ID,
    VERUS,
    append_line,
    finding,
    good_story,
    last_event,
    model_call,
    write_story,
)


def test_an_honest_run_keeps_every_invariant(tmp_path):
    story = good_story()
    report = audit_run(write_story(tmp_path, story))
    assert report.breaches == [] and report.ok
    assert report.warnings == []
    assert report.events_checked == len(story.events) == 19


def test_a_skipped_seq_is_allowed(tmp_path):
    folder = write_story(tmp_path, good_story())
    last = last_event(folder)
    append_line(folder, {"kind": "run_stopped", "seq": last["seq"] + 2, "ts": last["ts"] + 1, "reason": "done"})
    assert audit_run(folder).ok


def test_a_critical_finding_resolved_before_verus_runs_is_cleared(tmp_path):
    story = good_story()
    story.change("review_report", PROOF_SHA, findings=[finding()])
    resolution = ReviewReport(sha256=PROOF_SHA, findings=[finding(status="resolved")])
    story.events.insert(story.index("review_report", PROOF_SHA) + 1, resolution)
    assert audit_run(write_story(tmp_path, story)).ok


def test_unvalidated_or_gap_findings_do_not_block_verus(tmp_path):
    story = good_story()
    story.change("review_report", PROOF_SHA, findings=[finding(validated=False), finding("gap")])
    assert audit_run(write_story(tmp_path, story)).ok


def test_a_resume_may_raise_the_budgets_for_the_whole_record(tmp_path):
    story = good_story()
    resumed = RunStarted(run_id=RUN_ID, budgets=BUDGETS | {"max_calls": 3}, verus_version=VERUS, resumed=True)
    story.events[story.index("candidate_created", PROOF_SHA) : 0] = [resumed, *model_call("call-3")]
    assert audit_run(write_story(tmp_path, story)).ok


def test_events_without_their_folder_are_audited_and_say_what_was_not_checked(tmp_path):
    log = read_run(write_story(tmp_path, good_story()))
    report = audit_events(log.events, result=log.result)
    assert report.ok and report.folder is None and report.events_checked == 19
    assert report.warnings == ["no run folder given: the stored candidates were not checked"]


def test_bare_events_of_a_known_kind_are_checked_as_that_kind():
    events = [
        Event(kind="run_started", seq=0, ts=1.0, run_id=RUN_ID, verus_version=VERUS),
        Event(kind="verdict", seq=1, ts=2.0, verdict="verified"),
        Event(kind="run_stopped", seq=2, ts=3.0, reason="done"),
    ]
    report = audit_events(events)
    assert report.broken_invariants() == [8] and report.breaches[0].seqs == [1]
