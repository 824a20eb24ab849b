"""Reads a run folder back. Tolerates a last line cut off by a crash and reports, rather than raises on, any
line it cannot read, so a damaged record still shows everything that was written whole. A model request
recorded as a continuation of an earlier one gets its messages back whole (``continuation.py``)."""

import hashlib
import json
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from verusagent.record.continuation import expand_requests
from verusagent.record.events import Event, parse_event
from verusagent.record.result import RunResult
from verusagent.record.runs import CANDIDATES_DIR, EVENTS_FILE, RESULT_FILE

E = TypeVar("E", bound=Event)


class LineProblem(BaseModel):
    line: int  # 1-based
    message: str
    text: str  # the start of the offending line


class RunLog(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    folder: Path
    events: list[Event]
    problems: list[LineProblem]
    event_lines: list[int] = []  # the 1-based line of each event in events.jsonl, parallel to ``events``
    truncated_tail: bool  # the last line has no newline and does not parse: a write cut off mid-line
    result: RunResult | None

    def of_kind(self, kind: str) -> list[Event]:
        return [e for e in self.events if e.kind == kind]

    def of_type(self, kind: type[E]) -> list[E]:
        return [e for e in self.events if isinstance(e, kind)]

    def candidate(self, sha256: str) -> str:
        """A stored candidate, checked against its name: an edited file is refused, not trusted."""
        text = (self.folder / CANDIDATES_DIR / f"{sha256}.rs").read_text(encoding="utf-8")
        if hashlib.sha256(text.encode("utf-8")).hexdigest() != sha256:
            raise ValueError(f"candidate {sha256[:12]} in {self.folder} was changed after it was recorded")
        return text


def _parse_line(number: int, line: str) -> Event | LineProblem:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as error:
        return LineProblem(line=number, message=f"not JSON: {error.msg}", text=line[:120])
    if not isinstance(data, dict):
        return LineProblem(line=number, message="not a JSON object", text=line[:120])
    try:
        return parse_event(data)
    except ValidationError as error:
        return LineProblem(line=number, message=f"invalid {data.get('kind')} event: {error}", text=line[:120])


def _read_result(folder: Path) -> RunResult | None:
    path = folder / RESULT_FILE
    return RunResult.model_validate_json(path.read_bytes()) if path.is_file() else None


def read_run(folder: Path) -> RunLog:
    raw = (folder / EVENTS_FILE).read_bytes().decode("utf-8", errors="replace")
    lines = raw.split("\n")
    complete, tail = lines[:-1], lines[-1]  # a file that ends in "\n" leaves an empty tail
    events: list[Event] = []
    event_lines: list[int] = []
    problems: list[LineProblem] = []
    for number, line in enumerate(complete, start=1):
        if line.strip():
            parsed = _parse_line(number, line)
            if isinstance(parsed, LineProblem):
                problems.append(parsed)
            else:
                events.append(parsed)
                event_lines.append(number)
    truncated = False
    if tail.strip():
        parsed = _parse_line(len(complete) + 1, tail)
        if isinstance(parsed, LineProblem):
            truncated = True
            parsed.message = "last line cut off (the run stopped mid-write): " + parsed.message
            problems.append(parsed)
        else:
            events.append(parsed)
            event_lines.append(len(complete) + 1)
    problems += [
        LineProblem(line=event_lines[index], message=why, text=why[:120]) for index, why in expand_requests(events)
    ]
    problems.sort(key=lambda problem: problem.line)
    return RunLog(
        folder=folder,
        events=events,
        problems=problems,
        event_lines=event_lines,
        truncated_tail=truncated,
        result=_read_result(folder),
    )
