"""`DIR/report.md` and the plots, rebuilt from `results.jsonl` (by `bench` at its end, and by `bench-report`),
and the side-by-side comparison of two bench folders (A/B of a prompt or a model)."""

from pathlib import Path

from verusagent.bench.jobs import TaskResult
from verusagent.bench.plots import PlotsUnavailable, draw_all
from verusagent.bench.results import read_results
from verusagent.bench.settings import BenchSettings
from verusagent.bench.summary import task_rows, write_summary

REPORT_FILE = "report.md"
COMPARE_FILE = "compare.md"
# Published by their authors (not measured here): the figures a reader compares a run with.
ANCHORS = {
    "verus-bench": (
        "AutoVerus (GPT-4o), as published by its authors",
        "137 of 150 Verus-Bench tasks solved (91%); 8.8 LLM calls per task; $37 for the suite",
    ),
    "verusage-bench": (
        "VeruSAGE (Sonnet 4.5), as published by its authors",
        "about 81% of the 849 VeruSAGE-Bench tasks solved; 7.2 minutes per task",
    ),
}


def rebuild(folder: Path) -> dict:
    """summary.json, report.md and the plots of a bench folder, from its results."""
    summary = write_summary(folder)
    rows = task_rows(BenchSettings.load(folder), read_results(folder))
    plots = _plots([("this run", rows)], folder, _note(summary))
    (folder / REPORT_FILE).write_text(render(summary, rows, plots), encoding="utf-8")
    return summary


def _plots(runs, folder: Path, note: str) -> list[str] | str:
    try:
        return [p.name for p in draw_all(runs, folder, note)]
    except PlotsUnavailable as missing:
        return str(missing)


def _note(summary: dict) -> str:
    who = summary["answered_by"]
    return f"verdicts: {who['verus']}; replies: {who['model']}"


def render(summary: dict, rows: list[TaskResult], plots: list[str] | str) -> str:
    oracle = ", oracle" if summary["oracle"] else ""
    lines = [
        f"# verusagent bench: {summary['suite_kind']} ({summary['mode']}{oracle})",
        "",
        *_who_answered(summary),
        "",
        *_totals(summary),
        "",
        *_sources(summary),
        "",
        *_anchor(summary),
        "",
    ]
    lines += ["## Plots", ""] + ([f"![{p}]({p})" for p in plots] if isinstance(plots, list) else [f"No plots: {plots}"])
    lines += [
        "",
        *_listing("Errors", [r for r in rows if r.outcome == "error"]),
        *_listing("Skipped", [r for r in rows if r.outcome == "skipped"]),
        *_listing("Guard-flagged", [r for r in rows if r.guard_clean is False], rules=True),
        *_listing("Guard-clean but not solved", [r for r in rows if r.guard_clean and r.outcome != "solved"]),
    ]
    return "\n".join(lines).rstrip() + "\n"


def _who_answered(summary: dict) -> list[str]:
    who = summary["answered_by"]
    lines = [
        f"Suite: `{summary['suite']}`.",
        f"Verdicts by: **{who['verus']}**"
        + (f" ({', '.join(who['verus_versions'])})" if who["verus_versions"] else "")
        + ".",
        f"Replies by: **{who['model']}**.",
    ]
    if who["verus_is_standin"] or who["model_is_standin"]:
        lines.append("A stand-in answered: these figures measure verusagent's own pipeline, not a model or verus.")
    return lines


def _totals(summary: dict) -> list[str]:
    guard = summary["guard"]
    lines = [
        "| total | solved | unsolved | errors | skipped | over the time limit | not run |",
        "|---|---|---|---|---|---|---|",
        f"| {summary['total']} | {summary['solved']} ({summary['solved_rate']:.1%}) | {summary['unsolved']} | "
        f"{summary['errors']} | {summary['skipped']} | {summary['timeouts']} | {summary['not_run']} |",
        "",
        "| per task | median | mean | total |",
        "|---|---|---|---|",
    ]
    for name in summary["medians"]:
        lines.append(
            f"| {name} | {_number(summary['medians'][name])} | {_number(summary['means'][name])} | "
            f"{_number(summary['totals'][name])} |"
        )
    lines += [
        "",
        f"Guard: {guard['clean']} tasks with every candidate guard-clean ({guard['clean_solved']} of them "
        f"solved); {guard['flagged']} with a candidate the guard rejected.",
    ]
    return lines


def _sources(summary: dict) -> list[str]:
    lines = ["| source | total | solved | unsolved | errors | skipped |", "|---|---|---|---|---|---|"]
    for source, c in summary["by_source"].items():
        lines.append(f"| {source} | {c['total']} | {c['solved']} | {c['unsolved']} | {c['errors']} | {c['skipped']} |")
    return lines


def _anchor(summary: dict) -> list[str]:
    who, figures = ANCHORS.get(summary["suite_kind"], ("", ""))
    if not who:
        return []
    means, totals = summary["means"], summary["totals"]
    ours = (
        f"{summary['solved']} of {summary['total']} solved ({summary['solved_rate']:.0%}); "
        f"{means['calls']:.1f} model calls per task; ${totals['cost_usd']:.2f} in all; "
        f"{means['wall_s'] / 60:.1f} minutes per task"
    )
    caveat = " (an oracle run: the ground truth was the reply, so this is not comparable)" if summary["oracle"] else ""
    return [
        "## Beside the published figures",
        "",
        "| | figures |",
        "|---|---|",
        f"| {who} | {figures} |",
        f"| this run, measured here{caveat} | {ours} |",
    ]


def _listing(title: str, rows: list[TaskResult], rules: bool = False) -> list[str]:
    if not rows:
        return []
    lines = [f"## {title} ({len(rows)})", ""]
    for row in rows:
        detail = ", ".join(row.guard_rules) if rules else row.reason
        lines.append(f"- `{row.task_id}`: {detail}")
    return lines + [""]


def _fraction(counts: dict) -> str:
    return f"{counts.get('solved', 0)}/{counts.get('total', 0)}"


def _number(value: float) -> str:
    if float(value).is_integer():
        return f"{value:,.0f}"
    return f"{value:.3f}" if abs(value) < 10 else f"{value:,.1f}"


def compare(folder: Path, other: Path) -> Path:
    """compare.md and compare/*.png in `folder`: its run (A) beside `other` (B), per source and per task."""
    a_summary, b_summary = write_summary(folder), write_summary(other)
    a_rows = task_rows(BenchSettings.load(folder), read_results(folder))
    b_rows = task_rows(BenchSettings.load(other), read_results(other))
    plots = _plots(
        [(f"A {folder.name}", a_rows), (f"B {other.name}", b_rows)],
        folder / "compare",
        f"A: {_note(a_summary)} | B: {_note(b_summary)}",
    )
    text = render_compare(folder, other, a_summary, b_summary, a_rows, b_rows, plots)
    (folder / COMPARE_FILE).write_text(text, encoding="utf-8")
    return folder / COMPARE_FILE


def render_compare(a: Path, b: Path, sa: dict, sb: dict, rows_a, rows_b, plots) -> str:
    lines = [
        f"# A/B: {a} vs {b}",
        "",
        *(
            f"{name}: verdicts by {s['answered_by']['verus']}, replies by {s['answered_by']['model']}."
            for name, s in (("A", sa), ("B", sb))
        ),
        "",
        "| | A | B |",
        "|---|---|---|",
    ]
    for key in ("total", "solved", "unsolved", "errors", "skipped", "timeouts"):
        lines.append(f"| {key} | {sa[key]} | {sb[key]} |")
    for key in ("calls", "tokens", "cost_usd", "wall_s"):
        lines.append(f"| mean {key} | {_number(sa['means'][key])} | {_number(sb['means'][key])} |")
    lines += ["", "| source | A solved | B solved |", "|---|---|---|"]
    for source in sorted(set(sa["by_source"]) | set(sb["by_source"])):
        ca, cb = sa["by_source"].get(source, {}), sb["by_source"].get(source, {})
        lines.append(f"| {source} | {_fraction(ca)} | {_fraction(cb)} |")
    by_b = {r.task_id: r for r in rows_b}
    flips = [
        (r.task_id, r.outcome, by_b[r.task_id].outcome)
        for r in rows_a
        if r.task_id in by_b and (r.outcome == "solved") != (by_b[r.task_id].outcome == "solved")
    ]
    lines += ["", f"## Tasks solved by one run only ({len(flips)})", ""]
    lines += [f"- `{task}`: A {oa}, B {ob}" for task, oa, ob in flips] or ["(none)"]
    lines += ["", "## Plots", ""] + (
        [f"![{p}](compare/{p})" for p in plots] if isinstance(plots, list) else [f"No plots: {plots}"]
    )
    return "\n".join(lines) + "\n"
