"""`DIR/results.jsonl` (one line per finished task, flushed and fsynced as it finishes) and `DIR/runs/` (the
records workers send back). A line is written only after its record, so every result has its record."""

import os
import secrets
import threading
from pathlib import Path

from pydantic import ValidationError

from verusagent.bench.jobs import TaskReport, TaskResult
from verusagent.record.writer import set_aside_cut_line

RESULTS_FILE = "results.jsonl"
RUNS_DIR = "runs"


def read_results(folder: Path) -> list[TaskResult]:
    """The finished tasks; a line cut off by a kill, or one that does not parse, is left out (the task runs again)."""
    path = folder / RESULTS_FILE
    if not path.is_file():
        return []
    results = []
    for line in path.read_bytes().decode("utf-8", errors="replace").splitlines():
        try:
            results.append(TaskResult.model_validate_json(line))
        except ValidationError:
            continue  # the task has no valid result line, so it counts as not run and --resume runs it
    return results


def latest_by_task(results: list[TaskResult]) -> dict[str, TaskResult]:
    return {r.task_id: r for r in results}


class ResultsWriter:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._lock = threading.Lock()
        path = folder / RESULTS_FILE
        if path.is_file():
            set_aside_cut_line(path)  # a driver killed mid-write leaves a cut last line
        self._fd: int | None = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def add(self, report: TaskReport) -> TaskResult:
        result = report.result
        if report.files:
            result = result.model_copy(update={"record": str(self._store(report).relative_to(self.folder))})
        line = (result.model_dump_json() + "\n").encode("utf-8")
        with self._lock:
            if self._fd is None:
                raise ValueError(f"results file {self.folder} is closed")
            os.write(self._fd, line)
            os.fsync(self._fd)
        return result

    def _store(self, report: TaskReport) -> Path:
        name = report.result.run_id or f"no-record-{_slug(report.result.task_id)}-{secrets.token_hex(3)}"
        folder = self.folder / RUNS_DIR / name
        for relative, data in report.files.items():
            target = folder / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        return folder

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def _slug(task_id: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in task_id)[:80]
