"""A vericoding suite: folders of `<task>/verus_spec.rs` with the task statement beside it (`verus_nl.txt` or a
`*.md` file), the layout of the public vericoding benchmark for Verus. Its tasks run in synth mode, with their
statement in the prompt; the report and plots are those of the other suites."""

import json
import shutil
from dataclasses import replace

from verusagent.bench.cli_run import plan
from verusagent.bench.options import BenchOptions
from verusagent.bench.runner import BenchUsageError
from verusagent.bench.suites import load_suite, suite_kind
from verusagent.record import read_run

from tests.bench.bench_support import bench, results_of
from tests.paths import REPO_ROOT

FIXTURES = REPO_ROOT / "rust_fixtures" / "vericoding"


def test_the_fixture_suite_reads_as_synth_tasks() -> None:
    tasks = load_suite(FIXTURES)
    assert suite_kind(FIXTURES) == "vericoding"
    assert [t.task_id for t in tasks] == ["gcd_euclid", "linear_search", "max_index", "power_recursive", "triangle_sum"]
    assert {t.mode for t in tasks} == {"synth"} and {t.source for t in tasks} == {"vericoding"}
    by_id = {t.task_id: t for t in tasks}
    assert by_id["gcd_euclid"].description_path.name == "task.md"  # no verus_nl.txt: the markdown statement
    assert by_id["max_index"].description_path.name == "verus_nl.txt"
    assert all(t.task_path.name == "verus_spec.rs" and t.ground_truth_path.name == "solution.rs" for t in tasks)


def test_nested_folders_and_a_single_task(tmp_path) -> None:
    for name in ("sorting/merge", "sorting/insertion", "graphs/bfs"):
        (tmp_path / "suite" / name).mkdir(parents=True)
        shutil.copy(FIXTURES / "max_index" / "verus_spec.rs", tmp_path / "suite" / name / "verus_spec.rs")
    tasks = load_suite(tmp_path / "suite")
    assert [(t.task_id, t.source, t.description_path) for t in tasks] == [
        ("graphs/bfs", "graphs", None),
        ("sorting/insertion", "sorting", None),
        ("sorting/merge", "sorting", None),
    ]
    [one] = load_suite(tmp_path / "suite" / "graphs" / "bfs")
    assert (one.task_id, one.source) == ("bfs", "bfs")


def test_the_mode_is_the_tasks_own(tmp_path) -> None:
    options = BenchOptions(out=tmp_path / "out", oracle=True, task_timeout=60.0)
    settings, _ = plan(FIXTURES, options)
    assert settings.mode == "synth" and settings.suite_kind == "vericoding"
    try:
        plan(FIXTURES, replace(options, mode="prove"))
    except BenchUsageError as error:
        assert "this suite's tasks run in synth mode" in str(error)
    else:
        raise AssertionError("--mode prove on a vericoding suite must be refused")


def test_an_oracle_bench_shows_the_statement_and_reports_like_the_others(tmp_path) -> None:
    out = tmp_path / "out"
    code, stdout, stderr = bench(str(FIXTURES), "--oracle", "--out", str(out), "--workers", "2", "--json")
    assert code == 0, stderr
    results = {r["task_id"]: r for r in results_of(out)}
    assert {task: r["outcome"] for task, r in results.items()} == dict.fromkeys(
        ["gcd_euclid", "linear_search", "max_index", "power_recursive", "triangle_sum"], "solved"
    )
    assert all(r["guard_clean"] for r in results.values())  # helpers, lemmas, a target's decreases: all honest
    result = results["gcd_euclid"]
    assert result["suite"] == "vericoding" and result["source"] == "vericoding"
    log = read_run(out / result["record"])
    [request] = log.of_kind("model_request")
    prompt = request.messages[-1]["content"]
    statement = (FIXTURES / "gcd_euclid" / "task.md").read_text().strip()
    assert f"# The task\n{statement}" in prompt and "Functions to implement: `euclid`." in prompt
    assert log.of_kind("run_started")[0].command == "synth"
    report = (out / "report.md").read_text()
    assert report.startswith("# verusagent bench: vericoding (synth, oracle)")
    assert json.loads((out / "summary.json").read_text())["by_source"]["vericoding"]["total"] == 5
    for png in ("solved_vs_cost.png", "solved_vs_time.png", "calls_per_task.png", "solved_by_source.png"):
        assert (out / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
