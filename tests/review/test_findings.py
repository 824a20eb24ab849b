"""Findings are checkable or dropped: the quote must be in the candidate (white space may differ)."""

import pytest

from verusagent.lens import parse
from verusagent.review.findings import Finding, check_finding, locate
from verusagent.review.units import changed_units

from tests.paths import REPO_ROOT
from tests.review.review_fakes import PROVED

TEXT = (REPO_ROOT / PROVED).read_text()
LOOP = next(u for u in changed_units(parse(TEXT), None) if u.id == "fn:find/loop#1")


def claim(**fields) -> dict:
    return {"severity": "critical", "reason": "r", "quote": "v@ == start,", "evidence": "e", "check": "logic"} | fields


def test_a_quote_is_found_across_white_space_and_located_in_lines() -> None:
    start, end = locate(TEXT, "invariant   i <= v.len(),")
    assert TEXT.encode()[start:end].decode() == "invariant\n            i <= v.len(),"
    finding = check_finding(claim(quote="`invariant i <= v.len(),`"), LOOP, TEXT, "ab.1")
    assert isinstance(finding, Finding)
    first = TEXT.splitlines().index("        invariant") + 1
    assert finding.location == {"unit": "fn:find/loop#1", "lines": [first, first + 1]}
    assert finding.evidence.quote == "invariant i <= v.len()," and finding.evidence.explanation == "e"


def test_a_quote_outside_the_unit_is_found_in_the_candidate() -> None:
    finding = check_finding(claim(quote="absent(s, k, upto),"), LOOP, TEXT, "ab.2")
    assert isinstance(finding, Finding) and finding.location["unit"] == "fn:find/loop#1"
    assert TEXT.splitlines()[finding.location["lines"][0] - 1].strip() == "absent(s, k, upto),"


@pytest.mark.parametrize(
    ("item", "reason"),
    [
        (claim(quote="i < v.len() + 7"), "the quoted evidence is not in the candidate"),
        (claim(quote="i"), "no quote of the candidate's code to check (at least 3 characters)"),
        (claim(quote=None), "no quote of the candidate's code to check (at least 3 characters)"),
        (claim(severity="fatal"), "severity must be one of critical, gap, not 'fatal'"),
        (claim(check="vibes"), "check must be one of scope, depend, compute, logic, not 'vibes'"),
        (claim(reason="  "), "no reason"),
        (["a list"], "not a JSON object"),
    ],
)
def test_a_finding_that_cannot_be_checked_is_dropped(item, reason: str) -> None:
    dropped = check_finding(item, LOOP, TEXT, "ab.3")
    assert not isinstance(dropped, Finding) and dropped.reason == reason


def test_case_and_the_nested_evidence_form_are_accepted() -> None:
    item = {
        "severity": "Critical",
        "reason": "r",
        "check": "DEPEND",
        "evidence": {"quote": "v@ == start,", "explanation": "unchanged"},
    }
    finding = check_finding(item, LOOP, TEXT, "ab.4")
    assert isinstance(finding, Finding) and (finding.severity, finding.check) == ("critical", "depend")
    assert finding.evidence.explanation == "unchanged"
