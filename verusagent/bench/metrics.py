"""A task's results line, from what its process left: the exit code, the outcome, the run record.

Only the model can leave a task unsolved: a task whose process crashed, whose model calls failed, or on which
verus never gave a verdict (it crashed or hung on every run) is an error, with the reason; a task stopped at its
wall-clock limit is unsolved with the verdict `timeout`.
"""

from pydantic import BaseModel

from verusagent.audit.findings import blocks_verus
from verusagent.bench.jobs import Outcome, TaskJob, TaskResult
from verusagent.commands.exits import EXIT_INTERRUPTED, EXIT_USAGE, EXIT_VERUS
from verusagent.llm.health import MODEL_STOP_REASONS
from verusagent.record import GuardChecked, Prechecked, ReviewReport, RunLog, RunStarted, VerusRun, spend_of

NO_VERDICT = frozenset({"tool_failure", "timeout"})
EXIT_MEANINGS = {EXIT_USAGE: "usage error", EXIT_VERUS: "verus missing or unusable", EXIT_INTERRUPTED: "interrupted"}


class TaskEnd(BaseModel):
    """How the task process ended, as its worker saw it."""

    exit_code: int | None = None  # the agent's exit code, sent by the task; None: it sent none
    process_exit: int | None = None  # the process's own exit status; negative: killed by that signal
    outcome: dict | None = None  # the agent's outcome, as its JSON
    crash: str | None = None  # the agent's traceback
    stderr_tail: str = ""
    timed_out: bool = False
    wall_s: float = 0.0


def record_metrics(log: RunLog | None) -> dict:
    if log is None:
        return {}
    spend = spend_of(log.events)
    fresh = [e for e in log.of_type(VerusRun) if not e.from_cache]
    guards = log.of_type(GuardChecked)
    flagged = [g for g in guards if not g.clean]
    started = log.of_type(RunStarted)
    metrics = {
        "calls": spend.calls,
        "prompt_tokens": spend.prompt_tokens,
        "completion_tokens": spend.completion_tokens,
        "cost_usd": spend.cost_usd,
        "verus_runs": len(fresh),
        "verus_seconds": sum(e.duration_s for e in fresh),
        "guard_rejections": len(flagged),
        "guard_clean": not flagged if guards else None,
        "guard_rules": sorted({str(v.get("rule")) for g in flagged for v in g.violations}),
        "review_rejections": sum(1 for r in log.of_type(ReviewReport) if any(map(blocks_verus, r.findings))),
        "precheck_rejections": sum(1 for p in log.of_type(Prechecked) if not p.clean),
        "run_id": log.folder.name,
    }
    if started:
        model = started[0].config.get("model") or {}
        metrics.update(
            verus_version=started[0].verus_version,
            verus_is_standin=started[0].verus_is_standin,
            model=model.get("model"),
            model_is_standin=str(model.get("model", "")).startswith("scripted/"),
        )
    return metrics


def task_result(job: TaskJob, end: TaskEnd, log: RunLog | None) -> TaskResult:
    outcome, verdict, reason = classify(job, end, log)
    fields = {**record_metrics(log), "wall_s": end.wall_s}
    if end.outcome:
        fields.update(
            {
                k: end.outcome[k]
                for k in ("verus_version", "verus_is_standin", "model", "model_is_standin")
                if k in end.outcome
            }
        )
    return TaskResult(
        task_id=job.task_id,
        source=job.source,
        suite=job.suite,
        outcome=outcome,
        verdict=verdict,
        reason=reason,
        error=reason if outcome == "error" else None,
        **fields,
    )


def classify(job: TaskJob, end: TaskEnd, log: RunLog | None) -> tuple[Outcome, str | None, str]:
    """(outcome, verdict, reason)."""
    if end.timed_out:
        finished = len(log.of_kind("verus_run")) if log is not None else 0
        return "unsolved", "timeout", f"over the per-task limit of {job.timeout_s:g} s ({finished} verus runs finished)"
    if end.crash is not None:
        return "error", None, f"the agent raised: {_last_line(end.crash)}"
    if end.exit_code is None:
        return "error", None, f"the task process died ({_death(end.process_exit)}) before it finished" + _tail(end)
    if end.outcome is None or (end.exit_code in EXIT_MEANINGS and not _model_stop(end.outcome)):
        meaning = EXIT_MEANINGS.get(end.exit_code, f"exit code {end.exit_code} with no outcome")
        return "error", None, f"the agent stopped: {meaning}" + _tail(end)
    return _judge(end.outcome, log)


def _judge(outcome: dict, log: RunLog | None) -> tuple[Outcome, str | None, str]:
    verdict, stopped = outcome.get("verdict"), outcome.get("stopped_reason", "")
    reason = f"{stopped}: {outcome.get('detail', '')}".strip(": ")
    if verdict == "verified":
        return "solved", verdict, reason
    if stopped == "error" or _model_stop(outcome):
        return "error", verdict, f"the model calls failed ({stopped}): {outcome.get('detail', '')}"
    runs = log.of_type(VerusRun) if log is not None else []
    if runs and all(r.verdict in NO_VERDICT for r in runs):
        why = "; ".join(o.get("message", "") for o in outcome.get("obligations", []) if o.get("kind") in NO_VERDICT)
        return "error", verdict, f"verus gave no verdict on any of its {len(runs)} runs: {why or runs[-1].verdict}"
    return "unsolved", verdict, reason


def _model_stop(outcome: dict) -> bool:
    """The run stopped because the model could not be used (exit 3 with an outcome: not a verus problem)."""
    return outcome.get("stopped_reason") in MODEL_STOP_REASONS


def _death(status: int | None) -> str:
    if status is None:
        return "no exit status"
    return f"killed by signal {-status}" if status < 0 else f"exit status {status}"


def _tail(end: TaskEnd) -> str:
    return f"; last output: {end.stderr_tail}" if end.stderr_tail else ""


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1].strip() if lines else "(no traceback)"
