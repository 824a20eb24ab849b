"""Labels for calibration: (score, valid) pairs read from JSONL files and from shadow-mode run records.

**JSONL files**: one JSON object per line (blank lines are skipped)::

    {"score": 0.6667, "valid": false, "verus_s": 41.2, "votes": ["substantial", "substantial", "minor"]}

``score`` (a number in [0, 1]) and ``valid`` (true when verus verified the candidate) are required; ``verus_s``
(seconds of the candidate's verus run, >= 0) and ``votes`` are optional; other keys are ignored. ``votes`` is
either one finding's list of judgments or a list of such lists, one per finding (``[]``: no finding, score 0);
a judgment is ``"substantial"``, ``"minor"``, ``"not_real"``, or 1/0/true/false (substantial or not). With
votes, the score must agree with them (the largest substantial fraction, within 0.005 for rounding) and the
exact fraction is used.

**Run folders** (``.verusagent/runs/<id>/``, its ``events.jsonl``, a folder of runs, a run id or ``latest``):
one label per candidate with a ``review_report`` event whose ``mode`` is ``"shadow"``, paired with a
``verus_run`` on the same ``sha256``. The review must emit, for calibration to read:

- ``mode="shadow"``: every changed unit reviewed, nothing blocked. Reports of other modes are ignored: there
  the gate blocked candidates, so the ones that reached verus are a biased sample.
- ``score``: the candidate's score, the largest unit score (``votes.score_of``), 0.0 with no finding; required
  on a shadow report.
- on each finding that took part in the score, ``votes``: its validators' judgments in the order cast.
  Findings without ``votes`` (dropped before validation) are left out; when some finding carries votes, the
  votes must reproduce ``score``. A report with no finding at all resamples as score 0.

The verus run paired with a report is the first ``purpose="screen"`` run not answered from the cache, else the
first run not from the cache, else the first cached one. Its verdict ``verified`` (or ``verified_partial``, a
``--verify-function`` screening success) makes the label valid; ``failed``, ``frontend_rejected``,
``did_not_compile`` and ``timeout`` make it invalid; ``tool_failure`` says nothing about the candidate and the
report is skipped. ``verus_s`` is the run's ``duration_s`` (0.0 for a cached answer: rejecting it saves no
verus time). A label whose verdict came from the verus stand-in is marked ``standin``. A candidate reviewed
twice in shadow mode gives one label (the first report).

Malformed input raises ``LabelError`` naming the file and the line; a run's last line cut off by a crash is
tolerated (the record reader sets it aside), any other unreadable line is malformed.
"""

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, ValidationError

from verusagent.choices import DEFAULT_RUNS_DIR
from verusagent.record.events import ReviewReport, VerusRun
from verusagent.record.reader import RunLog, read_run
from verusagent.record.runs import EVENTS_FILE, RunNotFound, resolve_run
from verusagent.review.votes import VoteError, finding_votes, score_of

ROUNDING_TOLERANCE = 0.005  # a score written with two decimals still matches its votes
RECORD_TOLERANCE = 1e-6  # the review writes the exact fraction
VALID_VERDICTS = frozenset({"verified", "verified_partial"})
INVALID_VERDICTS = frozenset({"failed", "frontend_rejected", "did_not_compile", "timeout"})


class LabelError(ValueError):
    def __init__(self, path: Path | str, line: int | None, message: str):
        self.path, self.line, self.message = str(path), line, message
        super().__init__(f"{path}:{line}: {message}" if line is not None else f"{path}: {message}")


class Label(BaseModel):
    score: float
    valid: bool
    verus_s: float | None = None
    votes: list[tuple[bool, ...]] | None = None  # per finding; None: no per-vote data
    standin: bool = False  # the verdict is the verus stand-in's, not verus's
    source: str  # file:line


class Skip(BaseModel):
    source: str
    reason: str


class LabelSet(BaseModel):
    labels: list[Label] = Field(default_factory=list)
    skipped: list[Skip] = Field(default_factory=list)
    sources: list[str] = Field(default_factory=list)  # each file and run folder read


class LabelRow(BaseModel):
    model_config = ConfigDict(extra="ignore")

    score: float = Field(strict=True, ge=0.0, le=1.0, allow_inf_nan=False)
    valid: StrictBool
    verus_s: float | None = Field(default=None, strict=True, ge=0.0, allow_inf_nan=False)
    votes: list[Any] | None = None


def normalise_votes(raw: list[Any]) -> list[tuple[bool, ...]]:
    """One finding's votes, or a list of findings' votes, as per-finding tuples of bools."""
    if raw and all(isinstance(item, list) for item in raw):
        return [finding_votes(item) for item in raw]
    if any(isinstance(item, list) for item in raw):
        raise VoteError("votes mix lists and single judgments: give one list, or one list per finding")
    return [finding_votes(raw)] if raw else []


def reconcile(score: float, votes: list[tuple[bool, ...]], tolerance: float) -> float:
    """The exact score the votes give, provided the stated score agrees with it."""
    exact = score_of(votes)
    if abs(exact - score) > tolerance:
        count = max(votes, key=lambda v: sum(v) / len(v)) if votes else ()
        detail = f"{sum(count)} of {len(count)} substantial" if votes else "no finding"
        raise VoteError(f"score {score:g} does not match its votes ({detail} gives {exact:.4g})")
    return exact


def read_labels(refs: list[str], runs_dir: Path = DEFAULT_RUNS_DIR) -> LabelSet:
    """All labels of the LABELS arguments: JSONL files, run folders, folders of runs, run ids."""
    merged = LabelSet()
    seen: set[str] = set()
    read: set[Path] = set()  # a file or run named twice (a path and "latest", say) counts once
    for ref in refs:
        for kind, path in _resolve(ref, runs_dir):
            if path.resolve() in read:
                continue
            read.add(path.resolve())
            part = read_jsonl(path) if kind == "jsonl" else read_run_labels(path, seen)
            merged.labels.extend(part.labels)
            merged.skipped.extend(part.skipped)
            merged.sources.extend(part.sources)
    return merged


def _resolve(ref: str, runs_dir: Path) -> list[tuple[str, Path]]:
    path = Path(ref)
    if path.is_file():
        return [("run", path.parent)] if path.name == EVENTS_FILE else [("jsonl", path)]
    if (path / EVENTS_FILE).is_file():
        return [("run", path)]
    if path.is_dir():
        runs = sorted(child for child in path.iterdir() if (child / EVENTS_FILE).is_file())
        if not runs:
            raise LabelError(path, None, f"a folder with no {EVENTS_FILE} and no run folders in it")
        return [("run", run) for run in runs]
    try:
        return [("run", resolve_run(ref, runs_dir))]
    except RunNotFound as error:
        raise LabelError(ref, None, f"no such file or run folder, and not a run id ({error})") from error


def read_jsonl(path: Path) -> LabelSet:
    labels = LabelSet(sources=[str(path)])
    for number, row in _json_rows(path):
        labels.labels.append(_row_label(path, number, row))
    return labels


def _json_rows(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    try:
        handle = open(path, "rb")  # noqa: SIM115 - opened apart from the `with`: its failure is this file's error
    except OSError as error:
        raise LabelError(path, None, f"cannot read: {error.strerror or error}") from error
    with handle:
        for number, raw in enumerate(handle, start=1):
            row = _json_object(path, number, raw)
            if row is not None:
                yield number, row


def _json_object(path: Path, number: int, raw: bytes) -> dict[str, Any] | None:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LabelError(path, number, f"not UTF-8 (byte {error.start})") from error
    if not text.strip():
        return None
    try:
        row = json.loads(text)
    except json.JSONDecodeError as error:
        raise LabelError(path, number, f"not JSON: {error.msg} at column {error.colno}") from error
    if not isinstance(row, dict):
        raise LabelError(path, number, f"not a JSON object but {type(row).__name__}")
    return row


def _row_label(path: Path, number: int, row: dict[str, Any]) -> Label:
    try:
        parsed = LabelRow.model_validate(row)
        votes = normalise_votes(parsed.votes) if parsed.votes is not None else None
        score = reconcile(parsed.score, votes, ROUNDING_TOLERANCE) if votes is not None else parsed.score
    except ValidationError as error:
        raise LabelError(path, number, _first_problem(error)) from error
    except VoteError as error:
        raise LabelError(path, number, str(error)) from error
    return Label(score=score, valid=parsed.valid, verus_s=parsed.verus_s, votes=votes, source=f"{path}:{number}")


def _first_problem(error: ValidationError) -> str:
    problem = error.errors()[0]
    field = ".".join(str(part) for part in problem["loc"]) or "row"
    return f"{field}: {problem['msg']} (got {problem.get('input')!r})"


def read_run_labels(folder: Path, seen: set[str] | None = None) -> LabelSet:
    """The shadow-mode labels of one run; ``seen`` (sha256s already labelled) keeps one label per candidate."""
    seen = set() if seen is None else seen
    events_file = folder / EVENTS_FILE
    try:
        log = read_run(folder)
    except (OSError, ValueError) as error:
        raise LabelError(events_file, None, f"cannot read the run record: {error}") from error
    _refuse_damage(log, events_file)
    labels = LabelSet(sources=[str(folder)])
    runs = _verus_runs_by_sha(log)
    for event, line in zip(log.events, log.event_lines, strict=True):
        if isinstance(event, ReviewReport) and event.mode == "shadow":
            source = f"{events_file}:{line}"
            if event.sha256 in seen:
                labels.skipped.append(Skip(source=source, reason="candidate already labelled by an earlier report"))
                continue
            outcome = _pair(event, events_file, line, runs.get(event.sha256, []))
            if isinstance(outcome, Skip):
                labels.skipped.append(outcome)
            else:
                seen.add(event.sha256)
                labels.labels.append(outcome)
    return labels


def _refuse_damage(log: RunLog, events_file: Path) -> None:
    for problem in log.problems:
        cut_tail = log.truncated_tail and problem is log.problems[-1]
        if not cut_tail:
            raise LabelError(events_file, problem.line, problem.message)


def _verus_runs_by_sha(log: RunLog) -> dict[str, list[VerusRun]]:
    runs: dict[str, list[VerusRun]] = {}
    for event in log.events:
        if isinstance(event, VerusRun):
            runs.setdefault(event.sha256, []).append(event)
    return runs


def preferred_run(runs: list[VerusRun]) -> VerusRun | None:
    """A fresh screening run, else any fresh run, else a cached one (first in file order of each)."""
    acceptable: Callable[[VerusRun], bool]
    for acceptable in (
        lambda r: r.purpose == "screen" and not r.from_cache,
        lambda r: not r.from_cache,
        lambda r: True,
    ):
        chosen = next((run for run in runs if acceptable(run)), None)
        if chosen is not None:
            return chosen
    return None


def _pair(report: ReviewReport, events_file: Path, line: int, runs: list[VerusRun]) -> Label | Skip:
    source = f"{events_file}:{line}"
    if report.score is None:
        raise LabelError(events_file, line, "a shadow-mode review_report must carry the candidate's score")
    run = preferred_run(runs)
    if run is None:
        return Skip(source=source, reason="no verus run on the candidate (the run stopped before it?)")
    if run.verdict not in VALID_VERDICTS | INVALID_VERDICTS:
        return Skip(source=source, reason=f"verus verdict {run.verdict} says nothing about the candidate")
    try:
        votes, score = _report_votes(report, report.score)
    except VoteError as error:
        raise LabelError(events_file, line, str(error)) from error
    return Label(
        score=score,
        valid=run.verdict in VALID_VERDICTS,
        verus_s=0.0 if run.from_cache else run.duration_s,
        votes=votes,
        standin=run.is_standin,
        source=source,
    )


def _report_votes(report: ReviewReport, score: float) -> tuple[list[tuple[bool, ...]] | None, float]:
    votes = [finding_votes(f["votes"]) for f in report.findings if isinstance(f, dict) and "votes" in f]
    if not votes and report.findings:
        return None, score  # findings without per-vote data: the score stands, no resampling
    return votes, reconcile(score, votes, RECORD_TOLERANCE)
