"""Fixtures for the bench harness tests: small suites in Verus-Bench's format, and `verusagent bench` in-process."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from verusagent.cli import app

from tests.paths import REPO_ROOT

COUNT_UP = (REPO_ROOT / "rust_fixtures" / "agent" / "count_up.rs").read_text()
PROVED = COUNT_UP.replace(
    "    while r < n {", "    while r < n\n        invariant\n            r <= n,\n        decreases n - r,\n    {"
)


@pytest.fixture(scope="session")
def verusage_dir(shared_dir: Path) -> Path:
    return shared_dir / "corpus" / "verusage-bench"


ORACLE_TASKS = "*_b[iu]*"  # cloverbench_binary_search, misc_binary_search, misc_bubble (no ground truth)


@pytest.fixture(scope="session")
def oracle_run(bench_dir, tmp_path_factory) -> Path:
    """An uninterrupted `bench --oracle` run on three Verus-Bench tasks, shared by the tests that compare with it."""
    out = tmp_path_factory.mktemp("bench") / "out"
    code, stdout, stderr = bench(
        str(bench_dir), "--oracle", "--out", str(out), "--tasks", ORACLE_TASKS, "--workers", "2", "--json"
    )
    assert code == 0, stderr
    return out


def write_suite(root: Path, tasks: dict[str, tuple[str, str | None]], extra_lines: tuple[str, ...] = ()) -> Path:
    """A Verus-Bench-format suite: {task id: (task text, ground truth or None)} plus raw index lines."""
    lines = []
    for task_id, (text, truth) in tasks.items():
        (root / "T" / "unverified").mkdir(parents=True, exist_ok=True)
        (root / "T" / "verified").mkdir(parents=True, exist_ok=True)
        (root / "T" / "unverified" / f"{task_id}.rs").write_text(text)
        entry = {"task_id": task_id, "source": "T", "task_path": f"T/unverified/{task_id}.rs"}
        if truth is not None:
            (root / "T" / "verified" / f"{task_id}.rs").write_text(truth)
            entry["solution_path"] = f"T/verified/{task_id}.rs"
        lines.append(json.dumps(entry))
    (root / "tasks.jsonl").write_text("\n".join([*lines, *extra_lines]) + "\n")
    return root


def count_up_task(tag: str) -> tuple[str, str]:
    """count_up.rs with a tag comment (the failure tests' stand-in reacts to it), and its proof."""
    return COUNT_UP + f"// {tag}\n", PROVED + f"// {tag}\n"


def bench(*args: str) -> tuple[int, str, str]:
    """`verusagent bench ...` in this process (the task fork server stays warm across tests)."""
    result = CliRunner().invoke(app, ["bench", *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def results_of(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
