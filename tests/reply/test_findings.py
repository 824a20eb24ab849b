"""The review proposer's findings: a JSON array, or an object holding one under `findings` or `errors`, or one
finding alone; anything else is a reply error."""

import json
from typing import get_args

import pytest

from verusagent.reply import ReplyError, ReplyReason, findings_of
from verusagent.reply.findings import (
    CHECKS,
    SEVERITIES,
    Dropped,
    ProposedFinding,
    proposed_finding,
    proposed_findings,
)


@pytest.mark.parametrize(
    ("reply", "items"),
    [
        ('```json\n[{"reason": "a"}]\n```', [{"reason": "a"}]),
        ('{"findings": [{"reason": "b"}]}', [{"reason": "b"}]),
        ('{"errors": []}', []),
        ('{"reason": "alone", "severity": "gap"}', [{"reason": "alone", "severity": "gap"}]),
    ],
)
def test_findings_are_read_in_every_shape(reply: str, items: list) -> None:
    assert findings_of(reply) == items


@pytest.mark.parametrize(
    ("reply", "reason"),
    [("no findings, sorry", ReplyReason.NO_JSON), ('{"verdict": "fine"}', ReplyReason.NOT_FINDINGS)],
)
def test_a_reply_without_a_list_of_findings_is_a_reply_error(reply: str, reason: ReplyReason) -> None:
    with pytest.raises(ReplyError) as failure:
        findings_of(reply)
    assert failure.value.reason == reason and failure.value.detail


def item(**fields: object) -> dict:
    return {"severity": "critical", "reason": "r", "quote": "v@ == start,", "evidence": "e", "check": "logic"} | fields


def test_an_item_is_read_into_a_typed_proposed_finding() -> None:
    found = proposed_finding(item(severity=" Critical ", check="DEPEND", reason="  the step fails "))
    assert isinstance(found, ProposedFinding)
    assert (found.severity, found.check, found.reason) == ("critical", "depend", "the step fails")
    assert (found.quote, found.explanation) == ("v@ == start,", "e")
    assert found.written == item(severity=" Critical ", check="DEPEND", reason="  the step fails ")


@pytest.mark.parametrize(
    ("written", "quote", "explanation"),
    [
        (item(quote="`invariant i <= v.len(),`"), "invariant i <= v.len(),", "e"),
        (item(quote="```\n  x + 1 < y\n```"), "x + 1 < y", "e"),
        (item(quote=None, evidence={"quote": "v@ == start,", "explanation": "unchanged"}), "v@ == start,", "unchanged"),
        (item(quote=None, evidence={"quote": " s.len() ", "fact": "  overflows "}), "s.len()", "overflows"),
        (item(evidence=None), "v@ == start,", ""),
    ],
)
def test_the_quote_is_unfenced_and_may_sit_in_the_evidence(written: dict, quote: str, explanation: str) -> None:
    found = proposed_finding(written)
    assert isinstance(found, ProposedFinding) and (found.quote, found.explanation) == (quote, explanation)


@pytest.mark.parametrize(
    ("written", "reason"),
    [
        (item(severity="fatal"), "severity must be one of critical, gap, not 'fatal'"),
        (item(severity=None), "severity must be one of critical, gap, not None"),
        (item(check="vibes"), "check must be one of scope, depend, compute, logic, not 'vibes'"),
        (item(reason="  "), "no reason"),
        (item(reason=7), "no reason"),
        ({k: v for k, v in item().items() if k != "reason"}, "no reason"),
        (item(quote="i;"), "no quote of the candidate's code to check (at least 3 characters)"),
        (item(quote="` ; `"), "no quote of the candidate's code to check (at least 3 characters)"),
        (
            item(quote=None, evidence={"explanation": "x"}),
            "no quote of the candidate's code to check (at least 3 characters)",
        ),
        (["a list"], "not a JSON object"),
    ],
)
def test_an_item_that_does_not_parse_is_a_typed_rejection(written: object, reason: str) -> None:
    found = proposed_finding(written)
    assert isinstance(found, Dropped) and found.reason == reason


def test_a_rejection_keeps_the_item_as_written_cut_for_the_record() -> None:
    long = "x" * 500
    found = proposed_finding(item(severity="fatal", reason=long, **{f"k{n}": n for n in range(20)}))
    assert isinstance(found, Dropped) and len(found.finding) == 12
    assert found.finding["reason"] == "x" * 400 + "..."
    assert proposed_finding([1, 2]) == Dropped(finding={"value": "[1, 2]"}, reason="not a JSON object")


def test_the_vocabulary_is_the_typed_fields() -> None:
    assert SEVERITIES == ("critical", "gap") and CHECKS == ("scope", "depend", "compute", "logic")
    assert get_args(ProposedFinding.model_fields["severity"].annotation) == SEVERITIES
    assert get_args(ProposedFinding.model_fields["check"].annotation) == CHECKS


def test_every_item_of_a_reply_is_read() -> None:
    reply = '```json\n[{"reason": "a"}, ' + json.dumps(item()) + "]\n```"
    first, second = proposed_findings(reply)
    assert isinstance(first, Dropped) and isinstance(second, ProposedFinding)
