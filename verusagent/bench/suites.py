"""Benchmark suites: a Verus-Bench root (`tasks.jsonl`), a VeruSAGE-Bench folder of projects, or one project;
or a vericoding suite: folders of `<task>/verus_spec.rs` with the task statement beside it (`verus_nl.txt`, or a
`*.md` file), as the public vericoding benchmark for Verus writes its tasks. Its tasks run in synth mode.

Every entry of a suite becomes a `BenchTask`, even a broken one (a `tasks.jsonl` line that is not JSON or
names no task file): it carries a `problem` and is recorded as an error instead of stopping the run. Tasks are
selected by `--tasks GLOB` (on the task id) and `--limit N`, in sorted task-id order.
"""

import fnmatch
import json
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

from verusagent.bench import verusage

SuiteKind = Literal["verus-bench", "verusage-bench", "vericoding"]
VERUS_BENCH_INDEX = "tasks.jsonl"
VERICODING_SPEC = "verus_spec.rs"
VERICODING_STATEMENT = "verus_nl.txt"
VERICODING_SOLUTION = "solution.rs"  # ours, optional: a reference answer the oracle bench replays


class SuiteError(ValueError):
    """The folder is not a suite this harness knows."""


class BenchTask(BaseModel):
    task_id: str
    source: str  # Verus-Bench: CloverBench, Diffy, MBPP, Misc; VeruSAGE-Bench: the project
    suite: SuiteKind
    task_path: Path | None = None
    ground_truth_path: Path | None = None
    description_path: Path | None = None  # the task statement (vericoding: verus_nl.txt or *.md)
    mode: str | None = None  # the task's own mode (vericoding: synth); None: the bench's --mode
    problem: str | None = None  # a garbage entry: why it cannot run

    @property
    def file_name(self) -> str:
        return self.task_path.name if self.task_path else "task.rs"


def suite_kind(root: Path) -> SuiteKind:
    if (root / VERUS_BENCH_INDEX).is_file():
        return "verus-bench"
    if (
        (root / VERICODING_SPEC).is_file()
        or next(root.glob(f"*/{VERICODING_SPEC}"), None) is not None
        or next(root.glob(f"*/*/{VERICODING_SPEC}"), None) is not None
    ):
        return "vericoding"
    if root.is_dir() and (
        verusage.is_project(root) or any(verusage.is_project(p) for p in root.iterdir() if p.is_dir())
    ):
        return "verusage-bench"
    raise SuiteError(
        f"{root} is not a suite: expected a Verus-Bench root (with {VERUS_BENCH_INDEX}), a "
        "VeruSAGE-Bench folder of projects, one project folder (unverified/ and mapping_*.txt), or "
        f"folders of <task>/{VERICODING_SPEC}"
    )


def load_suite(root: Path, tasks_glob: str | None = None, limit: int | None = None) -> list[BenchTask]:
    if not root.is_dir():
        raise SuiteError(f"{root} is not a folder")
    kind = suite_kind(root)
    readers = {"verus-bench": verus_bench_tasks, "verusage-bench": verusage_tasks, "vericoding": vericoding_tasks}
    tasks = readers[kind](root)
    chosen = sorted(
        (t for t in tasks if tasks_glob is None or fnmatch.fnmatchcase(t.task_id, tasks_glob)), key=lambda t: t.task_id
    )
    return chosen[:limit] if limit is not None else chosen


def verusage_tasks(root: Path) -> list[BenchTask]:
    return [
        BenchTask(
            task_id=t.task_id,
            source=t.project,
            suite="verusage-bench",
            task_path=t.task_path,
            ground_truth_path=t.ground_truth_path,
        )
        for t in verusage.discover(root)
    ]


def vericoding_tasks(root: Path) -> list[BenchTask]:
    """One task per folder holding `verus_spec.rs` (the root itself, or folders up to two levels below it): its
    id is the folder's path in the suite, its source the first folder of that path (the suite's name for
    tasks directly under the root)."""
    specs = sorted(
        {*root.glob(VERICODING_SPEC), *root.glob(f"*/{VERICODING_SPEC}"), *root.glob(f"*/*/{VERICODING_SPEC}")}
    )
    return [_vericoding_task(root, spec) for spec in specs]


def _vericoding_task(root: Path, spec: Path) -> BenchTask:
    folder = spec.parent
    relative = folder.relative_to(root).as_posix() if folder != root else root.name
    parts = relative.split("/")
    solution = folder / VERICODING_SOLUTION
    return BenchTask(
        task_id=relative,
        source=parts[0] if len(parts) > 1 else root.name,
        suite="vericoding",
        task_path=spec,
        ground_truth_path=solution if solution.is_file() else None,
        description_path=task_statement(folder),
        mode="synth",
    )


def task_statement(folder: Path) -> Path | None:
    """`verus_nl.txt`, else the first `*.md` file of the folder (by name), else none."""
    words = folder / VERICODING_STATEMENT
    if words.is_file():
        return words
    return next(iter(sorted(p for p in folder.glob("*.md") if p.is_file())), None)


def verus_bench_tasks(root: Path) -> list[BenchTask]:
    index = root / VERUS_BENCH_INDEX
    lines = index.read_bytes().decode("utf-8", errors="replace").splitlines()
    tasks = [_index_entry(root, number, line) for number, line in enumerate(lines, start=1) if line.strip()]
    return _unique_ids(tasks)


def _index_entry(root: Path, number: int, line: str) -> BenchTask:
    where = f"{VERUS_BENCH_INDEX}:{number}"
    try:
        entry = json.loads(line)
    except json.JSONDecodeError as error:
        return BenchTask(
            task_id=where, source="(broken entry)", suite="verus-bench", problem=f"{where} is not JSON: {error.msg}"
        )
    if not isinstance(entry, dict) or not isinstance(entry.get("task_path"), str):
        given = entry.get("task_id") if isinstance(entry, dict) else None
        task_id = given if isinstance(given, str) else where
        return BenchTask(
            task_id=task_id, source="(broken entry)", suite="verus-bench", problem=f"{where} names no task_path"
        )
    solution = entry.get("solution_path")
    return BenchTask(
        task_id=str(entry.get("task_id") or Path(entry["task_path"]).stem),
        source=str(entry.get("source") or Path(entry["task_path"]).parts[0]),
        suite="verus-bench",
        task_path=root / entry["task_path"],
        ground_truth_path=root / solution if isinstance(solution, str) and solution else None,
    )


def _unique_ids(tasks: list[BenchTask]) -> list[BenchTask]:
    """A repeated task id would make results ambiguous: the later entries get `#2`, `#3`, ... and run too."""
    seen: dict[str, int] = {}
    unique = []
    for task in tasks:
        count = seen.get(task.task_id, 0) + 1
        seen[task.task_id] = count
        unique.append(task if count == 1 else task.model_copy(update={"task_id": f"{task.task_id}#{count}"}))
    return unique


def read_source(path: Path | None, what: str) -> tuple[str | None, str | None]:
    """(text, None) or (None, why it cannot be read): missing, unreadable, not UTF-8."""
    if path is None:
        return None, f"no {what}"
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None, f"the {what} {path} does not exist"
    except OSError as error:
        return None, f"cannot read the {what} {path}: {error.strerror or error}"
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as error:
        return None, f"the {what} {path} is not UTF-8 (byte {error.start}); verus reads UTF-8 source"
