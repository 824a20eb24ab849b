"""The run record: ``.verusagent/runs/<id>/`` with ``events.jsonl``, ``candidates/<sha256>.rs``, ``result.json``."""

from verusagent.record.events import (
    CallError,
    CandidateCreated,
    Event,
    GuardReport,
    ModelReply,
    ModelRequest,
    ReviewReport,
    RunStarted,
    RunStopped,
    ScreeningPlanned,
    SessionEnded,
    SessionStarted,
    TokenUsage,
    ToolCalled,
    ToolResult,
    UnknownEvent,
    Verdict,
    VerusRun,
    parse_event,
)
from verusagent.record.reader import LineProblem, RunLog, read_run
from verusagent.record.result import RunResult, Spend
from verusagent.record.runs import DEFAULT_RUNS_DIR, RunNotFound, new_run_id, resolve_run
from verusagent.record.summary import spend_of
from verusagent.record.writer import RunWriter, sha256_text

__all__ = [
    "CallError",
    "CandidateCreated",
    "DEFAULT_RUNS_DIR",
    "Event",
    "GuardReport",
    "LineProblem",
    "ModelReply",
    "ModelRequest",
    "ReviewReport",
    "RunLog",
    "RunNotFound",
    "RunResult",
    "RunStarted",
    "RunStopped",
    "RunWriter",
    "ScreeningPlanned",
    "SessionEnded",
    "SessionStarted",
    "Spend",
    "TokenUsage",
    "ToolCalled",
    "ToolResult",
    "UnknownEvent",
    "Verdict",
    "VerusRun",
    "new_run_id",
    "parse_event",
    "read_run",
    "resolve_run",
    "sha256_text",
    "spend_of",
]
