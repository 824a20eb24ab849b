"""`verusagent bench --oracle` on real tasks: the scripted model (a stand-in) answers with the ground truth and
the verus stand-in (not verus) judges; every result, record, summary and report line says so."""

import json
import sys
from pathlib import Path

import pytest

from verusagent.record import read_run

from tests.bench.bench_support import bench, results_of


@pytest.fixture(scope="module")
def verus_bench_run(oracle_run) -> Path:
    return oracle_run


def test_every_selected_task_has_one_result(verus_bench_run):
    results = {r["task_id"]: r for r in results_of(verus_bench_run)}
    assert sorted(results) == ["cloverbench_binary_search", "misc_binary_search", "misc_bubble"]
    assert results["misc_bubble"]["outcome"] == "skipped" and "no ground truth" in results["misc_bubble"]["reason"]
    for task_id, result in results.items():
        if task_id != "misc_bubble":
            assert result["outcome"] == "solved", result
            assert result["calls"] == 1 and result["verus_runs"] == 3 and result["guard_clean"] is True
            assert result["verus_is_standin"] is True and result["model"] == "scripted/oracle"
            assert result["model_is_standin"] is True and result["prompt_tokens"] > 0


def test_each_run_record_comes_back_whole(verus_bench_run):
    for result in results_of(verus_bench_run):
        if result["outcome"] == "skipped":
            assert result["record"] is None
            continue
        log = read_run(verus_bench_run / result["record"])
        assert log.folder.name == result["run_id"] and not log.problems
        assert log.result.verdict == "verified" and log.of_kind("run_started")[0].verus_is_standin
        outcome = json.loads((log.folder / "bench" / "stdout.txt").read_text())
        assert outcome["verus_is_standin"] and outcome["model_is_standin"]
        proof = next((log.folder / "bench" / "output").glob("*.standin-verified.rs"))
        assert proof.read_text() == log.candidate(log.result.accepted_sha256)


def test_summary_and_report_say_a_stand_in_answered(verus_bench_run):
    summary = json.loads((verus_bench_run / "summary.json").read_text())
    assert (summary["total"], summary["solved"], summary["skipped"], summary["errors"]) == (3, 2, 1, 0)
    assert summary["by_source"]["Misc"] == {"total": 2, "solved": 1, "unsolved": 0, "errors": 0, "skipped": 1}
    assert summary["answered_by"]["verus_is_standin"] and summary["answered_by"]["model_is_standin"]
    assert summary["guard"] == {"clean": 2, "clean_solved": 2, "flagged": 0}
    report = (verus_bench_run / "report.md").read_text()
    assert "verus STAND-IN (not verus" in report and "scripted model (a stand-in" in report
    assert "AutoVerus (GPT-4o), as published by its authors" in report and "137 of 150" in report
    for png in ("solved_vs_cost.png", "solved_vs_time.png", "calls_per_task.png", "solved_by_source.png"):
        assert (verus_bench_run / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_verusage_oracle_replies_with_the_target_as_an_item(verusage_dir, tmp_path):
    out = tmp_path / "out"
    code, stdout, stderr = bench(
        str(verusage_dir / "vest"), "--oracle", "--out", str(out), "--limit", "3", "--workers", "2", "--json"
    )
    assert code == 0, stderr
    summary = json.loads(stdout)
    assert summary["suite_kind"] == "verusage-bench" and summary["total"] == 3
    assert summary["solved"] + summary["guard"]["flagged"] == 3  # the guard's false positives are being fixed
    for result in results_of(out):
        log = read_run(out / result["record"])
        reply = log.of_kind("model_reply")[0].texts[0]
        assert reply.startswith("```rust\n") and "verus!" not in reply  # one function, not a whole file
        plan = log.of_kind("run_started")[0].config["plan"]
        assert plan["config"]["targets"] == [result["task_id"].split("__")[-1]]
    assert "VeruSAGE (Sonnet 4.5), as published by its authors" in (out / "report.md").read_text()


def test_oracle_with_a_given_verus_uses_no_scenario_of_its_own(bench_dir, tmp_path):
    """With --verus, the oracle's stand-in scenario is never set: this verus (a stand-in that fails everything,
    from its own scenario) decides, and the report still names it a stand-in, as its version says."""
    scenario = tmp_path / "fails.json"
    scenario.write_text(json.dumps({"verdict": "failed", "errors": [{"message": "no"}]}))
    launcher = tmp_path / "verus"
    launcher.write_text(
        f'#!/bin/sh\nVERUS_STANDIN_SCENARIO={scenario} exec {sys.executable} -m verusagent.standin "$@"\n'
    )
    launcher.chmod(0o755)
    out = tmp_path / "out"
    code, stdout, stderr = bench(
        str(bench_dir), "--oracle", "--out", str(out), "--tasks", "diffy_brs1", "--verus", str(launcher), "--json"
    )
    assert code == 0, stderr
    assert str(launcher) in stderr and "verus STAND-IN" not in stderr.split("\n")[1]
    result = results_of(out)[0]
    assert result["outcome"] == "unsolved" and result["verus_is_standin"] is True
    assert not (out / result["record"] / "standin-scenario.json").exists()
    assert json.loads(stdout)["answered_by"]["verus_is_standin"] is True


def test_usage_errors(bench_dir, tmp_path):
    assert bench(str(bench_dir), "--out", str(tmp_path / "o"))[0] == 2  # neither --model nor --oracle
    code, _, stderr = bench(str(bench_dir), "--oracle", "--model", "m", "--out", str(tmp_path / "o"))
    assert code == 2 and "--oracle" in stderr
    code, _, stderr = bench(str(tmp_path), "--oracle", "--out", str(tmp_path / "o"))
    assert code == 2 and "is not a suite" in stderr
    code, _, stderr = bench(str(bench_dir), "--oracle", "--out", str(tmp_path / "o"), "--resume")
    assert code == 2 and "holds no bench run" in stderr
