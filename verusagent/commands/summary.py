"""The summary a run prints at the end: verdict, who verified it, where the proof went, what it cost."""

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from verusagent.agent.outcome import RunOutcome


def print_outcome(outcome: RunOutcome, as_json: bool, console: Console) -> None:
    if as_json:
        console.print_json(outcome.model_dump_json())
        return
    table = Table(title=f"verusagent run {outcome.run_id}", show_header=False)
    for key, value in _rows(outcome):
        table.add_row(key, escape(str(value)))
    console.print(table)
    for obligation in outcome.obligations:
        where = f"{obligation.get('unit') or ''} line {obligation.get('line')}" if obligation.get("line") else ""
        where += f" of {obligation['file']}" if obligation.get("file") else ""
        console.print(
            f"  obligation: [{escape(str(obligation.get('kind')))}] {escape(where)} "
            f"{escape(str(obligation.get('message', obligation.get('reason', ''))))}",
            highlight=False,
        )


def _calls(outcome: RunOutcome) -> str:
    sent = f"{outcome.calls} sent, {outcome.answered_calls} answered"
    if not outcome.cached_calls:
        return sent
    return (
        f"{sent}, and {outcome.cached_calls} replies replayed from the response cache (an earlier "
        "run's answers; --no-cache asks the model again)"
    )


_NO_VERDICT = "none: the run stopped before a verdict (see stopped)"


def _rows(outcome: RunOutcome) -> list[tuple[str, object]]:
    checker = "the verus STAND-IN (not verus: nothing is proved)" if outcome.verus_is_standin else "verus"
    verdict = (outcome.verdict or "") + (" (the input already verified)" if outcome.already_verified else "")
    model = outcome.model + (
        " (the scripted model: a stand-in replaying a script; tokens are estimates)" if outcome.model_is_standin else ""
    )
    rows: list[tuple[str, object]] = [
        ("verdict", f"{verdict}, by {checker} {outcome.verus_version}" if outcome.verdict else _NO_VERDICT),
        ("model", model),
        ("stopped", f"{outcome.stopped_reason}: {outcome.detail}"),
        ("output", outcome.output_path or "(nothing written)"),
    ]
    if outcome.changed_files:
        rows.append(("changed files", ", ".join(outcome.changed_files)))
    if outcome.backup_paths:
        rows.append(("backups", ", ".join(map(str, outcome.backup_paths))))
    elif outcome.backup_path:
        rows.append(("backup of the input", outcome.backup_path))
    rows += [
        ("model calls", _calls(outcome)),
        ("tokens", outcome.tokens),
        ("cost (known prices)", f"${outcome.cost_usd:.4f}"),
        ("fresh verus runs", outcome.verus_runs),
        *([("review", outcome.review)] if outcome.review else []),
        ("record", outcome.run_folder),
    ]
    return rows
