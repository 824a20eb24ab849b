"""A validator's vote, read strictly: one of the judgments asked for, or a reply error."""

import pytest

from verusagent.reply import ReplyError, ReplyReason
from verusagent.reply.votes import vote_of
from verusagent.review.votes import JUDGMENTS


@pytest.mark.parametrize(
    ("reply", "vote"),
    [
        ('{"vote": "substantial"}', "substantial"),
        ('```json\n{"vote": "Not Real"}\n```', "not_real"),
        ('I checked. {"vote": "minor", "justification": "proved automatically"} Done.', "minor"),
        ('"minor"', None),
        ('{"vote": "maybe"}', None),
        ("no json", None),
        ('{"verdict": "minor"}', None),
    ],
)
def test_votes_are_read_strictly(reply: str, vote: str | None) -> None:
    if vote is not None:
        assert vote_of(reply, JUDGMENTS) == vote
        return
    with pytest.raises(ReplyError) as failure:
        vote_of(reply, JUDGMENTS)
    assert failure.value.reason in (ReplyReason.NO_JSON, ReplyReason.NO_VOTE)
