"""The local pool starts its fork server (which loads litellm: seconds of CPU) only for a bench that runs a task."""

from pathlib import Path
from types import SimpleNamespace

import pytest

from verusagent.bench import local
from verusagent.bench.cli_run import has_work

from tests.bench.bench_support import bench, count_up_task, write_suite


@pytest.fixture
def warm_ups(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    monkeypatch.setattr(local, "warm_up", lambda: calls.append("fork server"))
    return calls


def test_a_bench_of_limit_0_starts_no_fork_server(tmp_path: Path, warm_ups: list[str]) -> None:
    suite = write_suite(tmp_path / "suite", {"count_up": count_up_task("a")})
    out = tmp_path / "out"
    code, _, stderr = bench(str(suite), "--oracle", "--out", str(out), "--limit", "0")
    assert code == 0, stderr
    assert warm_ups == []


def test_a_run_with_a_task_to_run_warms_the_fork_server_first(tmp_path: Path, warm_ups: list[str]) -> None:
    executor = local.LocalExecutor(1)
    executor.close()
    assert warm_ups == ["fork server"]
    local.LocalExecutor(1, warm=False).close()
    assert warm_ups == ["fork server"]


def test_a_resumed_runhas_work_only_while_a_selected_task_has_no_result() -> None:
    tasks = [SimpleNamespace(task_id="a"), SimpleNamespace(task_id="b")]
    assert has_work(tasks, [SimpleNamespace(task_id="a")])
    assert not has_work(tasks, [SimpleNamespace(task_id="b"), SimpleNamespace(task_id="a")])
    assert not has_work([], [])
