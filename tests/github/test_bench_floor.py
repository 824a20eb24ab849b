"""tools/ci/bench_floor.py: the real-verus count reported, and a failure only below a recorded floor."""

import json
from pathlib import Path

import pytest

from tests.github.ci_files import REPO_ROOT

SUMMARY = {
    "total": 150,
    "solved": 40,
    "unsolved": 104,
    "errors": 0,
    "skipped": 6,
    "median_calls": 1,
    "by_source": {"MBPP": {"total": 78, "solved": 20}, "Diffy": {"total": 38, "solved": 5}},
}


def write(tmp_path: Path, name: str, document) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document) if not isinstance(document, str) else document, encoding="utf-8")
    return path


def run(bench_floor, tmp_path: Path, summary, floor) -> tuple[int, str]:
    out = tmp_path / "job-summary.md"
    code = bench_floor.main(
        [
            str(write(tmp_path, "summary.json", summary)),
            str(write(tmp_path, "floor.json", floor)),
            "--verus-version",
            "0.2026.08.15.7d4628a",
            "--summary",
            str(out),
        ]
    )
    return code, out.read_text() if out.exists() else ""


def test_the_repository_floor_only_reports(bench_floor, tmp_path: Path) -> None:
    floor = json.loads((REPO_ROOT / ".github" / "verus-bench-floor.json").read_text())
    code, text = run(bench_floor, tmp_path, SUMMARY, floor)
    assert code == 0
    assert "Solved **40 of 150** (104 unsolved, 0 errors, 6 skipped)." in text
    assert "real verus 0.2026.08.15.7d4628a" in text and "not a gate" in text
    assert "No floor recorded yet" in text
    assert "| MBPP | 20 | 78 |" in text and text.index("| Diffy") < text.index("| MBPP")


@pytest.mark.parametrize(
    ("floor", "code", "sentence"),
    [
        (40, 0, "At or above the recorded floor of 40"),
        (12, 0, "At or above the recorded floor of 12"),
        (41, 1, "**Below the recorded floor of 41"),
    ],
)
def test_the_count_fails_only_below_the_floor(
    bench_floor, tmp_path: Path, floor: int, code: int, sentence: str
) -> None:
    recorded = {"solved": floor, "verus_version": "0.2026.08.15.7d4628a", "run": "https://example.invalid/run/1"}
    result, text = run(bench_floor, tmp_path, SUMMARY, recorded)
    assert result == code and sentence in text and "(measured with verus 0.2026.08.15.7d4628a)" in text


@pytest.mark.parametrize(
    ("summary", "floor"),
    [
        ("{not json", {"solved": None}),
        ({"total": 10}, {"solved": None}),
        ({"total": 10, "solved": 11}, {"solved": None}),
        ({"total": 10, "solved": -1}, {"solved": None}),
        (SUMMARY, {"solved": None, "claimed": 140}),
        (SUMMARY, {"solved": -3}),
    ],
)
def test_a_malformed_summary_or_floor_is_an_input_error(bench_floor, tmp_path: Path, summary, floor, capsys) -> None:
    code, text = run(bench_floor, tmp_path, summary, floor)
    assert code == 2 and text == ""
    assert "cannot read" in capsys.readouterr().err


def test_a_missing_summary_is_an_input_error(bench_floor, tmp_path: Path, capsys) -> None:
    floor = write(tmp_path, "floor.json", {"solved": None})
    assert bench_floor.main([str(tmp_path / "absent.json"), str(floor), "--verus-version", "x"]) == 2
    assert "absent.json" in capsys.readouterr().err
