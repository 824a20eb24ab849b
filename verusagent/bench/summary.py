"""`DIR/summary.json`: the counts (solved + unsolved + errors + skipped = total, over the selected tasks; a task
with no result yet, after Ctrl-C or a spent `--max-total-cost`, is skipped as not run), per source, and the
medians, means and totals of what the tasks spent. It says who answered: verus or its stand-in, a model or the
scripted stand-in."""

import json
import statistics
from pathlib import Path

from verusagent.bench.jobs import TaskResult
from verusagent.bench.results import latest_by_task, read_results
from verusagent.bench.settings import BenchSettings

SUMMARY_FILE = "summary.json"
OUTCOMES = ("solved", "unsolved", "error", "skipped")
MEASURES = (
    "calls",
    "prompt_tokens",
    "completion_tokens",
    "tokens",
    "cost_usd",
    "verus_runs",
    "verus_seconds",
    "wall_s",
)
NOT_RUN = "not run (the bench stopped first: Ctrl-C or --max-total-cost; --resume runs it)"


def measure(result: TaskResult, name: str) -> float:
    if name == "tokens":
        return result.prompt_tokens + result.completion_tokens
    return getattr(result, name)


def task_rows(settings: BenchSettings, results: list[TaskResult]) -> list[TaskResult]:
    """One result per selected task, in selection order; a task with none yet is a skipped, not-run row."""
    by_task = latest_by_task(results)
    return [
        by_task.get(t.task_id)
        or TaskResult(task_id=t.task_id, source=t.source, suite=settings.suite_kind, outcome="skipped", reason=NOT_RUN)
        for t in settings.selected
    ]


def summarize(settings: BenchSettings, results: list[TaskResult]) -> dict:
    rows = task_rows(settings, results)
    ran = [r for r in rows if r.outcome != "skipped"]
    counts = {("errors" if o == "error" else o): sum(r.outcome == o for r in rows) for o in OUTCOMES}
    return {
        "suite": str(settings.suite),
        "suite_kind": settings.suite_kind,
        "mode": settings.mode,
        "oracle": settings.oracle,
        "total": len(rows),
        **counts,
        "solved_rate": counts["solved"] / len(rows) if rows else 0.0,
        "not_run": sum(r.reason == NOT_RUN for r in rows),
        "timeouts": sum(r.verdict == "timeout" for r in rows),
        "by_source": by_source(rows),
        "medians": {m: statistics.median([measure(r, m) for r in ran]) if ran else 0 for m in MEASURES},
        "means": {m: statistics.fmean([measure(r, m) for r in ran]) if ran else 0 for m in MEASURES},
        "totals": {m: sum(measure(r, m) for r in ran) for m in MEASURES},
        "guard": guard_counts(ran),
        "answered_by": answered_by(settings, ran),
    }


def by_source(rows: list[TaskResult]) -> dict[str, dict[str, int]]:
    table: dict[str, dict[str, int]] = {}
    for row in rows:
        entry = table.setdefault(row.source, {"total": 0, "solved": 0, "unsolved": 0, "errors": 0, "skipped": 0})
        entry["total"] += 1
        entry["errors" if row.outcome == "error" else row.outcome] += 1
    return dict(sorted(table.items()))


def guard_counts(ran: list[TaskResult]) -> dict:
    """The pipeline check's figures: of the runs whose candidates the guard passed, how many ended verified."""
    clean = [r for r in ran if r.guard_clean]
    return {
        "clean": len(clean),
        "clean_solved": sum(r.outcome == "solved" for r in clean),
        "flagged": sum(r.guard_clean is False for r in ran),
    }


def answered_by(settings: BenchSettings, ran: list[TaskResult]) -> dict:
    standin = {r.verus_is_standin for r in ran if r.verus_is_standin is not None}
    scripted = {r.model_is_standin for r in ran if r.model_is_standin is not None}
    versions = sorted({r.verus_version for r in ran if r.verus_version})
    return {
        "verus": _who(standin, "the verus STAND-IN (not verus: its verdicts prove nothing)", "verus"),
        "verus_is_standin": True in standin,
        "verus_versions": versions,
        "model": _who(
            scripted,
            "the scripted model (a stand-in replaying the ground truth)"
            if settings.oracle
            else "the scripted model (a stand-in)",
            settings.model or "a model",
        ),
        "model_is_standin": True in scripted,
    }


def _who(flags: set[bool], standin: str, real: str) -> str:
    if flags == {True}:
        return standin
    if flags == {False}:
        return real
    return f"mixed: some tasks {standin}, others {real}" if flags else "unknown (no task has a run record)"


def write_summary(folder: Path) -> dict:
    settings = BenchSettings.load(folder)
    summary = summarize(settings, read_results(folder))
    (folder / SUMMARY_FILE).write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return summary
