"""A validator's reply: its vote, one of the judgments asked for (``verusagent.review.votes.JUDGMENTS``), as a
JSON object ``{"vote": ...}`` (or a JSON string in a code block); read strictly."""

from verusagent.reply.errors import ReplyError, ReplyReason
from verusagent.reply.jsonreply import extract_json


def vote_of(reply: str, judgments: tuple[str, ...]) -> str:
    """The vote of a reply, spelled as in ``judgments``; raises ``ReplyError`` (no_json, no_vote) when there is none."""
    value = extract_json(reply)
    if isinstance(value, dict):
        value = value.get("vote")
    word = value.strip().lower().replace(" ", "_").replace("-", "_") if isinstance(value, str) else ""
    if word not in judgments:
        raise ReplyError(ReplyReason.NO_VOTE, f"the reply's vote is none of {', '.join(judgments)}")
    return word
