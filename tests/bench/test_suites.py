"""Suites: Verus-Bench's index, VeruSAGE-Bench folders, selection, and garbage entries that say why."""

import json
from pathlib import Path

import pytest

from verusagent.bench.suites import SuiteError, load_suite, read_source

from tests.bench.bench_support import count_up_task, write_suite


def test_verus_bench_index_in_sorted_order(bench_dir):
    tasks = load_suite(bench_dir)
    assert len(tasks) == 150 and [t.task_id for t in tasks] == sorted(t.task_id for t in tasks)
    assert {t.source for t in tasks} == {"CloverBench", "Diffy", "MBPP", "Misc"}
    assert [t.task_id for t in tasks if t.ground_truth_path is None] == ["misc_bubble"]
    assert all(t.task_path.is_file() and t.problem is None for t in tasks)


def test_glob_and_limit_select_deterministically(bench_dir):
    assert [t.task_id for t in load_suite(bench_dir, "diffy_brs*", 3)] == ["diffy_brs1", "diffy_brs2", "diffy_brs3"]
    assert load_suite(bench_dir, "no-such-*") == []


def test_verusage_folder_and_one_project(verusage_dir):
    project = load_suite(verusage_dir / "vest")
    assert len(project) == 22 and {t.suite for t in project} == {"verusage-bench"}
    assert project[0].task_id.startswith("vest/") and project[0].source == "vest"
    assert [t.task_id for t in load_suite(verusage_dir, "vest/*")] == [t.task_id for t in project]


def test_a_folder_that_is_no_suite_is_refused(tmp_path):
    with pytest.raises(SuiteError, match="is not a suite"):
        load_suite(tmp_path)
    with pytest.raises(SuiteError, match="is not a folder"):
        load_suite(tmp_path / "missing")


def test_garbage_index_lines_become_entries_with_a_problem(tmp_path):
    write_suite(
        tmp_path,
        {"a": count_up_task("a")},
        extra_lines=("{not json", json.dumps({"task_id": "b"}), json.dumps({"task_id": "a", "task_path": "x.rs"})),
    )
    tasks = {t.task_id: t for t in load_suite(tmp_path)}
    assert tasks["tasks.jsonl:2"].problem.startswith("tasks.jsonl:2 is not JSON")
    assert tasks["b"].problem == "tasks.jsonl:3 names no task_path"
    assert tasks["a#2"].task_path == tmp_path / "x.rs" and tasks["a"].problem is None


def test_read_source_says_why(tmp_path):
    (tmp_path / "latin1.rs").write_bytes(b"fn f() {} // caf\xe9\n")
    (tmp_path / "folder.rs").mkdir()
    assert "does not exist" in read_source(tmp_path / "nope.rs", "task file")[1]
    assert "is not UTF-8 (byte 16)" in read_source(tmp_path / "latin1.rs", "task file")[1]
    assert "cannot read the task file" in read_source(tmp_path / "folder.rs", "task file")[1]
    assert read_source(None, "ground truth") == (None, "no ground truth")
    assert read_source(Path(__file__), "task file")[0].startswith('"""Suites')
