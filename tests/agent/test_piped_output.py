"""A run's output through a pipe: no line is wrapped, so the run id and the record's path can be grepped."""

from tests.agent.agent_harness import STANDIN, run_agent


def test_the_run_header_and_the_summary_keep_whole_lines_in_a_pipe(harness, capsys, monkeypatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    harness.script([{"text": "no code here", "repeat": True}])
    source = harness.task("count_up.rs")
    runs = harness.tmp / ("deep-folder-name-" * 6) / "runs"
    capsys.readouterr()
    run_agent("prove", source, model="scripted/test", strategies=1, rounds=1, verus=str(STANDIN), runs_dir=runs, jobs=1)
    captured = capsys.readouterr()
    header = next(line for line in captured.err.splitlines() if line.startswith("run "))
    run_id = header.split()[1]
    assert header.endswith(f"record in {runs / run_id}")
    assert any(str(runs / run_id) in line for line in captured.out.splitlines())  # the summary's record row
