"""The review_report event as calibration reads it: mode and score, old records still readable; line numbers."""

import json

from verusagent.record import ReviewReport, RunStarted, RunWriter, read_run
from verusagent.record.timeline import describe


def test_a_shadow_report_keeps_its_mode_score_and_votes(tmp_path):
    finding = {
        "severity": "critical",
        "location": {"unit": "fn:f"},
        "reason": "r",
        "evidence": "e",
        "votes": ["substantial", "minor", "substantial"],
    }
    with RunWriter.create(tmp_path, "r") as writer:
        writer.emit(RunStarted(run_id="r"))
        writer.emit(ReviewReport(sha256="a" * 64, findings=[finding], gate="llm", mode="shadow", score=2 / 3))
    report = read_run(writer.folder).events[1]
    assert isinstance(report, ReviewReport)
    assert (report.mode, report.score, report.gate, report.findings[0]["votes"]) == (
        "shadow",
        2 / 3,
        "llm",
        finding["votes"],
    )
    assert describe(report) == "review aaaaaaaaaaaa: 1 findings, score 0.67 [shadow]"


def test_a_report_written_before_modes_existed_still_reads(tmp_path):
    folder = tmp_path / "old"
    folder.mkdir()
    old = {"kind": "review_report", "seq": 0, "ts": 1.0, "sha256": "b" * 64, "findings": [], "gate": "pass-through"}
    (folder / "events.jsonl").write_text(json.dumps(old) + "\n")
    log = read_run(folder)
    assert not log.problems
    report = log.events[0]
    assert (report.mode, report.score, report.gate) == (None, None, "pass-through")
    assert describe(report) == "review bbbbbbbbbbbb: 0 findings"


def test_a_score_outside_0_to_1_is_a_problem_on_its_line(tmp_path):
    folder = tmp_path / "bad"
    folder.mkdir()
    lines = [{"kind": "run_started", "run_id": "x"}, {"kind": "review_report", "sha256": "c", "score": 1.5}]
    (folder / "events.jsonl").write_text("\n\n".join(json.dumps(line) for line in lines) + "\n")
    log = read_run(folder)
    assert log.event_lines == [1] and [p.line for p in log.problems] == [3]
