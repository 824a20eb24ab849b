"""Labels from JSONL files and from shadow-mode run records (written with the real RunWriter)."""

import json
from pathlib import Path

import pytest

from verusagent.record import ReviewReport
from verusagent.review.calibration.labels import LabelError, read_jsonl, read_labels, read_run_labels

from tests.review.review_records import ShadowRun, vote_finding


def write_jsonl(path: Path, rows: list) -> Path:
    path.write_text("".join((row if isinstance(row, str) else json.dumps(row)) + "\n" for row in rows))
    return path


def test_jsonl_rows_become_labels(tmp_path):
    path = write_jsonl(
        tmp_path / "l.jsonl",
        [
            {"score": 0, "valid": True},
            "",
            {
                "score": 0.667,
                "valid": False,
                "verus_s": 12.5,
                "votes": ["substantial", "substantial", "minor"],
                "sha256": "ignored",
            },
            {"score": 0.5, "valid": True, "votes": [[1, 0], ["not_real", "minor", "minor"]]},
            {"score": 0.0, "valid": True, "votes": []},
        ],
    )
    labels = read_jsonl(path).labels
    assert [label.score for label in labels] == [0.0, 2 / 3, 0.5, 0.0]  # the votes' exact fraction replaces 0.667
    assert [label.valid for label in labels] == [True, False, True, True]
    assert labels[1].verus_s == 12.5 and labels[0].verus_s is None
    assert labels[2].votes == [(True, False), (False, False, False)] and labels[0].votes is None
    assert labels[3].votes == [] and labels[1].source == f"{path}:3"


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("{not json", "not JSON"),
        ("[1, 2]", "not a JSON object"),
        ({"score": 0.5}, "valid"),
        ({"score": 1.5, "valid": True}, "score"),
        ({"score": "0.5", "valid": True}, "score"),
        ({"score": 0.5, "valid": 1}, "valid"),
        ({"score": 0.5, "valid": True, "verus_s": -1}, "verus_s"),
        ({"score": 0.5, "valid": True, "votes": ["substantial", "maybe"]}, "maybe"),
        ({"score": 0.5, "valid": True, "votes": ["substantial", ["minor"]]}, "mix"),
        ({"score": 0.9, "valid": True, "votes": ["substantial", "minor", "minor"]}, "does not match its votes"),
        ({"score": 0.2, "valid": True, "votes": []}, "no finding"),
    ],
)
def test_a_malformed_row_names_the_file_and_line(tmp_path, row, message):
    path = write_jsonl(tmp_path / "bad.jsonl", [{"score": 0.0, "valid": True}, row])
    with pytest.raises(LabelError, match=message) as raised:
        read_jsonl(path)
    assert (raised.value.path, raised.value.line) == (str(path), 2)
    assert str(raised.value).startswith(f"{path}:2: ")


def test_non_utf8_and_missing_files_are_errors(tmp_path):
    path = tmp_path / "latin1.jsonl"
    path.write_bytes(b'{"score": 0, "valid": true}\n{"note": "caf\xe9"}\n')
    with pytest.raises(LabelError, match="not UTF-8") as raised:
        read_jsonl(path)
    assert raised.value.line == 2
    with pytest.raises(LabelError, match="no such file"):
        read_labels([str(tmp_path / "absent.jsonl")], runs_dir=tmp_path)


def shadow_run(tmp_path: Path, **options) -> ShadowRun:
    return ShadowRun(tmp_path / "runs", **options)


def test_shadow_reports_pair_with_the_verus_run_of_their_candidate(tmp_path):
    run = shadow_run(tmp_path)
    run.candidate([vote_finding(["substantial", "minor", "not_real"])], [("verified", "screen", False, 3.5)])
    run.candidate(
        [vote_finding(["substantial"] * 3), vote_finding(["minor"] * 3, unit="fn:g")],
        [("failed", "screen", False, 40.0)],
    )
    run.candidate([], [("timeout", "screen", False, 300.0)])
    labels = read_run_labels(run.close())
    assert [(lab.score, lab.valid, lab.verus_s) for lab in labels.labels] == [
        (1 / 3, True, 3.5),
        (1.0, False, 40.0),
        (0.0, False, 300.0),
    ]
    assert labels.labels[1].votes == [(True, True, True), (False, False, False)]
    assert labels.labels[2].votes == [] and not labels.skipped
    assert labels.labels[0].source == f"{run.folder / 'events.jsonl'}:4"  # run_started, created, guard, review


def test_the_fresh_screening_run_is_preferred_and_a_cached_answer_saves_no_time(tmp_path):
    run = shadow_run(tmp_path)
    run.candidate(
        [], [("failed", "houdini", False, 9.0), ("verified", "screen", True, 7.0), ("failed", "screen", False, 5.0)]
    )
    run.candidate([], [("verified", "houdini", False, 9.0), ("verified", "screen", True, 7.0)])
    run.candidate([], [("failed", "screen", True, 7.0)])
    labels = read_run_labels(run.close()).labels
    assert [(lab.valid, lab.verus_s) for lab in labels] == [(False, 5.0), (True, 9.0), (False, 0.0)]


def test_reports_that_are_no_label_are_skipped_with_the_reason(tmp_path):
    run = shadow_run(tmp_path)
    run.candidate([], [])  # the run stopped before verus
    run.candidate([], [("tool_failure", "screen", False, 1.0)])
    run.candidate([vote_finding(["substantial"] * 3)], [("failed", "screen", False, 1.0)], mode="on", score=1.0)
    run.candidate([], [("verified", "screen", False, 1.0)], mode=None)  # a record from before review modes
    twice = run.candidate([], [("verified", "screen", False, 1.0)])
    run.writer.emit(ReviewReport(sha256=twice, mode="shadow", score=0.0))
    labels = read_run_labels(run.close())
    assert len(labels.labels) == 1
    reasons = [skip.reason for skip in labels.skipped]
    assert "no verus run" in reasons[0] and "tool_failure" in reasons[1] and "already labelled" in reasons[2]
    assert len(reasons) == 3  # the "on" and the mode-less reports are no labels at all


def test_findings_without_votes_keep_the_score_and_give_no_per_vote_data(tmp_path):
    run = shadow_run(tmp_path)
    unvoted = {k: v for k, v in vote_finding(["minor"]).items() if k != "votes"}
    run.candidate([unvoted], [("failed", "screen", False, 1.0)], score=2 / 3)
    run.candidate([unvoted, vote_finding(["substantial", "minor", "minor"])], [("failed", "screen", False, 1.0)])
    labels = read_run_labels(run.close()).labels
    assert (labels[0].score, labels[0].votes) == (2 / 3, None)
    assert (labels[1].score, labels[1].votes) == (1 / 3, [(True, False, False)])


def test_stand_in_verdicts_are_marked(tmp_path):
    run = shadow_run(tmp_path, standin=True)
    run.candidate([], [("verified", "screen", False, 0.1)])
    assert read_run_labels(run.close()).labels[0].standin


def test_a_shadow_report_without_score_or_with_contradicting_votes_is_malformed(tmp_path):
    run = shadow_run(tmp_path)
    run.candidate([], [("verified", "screen", False, 1.0)])
    run.writer.emit(ReviewReport(sha256="f" * 64, mode="shadow"))
    with pytest.raises(LabelError, match="must carry the candidate's score") as raised:
        read_run_labels(run.close())
    assert raised.value.line == 6 and raised.value.path.endswith("events.jsonl")  # after 5 good events

    other = ShadowRun(tmp_path / "runs", run_id="20260101-000000-bbbbbb")
    other.candidate([vote_finding(["minor"] * 3)], [("verified", "screen", False, 1.0)], score=1.0)
    with pytest.raises(LabelError, match="does not match its votes") as raised:
        read_run_labels(other.close())
    assert raised.value.line == 4


def test_a_cut_last_line_is_tolerated_but_a_broken_line_is_not(tmp_path):
    run = shadow_run(tmp_path)
    run.candidate([], [("verified", "screen", False, 1.0)])
    folder = run.close()
    events = folder / "events.jsonl"
    with open(events, "ab") as handle:
        handle.write(b'{"kind": "review_report", "sha')
    assert len(read_run_labels(folder).labels) == 1
    lines = events.read_text().split("\n")
    events.write_text("\n".join([lines[0], "garbage", *lines[1:]]))
    with pytest.raises(LabelError, match="not JSON") as raised:
        read_run_labels(folder)
    assert raised.value.line == 2


def test_labels_come_from_files_run_folders_folders_of_runs_and_run_ids(tmp_path):
    runs = tmp_path / "runs"
    first = ShadowRun(runs, run_id="20260101-000000-aaaaaa")
    same_text = first.candidate([], [("verified", "screen", False, 1.0)], text="fn same() {}\n")
    first.close()
    second = ShadowRun(runs, run_id="20260102-000000-bbbbbb")
    assert second.candidate([], [("failed", "screen", False, 2.0)], text="fn same() {}\n") == same_text
    second.candidate([], [("failed", "screen", False, 2.0)])
    second.close()
    jsonl = write_jsonl(tmp_path / "l.jsonl", [{"score": 1, "valid": False}])
    assert len(read_labels([str(runs)], runs_dir=runs).labels) == 2  # the same candidate in two runs: one label
    assert len(read_labels(["20260102"], runs_dir=runs).labels) == 2
    every = read_labels([str(jsonl), str(first.folder), "latest"], runs_dir=runs)
    assert [lab.valid for lab in every.labels] == [False, True, False]
    assert every.sources == [str(jsonl), str(first.folder), str(second.folder)]
    assert len(read_labels([str(second.folder / "events.jsonl")], runs_dir=runs).labels) == 2  # the run itself
    twice = read_labels([str(jsonl), str(jsonl), str(second.folder), "latest"], runs_dir=runs)
    assert len(twice.labels) == 3 and len(twice.sources) == 2
    with pytest.raises(LabelError, match="no run folders"):
        read_labels([str(tmp_path / "runs" / "20260101-000000-aaaaaa" / "candidates")], runs_dir=runs)
