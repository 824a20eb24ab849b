"""The review proposer's findings: a JSON array, or an object holding one under `findings` or `errors`, or one
finding alone; anything else is a reply error."""

import pytest

from verusagent.reply import ReplyError, ReplyReason, findings_of


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
