"""The review proposer's reply: its proposed findings, a JSON array or an object holding one. The findings are
checked against the candidate by the review (``verusagent.review.findings``); here they are only read."""

from typing import Any

from verusagent.reply.errors import ReplyError, ReplyReason
from verusagent.reply.jsonreply import extract_json

NOT_FINDINGS = "the reply's JSON is not a list of findings"


def proposed_items(value: Any) -> list[Any] | None:
    """The list of proposed findings in a parsed reply: a JSON array, or an object holding one."""
    if isinstance(value, list):
        return value
    if isinstance(value, dict):
        for key in ("findings", "errors"):
            items = value.get(key)
            if isinstance(items, list):
                return items
        if "reason" in value:
            return [value]
    return None


def findings_of(reply: str) -> list[Any]:
    """The proposed findings of a reply; raises ``ReplyError`` (no_json, not_findings) when there is no list."""
    items = proposed_items(extract_json(reply))
    if items is None:
        raise ReplyError(ReplyReason.NOT_FINDINGS, NOT_FINDINGS)
    return items
