"""JSON out of a model's reply (the review's findings and votes): a ```json block, any block that parses,
or the first JSON object or array in the prose."""

import json
from typing import Any

from pydantic import BaseModel

from verusagent.edit.fences import fenced_blocks


class JsonFailure(BaseModel):
    reason: str  # "no_json"
    detail: str


def _loads(text: str) -> tuple[bool, Any]:
    try:
        return True, json.loads(text)
    except json.JSONDecodeError:
        return False, None


def parse_json_text(text: str) -> Any | None:
    """The JSON value of ``text``, or None when it is not JSON."""
    ok, value = _loads(text)
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


def extract_json(reply: str) -> Any | JsonFailure:
    blocks = fenced_blocks(reply)
    ordered = [b for b in blocks if b.language == "json"] + [b for b in blocks if b.language != "json"]
    for block in ordered:
        ok, value = _loads(block.text)
        if ok:
            return value
    ok, value = _first_in_prose(reply)
    if ok:
        return value
    return JsonFailure(reason="no_json", detail="The reply held no valid JSON: reply with one ```json block.")
