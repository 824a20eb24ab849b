"""The calibration file the agent reads, and the report it is made from."""

import json

import pytest

from verusagent.review import Calibration, CalibrationFileError, load_calibration, reject_rule
from verusagent.review.calibration.file import save_calibration
from verusagent.review.calibration.labels import Label, LabelSet
from verusagent.review.calibration.report import calibrate


def labels(valid_scores: list[float], invalid: list[tuple[float, float | None]]) -> LabelSet:
    rows = [Label(score=s, valid=True, verus_s=1.0, source="v") for s in valid_scores]
    rows += [Label(score=s, valid=False, verus_s=t, source="i") for s, t in invalid]
    return LabelSet(labels=rows, sources=["labels.jsonl"])


def test_the_report_counts_runs_and_seconds_saved():
    report = calibrate(
        labels([0.0] * 95 + [1 / 3] * 5, [(1.0, 30.0), (2 / 3, 12.5), (1 / 3, 9.0), (1.0, None)]), tau=0.05, delta=0.10
    )
    assert (report.k, report.threshold, report.never_rejects) == (99, 1 / 3, False)
    assert (report.verus_runs_saved, report.verus_seconds_saved, report.rejected_without_verus_s) == (3, 42.5, 1)
    assert (report.tnr, report.fnr) == (0.75, 0.0)
    assert report.resampling is None and "no per-vote data" in report.resampling_skipped


def test_seconds_saved_are_null_when_no_label_carries_verus_s():
    rows = LabelSet(
        labels=[Label(score=0.0, valid=True, source="v")] * 50 + [Label(score=1.0, valid=False, source="i")]
    )
    report = calibrate(rows, 0.05, 0.10)
    assert (report.verus_runs_saved, report.verus_seconds_saved) == (1, None)


def test_the_file_round_trips_and_gives_the_gate_its_rule(tmp_path):
    calibration = calibrate(labels([0.0] * 98 + [2 / 3] * 2, [(1.0, 3.0)]), 0.05, 0.10).to_calibration()
    path = tmp_path / "calibration.json"
    save_calibration(calibration, path)
    loaded = load_calibration(path)
    assert loaded == calibration and loaded.threshold == 2 / 3 and loaded.sources == ["labels.jsonl"]
    rule = reject_rule(loaded, str(path))
    assert rule.rejects(1.0) and not rule.rejects(2 / 3)
    assert str(path) in rule.describe()


def test_a_file_without_threshold_never_rejects(tmp_path):
    calibration = calibrate(labels([0.0] * 10, [(1.0, 3.0)]), 0.05, 0.10).to_calibration()
    assert (calibration.threshold, calibration.k, calibration.n_needed) == (None, None, 45)
    path = tmp_path / "c.json"
    save_calibration(calibration, path)
    assert not reject_rule(load_calibration(path)).rejects(1.0)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe", "not a JSON calibration file"),
        (b"{}", "not a verusagent calibration file"),
        (b'{"format": "verusagent-calibration/1", "tau": 0.05}', "threshold"),
        (
            b'{"format": "verusagent-calibration/1", "threshold": 0.5, "k": null, "tau": 0.05, "delta": 0.1, '
            b'"n_valid": 3, "n_invalid": 0, "n_needed": 45}',
            "both be set or both be null",
        ),
        (
            b'{"format": "verusagent-calibration/1", "threshold": 1.5, "k": 3, "tau": 0.05, "delta": 0.1, '
            b'"n_valid": 3, "n_invalid": 0, "n_needed": 45}',
            "threshold",
        ),
    ],
)
def test_a_bad_file_is_refused_with_the_reason(tmp_path, content, message):
    path = tmp_path / "c.json"
    path.write_bytes(content)
    with pytest.raises(CalibrationFileError, match=message):
        load_calibration(path)
    with pytest.raises(CalibrationFileError, match="cannot read"):
        load_calibration(tmp_path / "absent.json")


def test_the_file_is_plain_json_with_a_format_tag(tmp_path):
    path = tmp_path / "c.json"
    save_calibration(
        Calibration(threshold=None, tau=0.05, delta=0.1, k=None, n_valid=0, n_invalid=0, n_needed=45), path
    )
    data = json.loads(path.read_text())
    assert data["format"] == "verusagent-calibration/1" and data["created"].endswith("+00:00")
