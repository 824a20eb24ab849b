"""`verusagent bench-report` on synthetic results with varied values (oracle runs are degenerate: no cost, one
call per task): the counts, medians and totals, the report's tables, the plots, and an A/B comparison."""

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from verusagent.bench.jobs import TaskResult
from verusagent.bench.settings import BenchSettings, SelectedTask
from verusagent.cli import app

PNG = b"\x89PNG\r\n\x1a\n"
SOURCES = ("CloverBench", "Diffy", "MBPP", "Misc")


def synthetic_run(folder: Path, seed: int, count: int = 40, finished: int = 38) -> list[TaskResult]:
    """A bench folder of `count` selected tasks, `finished` of them with results drawn from `seed`."""
    rng = random.Random(seed)
    selected = [SelectedTask(task_id=f"task_{i:02d}", source=SOURCES[i % 4]) for i in range(count)]
    folder.mkdir(parents=True)
    BenchSettings(
        suite=Path("/suites/verus-bench"), suite_kind="verus-bench", model="openai/gpt-4o", selected=selected
    ).save(folder)
    results = []
    for task in selected[:finished]:
        outcome = rng.choices(["solved", "unsolved", "error", "skipped"], [6, 3, 1, 1])[0]
        ran = outcome != "skipped"
        results.append(
            TaskResult(
                task_id=task.task_id,
                source=task.source,
                suite="verus-bench",
                outcome=outcome,
                verdict={"solved": "verified", "unsolved": "partial"}.get(outcome),
                reason=f"{outcome} because",
                error="verus crashed" if outcome == "error" else None,
                guard_clean=rng.random() > 0.2 if ran else None,
                calls=rng.randint(1, 20) if ran else 0,
                prompt_tokens=rng.randint(1000, 90000) if ran else 0,
                completion_tokens=rng.randint(100, 9000) if ran else 0,
                cost_usd=round(rng.uniform(0.01, 0.9), 4) if ran else 0,
                verus_runs=rng.randint(1, 30) if ran else 0,
                verus_seconds=rng.uniform(1, 600) if ran else 0,
                wall_s=rng.uniform(5, 900) if ran else 0,
                verus_is_standin=False if ran else None,
                model="openai/gpt-4o" if ran else None,
                model_is_standin=False if ran else None,
            )
        )
    (folder / "results.jsonl").write_text("".join(r.model_dump_json() + "\n" for r in results))
    return results


def report(*args: str):
    return CliRunner().invoke(app, ["bench-report", *args], catch_exceptions=False)


@pytest.fixture
def run_a(tmp_path) -> tuple[Path, list[TaskResult]]:
    return tmp_path / "a", synthetic_run(tmp_path / "a", seed=1)


def test_summary_counts_add_up_and_measures_are_right(run_a):
    folder, results = run_a
    outcome = report(str(folder), "--json")
    assert outcome.exit_code == 0, outcome.stderr
    summary = json.loads(outcome.stdout)
    assert summary == json.loads((folder / "summary.json").read_text())
    by_outcome = {o: sum(r.outcome == o for r in results) for o in ("solved", "unsolved", "error", "skipped")}
    assert summary["total"] == 40 and summary["not_run"] == 2
    assert (summary["solved"], summary["unsolved"], summary["errors"]) == (
        by_outcome["solved"],
        by_outcome["unsolved"],
        by_outcome["error"],
    )
    assert summary["skipped"] == by_outcome["skipped"] + 2
    assert summary["solved"] + summary["unsolved"] + summary["errors"] + summary["skipped"] == summary["total"]
    ran = [r for r in results if r.outcome != "skipped"]
    assert summary["totals"]["cost_usd"] == pytest.approx(sum(r.cost_usd for r in ran))
    calls = sorted(r.calls for r in ran)
    middle = len(calls) // 2
    median = calls[middle] if len(calls) % 2 else (calls[middle - 1] + calls[middle]) / 2
    assert summary["medians"]["calls"] == median
    tokens = [r.prompt_tokens + r.completion_tokens for r in ran]
    assert summary["means"]["tokens"] == pytest.approx(sum(tokens) / len(ran))
    for source in SOURCES:
        entry = summary["by_source"][source]
        assert entry["total"] == 10
        assert entry["solved"] == sum(r.source == source and r.outcome == "solved" for r in results)
    assert summary["answered_by"] == {
        "verus": "verus",
        "verus_is_standin": False,
        "verus_versions": [],
        "model": "openai/gpt-4o",
        "model_is_standin": False,
    }


def test_report_tables_anchors_and_plots(run_a):
    folder, results = run_a
    assert report(str(folder)).exit_code == 0
    text = (folder / "report.md").read_text()
    assert "Verdicts by: **verus**" in text and "STAND-IN" not in text
    assert "| AutoVerus (GPT-4o), as published by its authors | 137 of 150 Verus-Bench tasks solved" in text
    assert "| this run, measured here |" in text and "oracle" not in text
    assert "## Errors" in text and "`task_38`: not run" in text
    for name in ("solved_vs_cost.png", "solved_vs_time.png", "calls_per_task.png", "solved_by_source.png"):
        assert (folder / name).read_bytes()[:8] == PNG and f"![{name}]({name})" in text


def test_compare_puts_two_runs_side_by_side(run_a, tmp_path):
    folder, results = run_a
    other = synthetic_run(tmp_path / "b", seed=2)
    outcome = report(str(folder), "--compare", str(tmp_path / "b"))
    assert outcome.exit_code == 0, outcome.stderr
    text = (folder / "compare.md").read_text()
    a_solved = {r.task_id for r in results if r.outcome == "solved"}
    b_solved = {r.task_id for r in other if r.outcome == "solved"}
    flips = sorted(a_solved ^ b_solved)
    assert f"## Tasks solved by one run only ({len(flips)})" in text
    assert all(f"`{task}`" in text for task in flips)
    assert f"| solved | {len(a_solved)} | {len(b_solved)} |" in text
    for name in ("solved_vs_cost.png", "calls_per_task.png"):
        assert (folder / "compare" / name).read_bytes()[:8] == PNG


def test_not_a_bench_folder(tmp_path):
    outcome = report(str(tmp_path))
    assert outcome.exit_code == 2 and "is not a bench folder" in outcome.stderr
