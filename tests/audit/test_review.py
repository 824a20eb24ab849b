"""The review's invariants (9 to 13) and invariant 4's shadow-mode exemption: records that break each one, and
the records of the review's own paths (a release after a dismissed dispute, a resume) that keep them."""

from verusagent.audit import audit_run
from verusagent.record import CandidateCreated, FindingStatus, GuardChecked, ReviewReport, ReviewVote

from tests.audit.audit_records import PROOF, PROOF_SHA, finding, good_story, model_call, write_story

JUDGES = ["v#1", "v#2", "v#3"]


def audited(tmp_path, story):
    return audit_run(write_story(tmp_path, story))


def voted(**fields) -> dict:
    return finding(id="ab.1", votes=["substantial"] * 3, validators=JUDGES, **fields)


def blocked_report(**fields) -> ReviewReport:
    return ReviewReport(sha256=PROOF_SHA, mode="on", blocked=True, findings=[voted()], **fields)


def insert_before(story, kind: str, *events) -> None:
    position = story.index(kind, PROOF_SHA)
    story.events[position:position] = list(events)


# ---- 9. a blocked candidate has no verus run -----------------------------------------------------------------


def test_9_a_blocked_candidate_reaches_verus(tmp_path):
    story = good_story()
    story.change("review_report", PROOF_SHA, mode="on", blocked=True)
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [9] and len(report.breaches) == 3  # screen and both acceptance runs


def test_9_a_shadow_report_may_not_block(tmp_path):
    story = good_story()
    story.change("review_report", PROOF_SHA, mode="shadow", blocked=True)
    assert audited(tmp_path, story).broken_invariants() == [9]


def test_a_candidate_released_after_a_dismissed_dispute_may_reach_verus(tmp_path):
    story = good_story()
    story.change("review_report", PROOF_SHA, mode="on", blocked=True, findings=[voted()])
    dismissal = FindingStatus(
        sha256=PROOF_SHA, finding="ab.1", status="dismissed", reason="judged not real", by="v#9", confirmed_by=JUDGES
    )
    released = ReviewReport(sha256=PROOF_SHA, mode="on", findings=[voted(status="dismissed")], note="released")
    insert_before(story, "verus_run", dismissal, released)
    assert audited(tmp_path, story).ok


# ---- 4. shadow mode is exempt ---------------------------------------------------------------------------------


def test_4_a_shadow_reports_open_critical_finding_does_not_keep_verus_away(tmp_path):
    story = good_story()
    story.change("review_report", PROOF_SHA, mode="shadow", score=1.0, findings=[voted()])
    assert audited(tmp_path, story).ok


def test_4_a_finding_status_closes_the_finding_by_id(tmp_path):
    story = good_story()
    story.change("review_report", PROOF_SHA, findings=[voted()])
    closed = FindingStatus(sha256=PROOF_SHA, finding="ab.1", status="resolved", reason="the unit changed")
    insert_before(story, "verus_run", closed)
    assert audited(tmp_path, story).ok


# ---- 10. every review report precedes its candidate's verus run ------------------------------------------------


def test_10_a_resumed_run_creates_the_candidate_again_before_reviewing_it(tmp_path):
    story = good_story()
    again = [
        CandidateCreated(sha256=PROOF_SHA, strategy="invariants", round=1),
        GuardChecked(sha256=PROOF_SHA, clean=True),
        ReviewReport(sha256=PROOF_SHA, mode="off", note="replayed on resume"),
    ]
    story.events[story.index("verdict") : story.index("verdict")] = again
    assert audited(tmp_path, story).ok
    story.events.pop(story.index("candidate_created", PROOF_SHA, nth=1))
    assert audited(tmp_path / "late", story).broken_invariants() == [10]


# ---- 11. every kept finding's evidence is in its candidate ----------------------------------------------------


def test_11_evidence_that_is_not_in_the_candidate(tmp_path):
    story = good_story()
    story.change(
        "review_report",
        PROOF_SHA,
        findings=[finding("gap", status="dismissed", validated=False, evidence={"quote": "s *= 2;"})],
    )
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [11] and "'s *= 2;' is not in the candidate" in report.breaches[0].message


def test_11_lines_outside_the_candidate(tmp_path):
    story = good_story()
    beyond = len(PROOF.splitlines()) + 1
    story.change(
        "review_report",
        PROOF_SHA,
        findings=[
            finding("gap", status="dismissed", validated=False, location={"unit": "fn:sum_to", "lines": [3, beyond]})
        ],
    )
    assert audited(tmp_path, story).broken_invariants() == [11]


# ---- 12. a dismissal comes from a validator that did not confirm the finding ---------------------------------


def test_12_dismissed_by_one_of_its_own_confirmers(tmp_path):
    story = good_story()
    story.change("review_report", PROOF_SHA, findings=[voted()])
    insert_before(
        story,
        "verus_run",
        FindingStatus(sha256=PROOF_SHA, finding="ab.1", status="dismissed", reason="r", by="v#2", confirmed_by=JUDGES),
    )
    report = audited(tmp_path, story)
    assert report.broken_invariants() == [12] and "by v#2, who confirmed it" in report.breaches[0].message


def test_12_a_report_that_calls_a_voted_finding_dismissed_without_a_dismissal(tmp_path):
    story = good_story()
    story.change("review_report", PROOF_SHA, findings=[voted(status="dismissed")])
    assert audited(tmp_path, story).broken_invariants() == [12]


# ---- 13. review calls are model requests of the record ---------------------------------------------------------


def test_13_a_vote_on_a_call_that_no_request_made(tmp_path):
    story = good_story()
    insert_before(
        story,
        "review_report",
        ReviewVote(sha256=PROOF_SHA, finding="ab.1", vote="minor", validator="v#1", call_id="validator-call-1"),
    )
    assert audited(tmp_path, story).broken_invariants() == [13]


def test_13_a_vote_on_a_provers_call(tmp_path):
    story = good_story()
    insert_before(
        story,
        "review_report",
        ReviewVote(sha256=PROOF_SHA, finding="ab.1", vote="minor", validator="v#1", call_id="call-1"),
    )
    assert audited(tmp_path, story).broken_invariants() == [13]


def test_13_a_vote_on_a_review_request_keeps_it(tmp_path):
    story = good_story()
    story.change("run_started", budgets={"max_calls": 3, "max_tokens": 1500, "max_cost_usd": 0.5, "max_verus_runs": 3})
    request, reply = model_call("validator-call-1")
    request = request.model_copy(update={"purpose": "review_validate"})
    insert_before(
        story,
        "review_report",
        request,
        reply,
        ReviewVote(sha256=PROOF_SHA, finding="ab.1", vote="minor", validator="v#1", call_id="validator-call-1"),
    )
    assert audited(tmp_path, story).ok
