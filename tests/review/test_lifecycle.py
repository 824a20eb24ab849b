"""A finding's life: open, then resolved (its unit changed and was not confirmed again, or verus verified its
function unchanged) or dismissed (disputed and judged not real by another validator), releasing its candidate."""

from verusagent.lens import parse
from verusagent.review.findings import Finding, Quote
from verusagent.review.lifecycle import FindingBook
from verusagent.review.reviewer import ReviewOutcome, UnitResult

from tests.paths import REPO_ROOT
from tests.review.review_fakes import BASE, PROVED

BEFORE, AFTER = (REPO_ROOT / BASE).read_text(), (REPO_ROOT / PROVED).read_text()
CHANGED = AFTER.replace("            v@ == start,\n", "            v@ == start,\n            i >= 0,\n")


def blocking(fid: str = "aa.1", unit: str = "fn:find/loop#1") -> Finding:
    return Finding(
        id=fid,
        unit=unit,
        unit_kind="loop",
        severity="critical",
        location={"unit": unit, "lines": [80, 80]},
        reason="r",
        evidence=Quote(quote="v@ == start,"),
        check="logic",
        votes=["substantial"] * 3,
        validators=["v#1", "v#2", "v#3"],
        score=1.0,
        validated=True,
    )


def blocked_outcome(*findings: Finding) -> ReviewOutcome:
    return ReviewOutcome(
        mode="on",
        findings=list(findings),
        blocked=True,
        rejects=True,
        units=[UnitResult(id=f.unit, kind="loop", score=1.0, findings=[f.id]) for f in findings],
    )


def book_with(finding: Finding, strategy: str = "invariants") -> FindingBook:
    book = FindingBook()
    book.add(strategy, "sha-a", AFTER, parse(AFTER), blocked_outcome(finding))
    return book


def test_a_later_candidate_that_changes_the_unit_without_confirming_it_resolves_it() -> None:
    book = book_with(blocking())
    clean = ReviewOutcome(mode="on", units=[UnitResult(id="fn:find/loop#1", kind="loop")])
    assert book.resolve_changed("other", "sha-b", parse(CHANGED), clean) == []  # another strategy's candidate
    assert book.resolve_changed("invariants", "sha-b", parse(AFTER), clean) == []  # the unit did not change
    [change] = book.resolve_changed("invariants", "sha-b", parse(CHANGED), clean)
    assert change.status == "resolved" and "did not confirm" in change.reason and book.open_findings() == []


def test_a_confirmed_or_unreviewed_unit_keeps_the_finding_open() -> None:
    book = book_with(blocking())
    confirmed = blocked_outcome(blocking("bb.1"))
    assert book.resolve_changed("invariants", "sha-b", parse(CHANGED), confirmed) == []
    unreviewed = ReviewOutcome(mode="on", units=[])
    assert book.resolve_changed("invariants", "sha-c", parse(CHANGED), unreviewed) == []
    assert [t.finding.id for t in book.open_findings()] == ["aa.1"]


def test_verus_verifying_the_function_unchanged_resolves_it() -> None:
    book = book_with(blocking())
    assert book.resolve_verified("sha-b", parse(CHANGED), set()) == []  # the function differs there
    assert book.resolve_verified("sha-a", parse(AFTER), {"fn:find"}) == []  # verus failed in it
    assert book.resolve_verified("sha-a", parse(AFTER), None) == []  # an error outside any function
    [change] = book.resolve_verified("sha-a", parse(AFTER), {"fn:sorted"})
    assert change.status == "resolved" and "verus verified fn:find" in change.reason


def test_a_dismissal_releases_the_candidate_once_no_blocking_finding_is_left() -> None:
    first, second = blocking("aa.1"), blocking("aa.2", "fn:find")
    book = FindingBook()
    book.add("invariants", "sha-a", AFTER, parse(AFTER), blocked_outcome(first, second))
    assert [f.id for f in book.for_prompt("invariants", 6)] == ["aa.1", "aa.2"] and book.for_prompt("other", 6) == []
    tracked = book.disputable("invariants", "aa.1")
    change, released = book.dismiss(tracked, "v#9")
    assert change.status == "dismissed" and change.by == "v#9" and change.confirmed_by == ["v#1", "v#2", "v#3"]
    assert released is None
    _, released = book.dismiss(book.disputable("invariants", "aa.2"), "v#10")
    assert released == "sha-a" and book.for_prompt("invariants", 6) == []


def test_what_cannot_be_disputed_says_why() -> None:
    book = book_with(blocking())
    assert "no finding nope" in book.disputable("invariants", "nope")
    assert "no finding aa.1" in book.disputable("other", "aa.1")
    book.disputable("invariants", "aa.1").disputed = True
    assert "disputed before" in book.disputable("invariants", "aa.1")
