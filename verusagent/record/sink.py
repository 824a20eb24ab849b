"""What takes a run's events: a ``RunWriter``, or anything else with ``emit`` (a test's list, a view)."""

from typing import Any, Protocol

from verusagent.record.events import Event


class EventSink(Protocol):
    def emit(self, event: Event) -> Any: ...
