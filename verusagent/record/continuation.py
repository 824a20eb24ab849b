"""Model requests recorded as continuations. An agent session sends the whole conversation on every turn; a
request whose messages begin with all the messages of the previous request of the same purpose is written with
only the messages after them and a reference to that request (its seq, their count, their digest), so that a
record grows with each turn's new messages, not with the square of the turns. Reading puts the messages back
whole and checks the reference; a broken one is reported as a problem of its line, not trusted.

The digest is chained (each message's canonical JSON hashed onto the digest before it), so that the reader
extends it by a request's new messages alone and stays linear in the record's size.
"""

import hashlib
import json
from typing import Any

from verusagent.record.events import Event, MessagesPrefix, ModelRequest

EMPTY_DIGEST = hashlib.sha256(b"").hexdigest()
KEPT_PURPOSES = 32  # the last request of this many purposes (sessions, review calls) is kept for continuing
Message = dict[str, Any]


def messages_digest(messages: list[Message], start: str = EMPTY_DIGEST) -> str:
    digest = start
    for message in messages:
        canonical = json.dumps(message, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        digest = hashlib.sha256(f"{digest}\0{canonical}".encode()).hexdigest()
    return digest


class _Recorded:
    def __init__(self, seq: int, messages: list[Message], digest: str):
        self.seq, self.messages, self.digest = seq, messages, digest


class RequestCompactor:
    """The writer's side: remembers the last request of each purpose, whose messages a next one may continue."""

    def __init__(self) -> None:
        self._last: dict[str, _Recorded] = {}

    def compact(self, payload: dict[str, Any]) -> tuple[dict[str, Any], _Recorded | None]:
        """The payload (a model_request as written) with its recorded prefix replaced by a reference, and what
        to remember once the line is written (None: a retry's empty messages, which continue nothing)."""
        messages: list[Message] = payload.get("messages") or []
        if not messages:
            return payload, None
        earlier = self._last.get(payload.get("purpose", ""))
        if earlier is None or not _begins_with(messages, earlier.messages):
            return payload, _Recorded(payload["seq"], messages, messages_digest(messages))
        new = messages[len(earlier.messages) :]
        prefix = MessagesPrefix(seq=earlier.seq, count=len(earlier.messages), sha256=earlier.digest)
        written = payload | {"messages": new, "continues": prefix.model_dump()}
        return written, _Recorded(payload["seq"], messages, messages_digest(new, earlier.digest))

    def remember(self, payload: dict[str, Any], recorded: _Recorded | None) -> None:
        """After the line is on disk: a request whose line was cut off (Ctrl-C) is never referred to."""
        if recorded is None:
            return
        purpose = payload.get("purpose", "")
        self._last.pop(purpose, None)
        self._last[purpose] = recorded
        if len(self._last) > KEPT_PURPOSES:  # sessions that ended long ago are continued no more
            del self._last[next(iter(self._last))]


def _begins_with(messages: list[Message], prefix: list[Message]) -> bool:
    return 0 < len(prefix) <= len(messages) and messages[: len(prefix)] == prefix


def expand_requests(events: list[Event]) -> list[tuple[int, str]]:
    """Puts each continued request's messages back whole, in place; returns (index, why) for each reference
    that does not hold (that request keeps only its own messages)."""
    whole: dict[int, _Recorded] = {}
    unresolved: set[int] = set()
    problems = []
    for index, event in enumerate(events):
        if not isinstance(event, ModelRequest) or not (event.messages or event.continues):
            continue  # a retry: its messages are its first attempt's
        prefix = event.continues
        earlier = whole.get(prefix.seq) if prefix is not None else None
        why = _broken(event, earlier, unresolved)
        if why:
            problems.append((index, why))
            unresolved.add(event.seq)
            continue
        messages = [*earlier.messages, *event.messages] if earlier else event.messages
        start = earlier.digest if earlier else EMPTY_DIGEST
        whole[event.seq] = _Recorded(event.seq, messages, messages_digest(event.messages, start))
        events[index] = event.model_copy(update={"messages": messages})
    return problems


def _broken(event: ModelRequest, earlier: _Recorded | None, unresolved: set[int]) -> str | None:
    prefix = event.continues
    if prefix is None:
        return None
    where = f"model_request #{event.seq} continues the messages of model_request #{prefix.seq}"
    if prefix.seq in unresolved:
        return f"{where}, whose own messages could not be put back whole"
    if earlier is None:
        return f"{where}, which is not an earlier request of the record"
    if prefix.count != len(earlier.messages) or prefix.sha256 != earlier.digest:
        return (
            f"{where}, whose messages differ from what it says ({prefix.count} messages, digest "
            f"{prefix.sha256[:12]}): the record was changed"
        )
    return None
