"""JSON in a reply: a ```json block first, then any block that parses, then the first value in the prose."""

import pytest

from verusagent.reply import ReplyError, ReplyReason
from verusagent.reply.jsonreply import extract_json, parse_json_text

JSON_REPLIES = {
    "json block": ('Findings:\n```json\n[{"severity": "critical"}]\n```', [{"severity": "critical"}]),
    "unlabelled block": ('```\n{"vote": "minor"}\n```', {"vote": "minor"}),
    "inline in prose": (
        'My vote: {"vote": "not_real", "justification": "x {y}"} done',
        {"vote": "not_real", "justification": "x {y}"},
    ),
    "empty list": ("```json\n[]\n```", []),
    "json block wins over others": ('```\nnot json\n```\n```json\n{"a": 1}\n```', {"a": 1}),
}


@pytest.mark.parametrize(("reply", "expected"), JSON_REPLIES.values(), ids=JSON_REPLIES.keys())
def test_json_replies(reply, expected):
    assert extract_json(reply) == expected


def test_no_json_is_a_reply_error():
    with pytest.raises(ReplyError) as failure:
        extract_json("I could not find any errors {really")
    assert failure.value.reason == ReplyReason.NO_JSON and "```json" in failure.value.detail


def test_text_that_is_not_json_is_none():
    assert parse_json_text('{"a": [1, 2]}') == {"a": [1, 2]} and parse_json_text("{a") is None
