"""`verusagent calibrate LABELS...`: the JSON shape, the text, --out, exit codes, and a shadow-mode run folder."""

import json
from pathlib import Path

from typer.testing import CliRunner

from verusagent.cli import app
from verusagent.review import load_calibration

from tests.review.review_records import ShadowRun, vote_finding

runner = CliRunner()
VOTES = {
    0: ["minor", "not_real", "minor"],
    1: ["substantial", "minor", "not_real"],
    2: ["substantial", "substantial", "minor"],
    3: ["substantial"] * 3,
}


def calibrate(*args: str):
    return runner.invoke(app, ["calibrate", *args])


def write_labels(path: Path, valid: dict[int, int], invalid: dict[int, int], seconds: float | None = 20.0) -> Path:
    """Rows with 3 votes: ``valid``/``invalid`` map a count of substantial votes to how many rows have it."""
    rows = []
    for is_valid, counts in ((True, valid), (False, invalid)):
        for substantial, how_many in counts.items():
            row = {"score": substantial / 3, "valid": is_valid, "votes": VOTES[substantial]}
            rows += [row | ({"verus_s": seconds} if seconds is not None else {})] * how_many
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


def test_json_is_one_object_with_the_threshold_and_what_it_saves(tmp_path):
    labels = write_labels(tmp_path / "l.jsonl", valid={0: 90, 1: 8, 2: 2}, invalid={1: 10, 2: 15, 3: 15})
    result = calibrate(str(labels), "--tau", "0.05", "--delta", "0.10", "--json", "--trials", "200")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {
        "n_valid",
        "n_invalid",
        "k",
        "threshold",
        "n_needed",
        "tnr",
        "fnr",
        "verus_runs_saved",
        "verus_seconds_saved",
        "resampling",
    } <= set(data)
    assert (data["n_valid"], data["n_invalid"], data["k"], data["n_needed"]) == (100, 40, 99, 45)
    assert data["threshold"] == 2 / 3 and data["fnr"] == 0.0 and data["tnr"] == 15 / 40
    assert (data["verus_runs_saved"], data["verus_seconds_saved"]) == (15, 300.0)
    assert data["resampling"]["trials"] == 200 and data["resampling_skipped"] is None


def test_text_says_what_the_threshold_means(tmp_path):
    labels = write_labels(tmp_path / "l.jsonl", valid={0: 90, 1: 8, 2: 2}, invalid={1: 10, 2: 15, 3: 15}, seconds=None)
    result = calibrate(str(labels), "--trials", "100")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "threshold: 0.6667 (2/3) (k = 99: the 99th smallest of the 100 valid scores)" in out
    assert "rejects a candidate only when its score is strictly above 0.6667 (2/3)" in out
    assert "with 3 votes per finding (scores 0, 1/3, 2/3, 1) it rejects only a score of 1" in out
    assert "TNR 0.375 (15 of 40 invalid rejected), FNR 0.000 (0 of 100 valid rejected)" in out
    assert "seconds unknown" in out and "resampling (100 trials" in out


def test_a_threshold_of_one_with_three_votes_is_said_to_never_reject(tmp_path):
    labels = write_labels(tmp_path / "l.jsonl", valid={0: 95, 3: 5}, invalid={3: 20})
    result = calibrate(str(labels), "--trials", "50")
    assert result.exit_code == 0, result.output
    assert "threshold: 1 (k = 99" in result.stdout
    assert "can never reject (with 3 votes the scores are 0, 1/3, 2/3, 1)" in result.stdout
    assert json.loads(calibrate(str(labels), "--json", "--trials", "50").stdout)["never_rejects"] is True


def test_too_few_valid_labels_is_a_result_saying_how_many_are_needed(tmp_path):
    labels = write_labels(tmp_path / "l.jsonl", valid={0: 30}, invalid={3: 5})
    result = calibrate(str(labels))
    assert result.exit_code == 0, result.output
    assert "no threshold: 30 valid labels are too few; the rule needs at least 45" in result.stdout
    data = json.loads(calibrate(str(labels), "--json").stdout)
    assert (data["k"], data["threshold"], data["n_needed"], data["tnr"]) == (None, None, 45, 0.0)


def test_out_writes_the_calibration_file_and_keeps_a_previous_one(tmp_path):
    labels = write_labels(tmp_path / "l.jsonl", valid={0: 90, 1: 8, 2: 2}, invalid={3: 15})
    out = tmp_path / "calibration.json"
    result = calibrate(str(labels), "--out", str(out), "--trials", "50")
    assert result.exit_code == 0, result.output
    assert f"calibration written to {out}" in result.stdout
    loaded = load_calibration(out)
    assert (loaded.threshold, loaded.k, loaded.tau, loaded.delta, loaded.n_valid, loaded.n_invalid) == (
        2 / 3,
        99,
        0.05,
        0.10,
        100,
        15,
    )
    assert loaded.sources == [str(labels)] and loaded.vote_counts == [3]
    first = out.read_bytes()
    assert calibrate(str(labels), "--out", str(out), "--tau", "0.10", "--trials", "50").exit_code == 0
    assert (tmp_path / "calibration.json.bak").read_bytes() == first
    assert load_calibration(out).tau == 0.10


def test_out_never_overwrites_a_file_that_is_not_a_calibration(tmp_path):
    labels = write_labels(tmp_path / "l.jsonl", valid={0: 50}, invalid={})
    precious = tmp_path / "notes.json"
    precious.write_text("my notes")
    result = calibrate(str(labels), "--out", str(precious))
    assert result.exit_code == 2 and "not a calibration file: refusing to overwrite" in result.stderr
    assert precious.read_text() == "my notes"
    unwritable = calibrate(str(labels), "--out", str(tmp_path / "no" / "such" / "dir" / "c.json"))
    assert unwritable.exit_code == 2 and "cannot write --out" in unwritable.stderr


def test_malformed_input_exits_2_with_the_file_and_line(tmp_path):
    labels = tmp_path / "l.jsonl"
    labels.write_text('{"score": 0.0, "valid": true}\n{"score": 0.0, "valid": "yes"}\n')
    result = calibrate(str(labels))
    assert result.exit_code == 2
    assert f"error: {labels}:2: valid:" in result.stderr and result.stdout == ""


def test_no_labels_bad_options_and_missing_files_exit_2(tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    assert calibrate(str(empty)).exit_code == 2
    for option in (["--tau", "0"], ["--delta", "1.0"], ["--tau", "-0.5"]):
        result = calibrate(str(empty), *option)
        assert result.exit_code == 2 and "strictly between 0 and 1" in result.stderr
    missing = calibrate(str(tmp_path / "absent.jsonl"), "--runs-dir", str(tmp_path))
    assert missing.exit_code == 2 and "no such file or run folder" in missing.stderr


def test_a_shadow_mode_run_folder_is_calibrated_and_its_stand_in_verdicts_are_named(tmp_path):
    run = ShadowRun(tmp_path / "runs", standin=True)
    for index in range(50):
        run.candidate([vote_finding(VOTES[index % 2])], [("verified", "screen", False, 1.5)])
    for _ in range(10):
        run.candidate([vote_finding(VOTES[3])], [("failed", "screen", False, 30.0)])
    folder = run.close()
    result = calibrate(str(folder), "--json", "--trials", "100")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["n_valid"], data["n_invalid"], data["k"], data["threshold"]) == (50, 10, 50, 1 / 3)
    assert (data["verus_runs_saved"], data["verus_seconds_saved"], data["standin_labels"]) == (10, 300.0, 60)
    assert data["resampling"] is None and "would hold 25 valid labels" in data["resampling_skipped"]
    text = calibrate(str(folder), "--trials", "100").stdout
    assert "WARNING: 60 of 60 labels carry verdicts of the verus STAND-IN (not verus)" in text


def test_a_run_without_shadow_reports_gives_no_labels(tmp_path):
    run = ShadowRun(tmp_path / "runs")
    run.candidate([], [("verified", "screen", False, 1.0)], mode="on", score=0.0)
    result = calibrate(str(run.close()))
    assert result.exit_code == 2 and "--review shadow" in result.stderr
