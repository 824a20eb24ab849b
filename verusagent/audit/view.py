"""The record as the audit reads it. File order is the order of truth: ``seq`` itself may be what is broken."""

from collections.abc import Iterable
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ConfigDict

from verusagent.record.events import KNOWN_KINDS, Event, RunStarted, RunVerdict, UnknownEvent, parse_event
from verusagent.record.result import RunResult

E = TypeVar("E", bound=Event)


class RecordView(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    events: list[Event]
    folder: Path | None = None  # None: events given without their folder; stored candidates cannot be checked
    result: RunResult | None = None

    def indexed(self, kind: type[E]) -> list[tuple[int, E]]:
        return [(i, e) for i, e in enumerate(self.events) if isinstance(e, kind)]

    def on_sha(self, kind: type[E], sha256: str, before: int) -> list[tuple[int, E]]:
        """Events of ``kind`` about candidate ``sha256`` that precede position ``before`` in the file."""
        return [(i, e) for i, e in self.indexed(kind) if i < before and getattr(e, "sha256", None) == sha256]

    def session_at(self, index: int) -> RunStarted | None:
        """The ``run_started`` in force at ``index``: a ``--resume`` appends a newer one."""
        sessions = [e for i, e in self.indexed(RunStarted) if i < index]
        return sessions[-1] if sessions else None

    def accepting_verdicts(self) -> list[tuple[int, RunVerdict]]:
        return [(i, v) for i, v in self.indexed(RunVerdict) if v.verdict == "verified" and v.accepted_sha256]


def typed_events(events: Iterable[Event]) -> list[Event]:
    """Events as their own classes: a bare ``Event`` of a known kind would otherwise slip past every check.
    Raises ``ValidationError`` for such an event that does not fit its kind."""
    return [_typed(event) for event in events]


def _typed(event: Event) -> Event:
    generic = type(event) in (Event, UnknownEvent)
    if not generic or event.kind not in KNOWN_KINDS:
        return event
    return parse_event(event.model_dump(mode="json"))
