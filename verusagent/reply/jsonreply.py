"""JSON out of a model's reply (the review's findings and votes, disputes, text tool calls): a ```json block,
any block that parses, or the first JSON object or array in the prose."""

import json
from typing import Any

from verusagent.reply.errors import ReplyError, ReplyReason
from verusagent.reply.fences import fenced_blocks

NO_JSON = "The reply held no valid JSON: reply with one ```json block."


def parsed(text: str) -> tuple[bool, Any]:
    """Whether ``text`` is JSON, and its value."""
    try:
        return True, json.loads(text)
    except ValueError:
        return False, None


def parse_json_text(text: str) -> Any | None:
    """The JSON value of ``text``, or None when it is not JSON."""
    ok, value = parsed(text)
    return value if ok else None


def _first_in_prose(reply: str) -> tuple[bool, Any]:
    decoder = json.JSONDecoder()
    for index, char in enumerate(reply):
        if char in "{[":
            try:
                return True, decoder.raw_decode(reply, index)[0]
            except json.JSONDecodeError:
                continue
    return False, None


def extract_json(reply: str) -> Any:
    """The reply's JSON value; raises ``ReplyError`` (no_json) when it holds none."""
    blocks = fenced_blocks(reply)
    ordered = [b for b in blocks if b.language == "json"] + [b for b in blocks if b.language != "json"]
    for block in ordered:
        ok, value = parsed(block.text)
        if ok:
            return value
    ok, value = _first_in_prose(reply)
    if ok:
        return value
    raise ReplyError(ReplyReason.NO_JSON, NO_JSON)
