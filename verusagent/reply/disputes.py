"""Disputes in a prover's reply: a ```json block ``{"disputes": [{"finding": "<id>", "reason": "..."}]}`` before
its code block. The prover prompt explains the format only when a blocking finding is there to dispute."""

from pydantic import BaseModel

from verusagent.reply.fences import fenced_blocks
from verusagent.reply.jsonreply import parse_json_text

MAX_REASON = 2000


class Dispute(BaseModel):
    finding: str
    reason: str


def parse_disputes(reply: str) -> list[Dispute]:
    """The disputes of the ```json blocks that come before the reply's first Rust block; malformed ones are
    left out (a reply that disputes nothing usable is an ordinary reply)."""
    disputes: list[Dispute] = []
    for block in fenced_blocks(reply):
        value = parse_json_text(block.text) if block.language in ("json", "") else None
        if isinstance(value, dict) and "disputes" in value:
            disputes.extend(_items(value["disputes"]))
        elif block.is_rust:
            break
    return disputes


def _items(items: object) -> list[Dispute]:
    found = []
    for item in items if isinstance(items, list) else []:
        finding = item.get("finding") if isinstance(item, dict) else None
        reason = item.get("reason") if isinstance(item, dict) else None
        if isinstance(finding, str) and isinstance(reason, str) and finding.strip() and reason.strip():
            found.append(Dispute(finding=finding.strip(), reason=reason.strip()[:MAX_REASON]))
    return found
