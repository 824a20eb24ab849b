"""Run records for the audit tests, written with the real ``RunWriter``.

``good_story()`` is the event sequence of an honest run that keeps every invariant; a test edits its list of
(unstamped) events to break one invariant, then ``write_story`` stamps and writes them as a run would.
"""

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from verusagent.record import (
    CallError,
    CandidateCreated,
    Event,
    GuardChecked,
    ModelReply,
    ModelRequest,
    ReviewReport,
    RunResult,
    RunStarted,
    RunStopped,
    RunVerdict,
    RunWriter,
    TokenUsage,
    VerusRun,
    sha256_text,
)

RUN_ID = "20250101-000000-a0d17e"
VERUS = "0.2026.01.10.abc1234"
BASELINE = (
    "use vstd::prelude::*;\nverus! {\nfn sum_to(n: u32) -> (r: u64)\n    ensures r == n * (n + 1) / 2,\n{\n"
    "    let mut i = 0u32;\n    let mut s = 0u64;\n    while i < n {\n        i += 1;\n        s += i as u64;\n"
    "    }\n    s\n}\n}\n"
)
INVARIANTS = "        invariant i <= n, s == i * (i + 1) / 2,\n"
PROOF = BASELINE.replace("    while i < n {\n", "    while i < n\n" + INVARIANTS + "    {\n")
BASE_SHA = sha256_text(BASELINE)
PROOF_SHA = sha256_text(PROOF)
BUDGETS = {"max_calls": 2, "max_tokens": 1000, "max_cost_usd": 0.5, "max_verus_runs": 3}


@dataclass
class Story:
    events: list[Event]
    candidates: list[str] = field(default_factory=lambda: [BASELINE, PROOF])
    result: RunResult | None = None

    def index(self, kind: str, sha256: str | None = None, nth: int = 0) -> int:
        """Position of the ``nth`` event of ``kind`` (about ``sha256`` if given)."""
        found = [
            i
            for i, e in enumerate(self.events)
            if e.kind == kind and (sha256 is None or getattr(e, "sha256", None) == sha256)
        ]
        return found[nth]

    def event(self, kind: str, sha256: str | None = None, nth: int = 0) -> Event:
        return self.events[self.index(kind, sha256, nth)]

    def change(self, kind: str, sha256: str | None = None, nth: int = 0, **fields: Any) -> None:
        position = self.index(kind, sha256, nth)
        self.events[position] = self.events[position].model_copy(update=fields)

    def move_after(self, kind: str, sha256: str, anchor_kind: str, nth: int = 0) -> None:
        """Take the first ``kind`` event on ``sha256`` out and put it after the ``nth`` ``anchor_kind`` on it."""
        moved = self.events.pop(self.index(kind, sha256))
        self.events.insert(self.index(anchor_kind, sha256, nth) + 1, moved)


def model_call(
    call_id: str, attempt: int = 1, tokens: tuple[int, int] = (400, 100), cost: float = 0.01, cached: bool = False
) -> list[Event]:
    usage = TokenUsage(prompt_tokens=tokens[0], completion_tokens=tokens[1])
    return [
        ModelRequest(
            call_id=call_id, attempt=0 if cached else attempt, model="scripted/demo", purpose="prove", cached=cached
        ),
        ModelReply(
            call_id=call_id,
            attempt=0 if cached else attempt,
            texts=["```rust\n...\n```"],
            usage=usage,
            cost_usd=cost,
            from_cache=cached,
        ),
    ]


def verus_run(sha256: str, verdict: str = "verified", **fields: Any) -> VerusRun:
    return VerusRun(**({"sha256": sha256, "verdict": verdict, "verus_version": VERUS, "duration_s": 0.8} | fields))


def finding(severity: str = "critical", status: str = "open", validated: bool = True, **fields: Any) -> dict:
    base = {
        "severity": severity,
        "location": {"unit": "fn:sum_to", "lines": [8, 10]},
        "reason": "the invariant does not bound s",
        "evidence": {"quote": "s += i as u64", "explanation": "may overflow"},
        "status": status,
        "validated": validated,
        "score": 0.9,
    }
    return base | fields


def guard_violation(**fields: Any) -> dict:
    base = {
        "rule": "escape-hatch-added",
        "severity": "error",
        "function": "fn:sum_to",
        "candidate": {"start": 120, "end": 131, "line": 8, "col": 5, "end_line": 8, "end_col": 16},
        "original": None,
        "reason": "assume(...) added",
        "evidence": {"original": "", "candidate": "assume(false)"},
    }
    return base | fields


def good_story() -> Story:
    """Baseline screened, one model call retried once, one cached call, a candidate guarded, reviewed, screened
    and accepted; every budget used up to its limit and no further."""
    rate_limited = ModelReply(
        call_id="call-1", attempt=1, error=CallError(kind="rate_limit", message="slow down", retryable=True)
    )
    events: list[Event] = [
        RunStarted(run_id=RUN_ID, command="prove sum_to.rs", budgets=BUDGETS, verus_version=VERUS),
        CandidateCreated(sha256=BASE_SHA, strategy="baseline", round=0),
        GuardChecked(sha256=BASE_SHA, clean=True),
        ReviewReport(sha256=BASE_SHA),
        verus_run(BASE_SHA, "failed", errors=1, purpose="baseline"),
        model_call("call-1")[0],
        rate_limited,
        *model_call("call-1", attempt=2),
        *model_call("call-2", cached=True),
        CandidateCreated(sha256=PROOF_SHA, strategy="invariants", round=1, parent=BASE_SHA, call_id="call-1"),
        GuardChecked(sha256=PROOF_SHA, clean=True),
        ReviewReport(sha256=PROOF_SHA, findings=[finding("gap", status="dismissed", validated=False)]),
        verus_run(PROOF_SHA, purpose="screen"),
        verus_run(PROOF_SHA, purpose="acceptance", flags=["--no-cheating"], no_cheating=True),
        verus_run(PROOF_SHA, purpose="acceptance", from_cache=True),
        RunVerdict(verdict="verified", accepted_sha256=PROOF_SHA, obligations=[{"unit": "fn:sum_to", "ok": True}]),
        RunStopped(reason="done"),
    ]
    result = RunResult(run_id=RUN_ID, verdict="verified", accepted_sha256=PROOF_SHA, stopped_reason="done")
    return Story(events=events, result=result)


def write_story(tmp_path: Path, story: Story) -> Path:
    """The story as a run folder under ``tmp_path/runs``, written the way a run writes it."""
    with RunWriter.create(tmp_path / "runs", RUN_ID) as writer:
        for text in story.candidates:
            writer.write_candidate(text)
        for event in story.events:
            writer.emit(event)
        if story.result is not None:
            writer.write_result(story.result)
    return writer.folder


def append_line(folder: Path, line: str | dict[str, Any]) -> None:
    """Hand-write a line at the end of ``events.jsonl`` (a dict as JSON plus a newline, a string as given)."""
    text = json.dumps(line) + "\n" if isinstance(line, dict) else line
    with open(folder / "events.jsonl", "a", encoding="utf-8") as handle:
        handle.write(text)


def last_event(folder: Path) -> dict[str, Any]:
    lines = (folder / "events.jsonl").read_text(encoding="utf-8").splitlines()
    return json.loads(lines[-1])
