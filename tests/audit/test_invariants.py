"""For each invariant, records that break it; the audit must name exactly that invariant and the events."""

import pytest

from verusagent.audit import AuditReport, audit_run
from verusagent.record import GuardChecked, ReviewReport, RunResult, RunStarted, VerusRun

from tests.audit.audit_records import (
    BASE_SHA,
    BUDGETS,
    PROOF_SHA,
    RUN_ID,
    VERUS,
    append_line,
    finding,
    good_story,
    guard_violation,
    last_event,
    model_call,
    verus_run,
    write_story,
)


def audited(tmp_path, story) -> AuditReport:
    return audit_run(write_story(tmp_path, story))


def kinds_involved(report: AuditReport) -> list[list[str]]:
    return [[ref.kind for ref in b.events] for b in report.breaches]


# ---- 1. monotone timestamps and seqs ----------------------------------------------------------------------


def test_1_a_timestamp_that_goes_back(tmp_path):
    folder = write_story(tmp_path, good_story())
    last = last_event(folder)
    append_line(folder, {"kind": "run_stopped", "seq": last["seq"] + 1, "ts": last["ts"] - 5, "reason": "done"})
    report = audit_run(folder)
    assert report.broken_invariants() == [1]
    assert report.breaches[0].seqs == [last["seq"], last["seq"] + 1]


def test_1_a_repeated_seq(tmp_path):
    folder = write_story(tmp_path, good_story())
    last = last_event(folder)
    append_line(folder, {"kind": "run_stopped", "seq": last["seq"], "ts": last["ts"] + 1, "reason": "done"})
    report = audit_run(folder)
    assert report.broken_invariants() == [1] and "seq 18 follows seq 18" in report.breaches[0].message


# ---- 2. the accepted candidate verified whole-file by this run's verus -------------------------------------


def only_one_run_on_the_proof(story, **fields) -> None:
    story.events = [e for e in story.events if not (isinstance(e, VerusRun) and e.sha256 == PROOF_SHA)]
    story.events.insert(story.index("verdict"), verus_run(PROOF_SHA, **fields))


@pytest.mark.parametrize(
    "fields, why",
    [
        ({"verdict": "verified_partial", "partial": True}, "ended verified_partial"),
        ({"partial": True}, "was a partial run"),
        ({"partial": False, "flags": ["--verify-function", "sum_to"]}, "ran with --verify-function"),
        ({"verdict": "failed", "errors": 2}, "ended failed"),
        ({"from_cache": True, "verus_version": "0.2025.06.01.0ld0ld0"}, "a cached result of verus 0.2025"),
    ],
)
def test_2_the_only_verus_run_on_the_accepted_candidate_is_no_acceptance(tmp_path, fields, why):
    story = good_story()
    only_one_run_on_the_proof(story, **fields)
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [2]
    assert why in report.breaches[0].message
    assert kinds_involved(report) == [["verus_run", "verdict"]]


def test_2_a_success_that_comes_after_the_verdict(tmp_path):
    story = good_story()
    verdict = story.events.pop(story.index("verdict"))
    story.events.insert(story.index("verus_run", PROOF_SHA), verdict)
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [2] and "verus never ran on it" in report.breaches[0].message


def test_2_a_run_started_without_a_verus_version(tmp_path):
    story = good_story()
    story.change("run_started", verus_version=None)
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [2] and "records no verus_version" in report.breaches[0].message


def test_2_a_resumed_session_on_another_verus_cannot_accept_the_old_sessions_result(tmp_path):
    story = good_story()
    upgraded = RunStarted(run_id=RUN_ID, budgets=BUDGETS, verus_version="0.2026.02.01.fedcba9", resumed=True)
    story.events.insert(story.index("verdict"), upgraded)
    assert audited(tmp_path, story).broken_invariants() == [2]


@pytest.mark.parametrize("damage", ["missing", "other content"])
def test_2_the_stored_candidate_does_not_hold_the_accepted_content(tmp_path, damage):
    folder = write_story(tmp_path, good_story())
    stored = folder / "candidates" / f"{PROOF_SHA}.rs"
    if damage == "missing":
        stored.unlink()
    else:
        stored.write_text("verus! { fn sum_to(n: u32) -> u64 { assume(false); 0 } }\n", encoding="utf-8")
    report = audit_run(folder)
    assert report.broken_invariants() == [2] and damage in report.breaches[0].message
    assert kinds_involved(report) == [["verdict"]]


# ---- 3. the accepted candidate has a clean guard report ---------------------------------------------------


@pytest.mark.parametrize("clean", [False, True])  # True: a "clean" report that still lists a violation
def test_3_the_accepted_candidates_guard_report_is_dirty(tmp_path, clean):
    story = good_story()
    story.change("guard_report", PROOF_SHA, clean=clean, violations=[guard_violation(severity="warning")])
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [3]
    assert "only dirty guard reports" in report.breaches[0].message
    assert kinds_involved(report) == [["guard_report", "verdict"]]


def test_3_a_dirty_report_beside_a_clean_one_on_the_same_hash(tmp_path):
    story = good_story()
    dirty = GuardChecked(sha256=PROOF_SHA, clean=False, violations=[guard_violation()])
    story.events.insert(story.index("verdict"), dirty)
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [3] and "a guard report on it is dirty" in report.breaches[0].message


# ---- 4. no verus run while a validated critical finding is open --------------------------------------------


def test_4_a_validated_open_critical_finding_before_verus_runs(tmp_path):
    story = good_story()
    story.change("review_report", PROOF_SHA, findings=[finding()])
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [4]
    assert len(report.breaches) == 3  # the screen run and both acceptance runs
    assert kinds_involved(report)[0] == ["review_report", "verus_run"]


def test_4_a_resolution_that_comes_only_after_the_verus_run(tmp_path):
    story = good_story()
    story.change("review_report", PROOF_SHA, findings=[finding()])
    late = ReviewReport(sha256=PROOF_SHA, findings=[finding(status="resolved")])
    story.events.insert(story.index("verus_run", PROOF_SHA) + 1, late)
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [4, 10]  # 10: a review report after its candidate's verus run
    assert [b.invariant for b in report.breaches].count(4) == 1


def test_4_a_resolution_at_another_location_does_not_clear_it(tmp_path):
    story = good_story()
    elsewhere = finding(status="resolved", location={"unit": "fn:main"})
    story.change("review_report", PROOF_SHA, findings=[finding(), elsewhere])
    assert audited(tmp_path, story).broken_invariants() == [4]


# ---- 5. every finding has a location, a reason and evidence -------------------------------------------------


def test_5_a_review_finding_without_evidence(tmp_path):
    story = good_story()
    story.change("review_report", PROOF_SHA, findings=[finding("gap", status="dismissed", evidence="  ")])
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [5]
    assert "finding 1 (gap) lacks evidence" in report.breaches[0].message


def test_5_a_guard_violation_without_a_location(tmp_path):
    story = good_story()  # on the baseline, which is never accepted: only invariant 5 can object
    nowhere = guard_violation(candidate=None, original=None, function=None)
    story.change("guard_report", BASE_SHA, clean=False, violations=[nowhere])
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [5] and "lacks location" in report.breaches[0].message


def test_5_a_deleted_function_is_located_in_the_original(tmp_path):
    story = good_story()
    deleted = guard_violation(
        rule="function-deleted",
        candidate=None,
        original={"line": 3, "col": 1},
        evidence={"original": "fn sum_to(n: u32)", "candidate": ""},
    )
    story.change("guard_report", BASE_SHA, clean=False, violations=[deleted])
    assert audited(tmp_path, story).ok


# ---- 6. budgets -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "budgets, overrun",
    [
        ({}, "2 calls made of max_calls 2"),
        ({"max_calls": None, "max_tokens": 500}, "500 tokens used of max_tokens 500"),
        ({"max_calls": None, "max_cost_usd": 0.01}, "0.01 USD spent of max_cost_usd 0.01"),
    ],
)
def test_6_a_model_call_after_a_budget_is_spent(tmp_path, budgets, overrun):
    story = good_story()
    story.change("run_started", budgets=BUDGETS | budgets)
    story.events[story.index("candidate_created", PROOF_SHA) : 0] = model_call("call-3")
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [6] and overrun in report.breaches[0].message
    assert kinds_involved(report) == [["model_request"]]


def test_6_more_verus_runs_than_max_verus_runs(tmp_path):
    story = good_story()
    story.change("run_started", budgets=BUDGETS | {"max_verus_runs": 2})
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [6]
    assert "verus run" in report.breaches[0].message and "2 of max_verus_runs 2" in report.breaches[0].message


def test_6_budgets_count_over_the_whole_record_across_a_resume(tmp_path):
    story = good_story()
    resumed = RunStarted(run_id=RUN_ID, budgets=BUDGETS, verus_version=VERUS, resumed=True)
    story.events[story.index("candidate_created", PROOF_SHA) : 0] = [resumed, *model_call("call-1")]
    assert audited(tmp_path, story).broken_invariants() == [6]


def test_6_budgets_that_cannot_be_read(tmp_path):
    story = good_story()
    story.change("run_started", budgets={"max_calls": -1})
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [6] and "cannot be read" in report.breaches[0].message


# ---- 7. guard and review after creation, before verus ------------------------------------------------------


def test_7_a_verus_run_before_the_guard_report(tmp_path):
    story = good_story()
    story.move_after("guard_report", PROOF_SHA, "verus_run")
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [7]
    assert kinds_involved(report) == [["candidate_created", "verus_run", "guard_report"]]
    assert "no guard_report" in report.breaches[0].message


def test_7_the_baseline_reached_verus_unreviewed(tmp_path):
    story = good_story()
    del story.events[story.index("review_report", BASE_SHA)]
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [7] and "no review_report" in report.breaches[0].message


def test_7_a_candidate_that_was_never_created(tmp_path):
    story = good_story()
    del story.events[story.index("candidate_created", PROOF_SHA)]
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [7]
    assert sorted(k for kinds in kinds_involved(report) for k in kinds) == [
        "guard_report",
        "review_report",
        "verus_run",
    ]


# ---- 8. the verified verdict ------------------------------------------------------------------------------


def test_8_a_verified_verdict_without_an_accepted_candidate(tmp_path):
    story = good_story()
    story.change("verdict", accepted_sha256=None)
    story.result = story.result.model_copy(update={"accepted_sha256": None})
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [8] and "accepts no candidate" in report.breaches[0].message


def test_8_a_failed_verdict_that_claims_an_accepted_candidate(tmp_path):
    story = good_story()
    story.change("verdict", verdict="failed")
    story.result = story.result.model_copy(update={"verdict": "failed"})
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [8] and "yet claims an accepted" in report.breaches[0].message


def test_8_result_json_claims_a_verdict_the_record_does_not_make(tmp_path):
    story = good_story()
    story.change("verdict", verdict="failed", accepted_sha256=None)
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [8]
    assert "result.json says verified" in report.breaches[0].message


def test_8_result_json_with_no_verdict_event_at_all(tmp_path):
    story = good_story()
    del story.events[story.index("verdict")]
    story.result = RunResult(run_id=RUN_ID, verdict="verified", accepted_sha256=PROOF_SHA)
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [8] and report.breaches[0].events == []
