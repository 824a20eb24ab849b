"""Problems of the record itself: unreadable lines, a cut-off tail, no run_started, kinds this version lacks."""

from verusagent.audit import audit_run

from tests.audit.audit_records import PROOF_SHA, append_line, good_story, last_event, write_story


def structural_titles(report) -> list[str]:
    return [b.title for b in report.breaches if b.invariant is None]


def test_an_unreadable_line_in_the_middle_is_a_breach(tmp_path):
    folder = write_story(tmp_path, good_story())
    last = last_event(folder)
    append_line(folder, "{not json\n")
    append_line(folder, {"kind": "run_stopped", "seq": last["seq"] + 1, "ts": last["ts"] + 1, "reason": "done"})
    report = audit_run(folder)
    assert structural_titles(report) == ["unreadable line"] and report.broken_invariants() == []
    assert "line 20: not JSON" in report.breaches[0].message


def test_a_cut_off_last_line_is_only_a_warning(tmp_path):
    folder = write_story(tmp_path, good_story())
    append_line(folder, '{"kind": "model_req')
    report = audit_run(folder)
    assert report.ok and report.events_checked == 19
    assert report.warnings == [
        "the last line is cut off (the run stopped mid-write); the events before it were audited"
    ]


def test_a_record_without_run_started(tmp_path):
    story = good_story()
    del story.events[0]
    report = audit_run(write_story(tmp_path, story))
    assert structural_titles(report) == ["no run_started"]
    assert report.broken_invariants() == [2]  # no run_started, no verus version to accept with


def test_events_before_run_started(tmp_path):
    story = good_story()
    story.events.insert(1, story.events.pop(0))
    report = audit_run(write_story(tmp_path, story))
    assert structural_titles(report) == ["events before run_started"] and report.broken_invariants() == []
    assert [ref.kind for ref in report.breaches[0].events] == ["candidate_created"]


def test_unknown_kinds_and_an_unfinished_run_are_warnings(tmp_path):
    story = good_story()
    del story.events[-1]
    folder = write_story(tmp_path, story)
    last = last_event(folder)
    append_line(folder, {"kind": "houdini_round", "seq": last["seq"] + 1, "ts": last["ts"] + 1, "dropped": 2})
    report = audit_run(folder)
    assert report.ok
    assert report.warnings == [
        "events of kinds this version does not know were not audited: houdini_round",
        "no run_stopped: the run did not finish (crashed, killed or still running)",
    ]


def test_an_acceptance_by_the_verus_standin_is_flagged(tmp_path):
    story = good_story()
    story.change("run_started", verus_is_standin=True)
    report = audit_run(write_story(tmp_path, story))
    assert report.ok
    assert report.warnings == ["verdict #17 was reached with the verus stand-in, not the real verus"]


def test_an_unreadable_result_json_is_a_breach(tmp_path):
    folder = write_story(tmp_path, good_story())
    (folder / "result.json").write_text('{"verdict": "verified", "accepted_sha256": "' + PROOF_SHA + '"}')
    report = audit_run(folder)
    assert structural_titles(report) == ["unreadable result.json"] and not report.ok
