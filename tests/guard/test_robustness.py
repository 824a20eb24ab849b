"""Bad input never raises: a candidate the guard cannot read well still gets a report, and fails closed."""

import pytest

from verusagent.guard import Rule, core, guard, guard_new_file


def test_truncated_candidate_is_reported_as_unparsable(base_text, proved_text) -> None:
    truncated = proved_text[: len(proved_text) // 2]
    report = guard(base_text, truncated)
    assert not report.clean
    rules = {str(v.rule) for v in report.violations}
    assert "candidate-unparsable" in rules
    unparsable = next(v for v in report.violations if v.rule == Rule.CANDIDATE_UNPARSABLE)
    assert unparsable.reason.startswith("candidate does not parse cleanly: unbalanced")


def test_problems_already_in_the_original_are_not_blamed_on_the_candidate() -> None:
    broken = "verus! {\nfn f(x: u64) -> u64 { x\n"
    assert guard(broken, broken).violations == []
    assert guard(broken, broken + "// a comment\n").violations == []


@pytest.mark.parametrize(
    "candidate",
    [
        b"",
        b"\x00\x01\x02\xff\xfe",
        'fn main() { let s = "caf\u00e9"; }'.encode(),
        b"\xc3\x28 invalid utf-8",
        "}}}{{{",
        "#[",
        "verus! {",
    ],
)
def test_garbage_candidates_get_a_report(base_text, candidate) -> None:
    report = guard(base_text, candidate)
    assert not report.clean
    assert all(v.reason and "\n" not in v.reason for v in report.violations)


def test_an_empty_candidate_deletes_every_function(base_text) -> None:
    report = guard(base_text, "")
    deleted = {v.function for v in report.violations if v.rule == Rule.FUNCTION_DELETED}
    assert deleted == {"fn:main", "fn:sorted", "fn:sum_to", "fn:lemma_sum_to_grows", "fn:find", "fn:Counter::bump"}


def test_str_and_bytes_give_the_same_report(base_text, proved_text) -> None:
    cheat = proved_text.replace("i = i + 1;", "i = i + 2;")
    assert guard(base_text, cheat) == guard(base_text.encode(), cheat.encode())


def test_an_internal_failure_is_a_violation(monkeypatch, base_text, proved_text) -> None:
    def explode(pair):
        raise RuntimeError("boom")

    monkeypatch.setattr(core, "item_violations", explode)
    report = guard(base_text, proved_text)
    assert not report.clean
    [violation] = report.violations
    assert violation.rule == Rule.GUARD_ERROR
    assert "RuntimeError: boom" in violation.reason


def test_new_files_are_checked_for_escape_hatches_alone(proved_text) -> None:
    assert guard_new_file(proved_text).violations == []
    cheat = proved_text.replace("i = i + 1;", "i = i + 1;\n        assume(false);")
    report = guard_new_file(cheat + '\nconst X: &str = include_str!("x");\n')
    assert [str(v.rule) for v in report.violations] == ["escape-hatch-added", "outside-read-added"]


def test_reports_serialise_to_json(base_text, proved_text) -> None:
    report = guard(base_text, proved_text.replace("i = i + 1;", "i = i + 2;"))
    data = report.model_dump(mode="json")
    assert data["clean"] is False
    assert data["violations"][0]["rule"] == "exec-changed"
    assert set(data["violations"][0]) == {"rule", "severity", "function", "candidate", "original", "reason", "evidence"}
    assert type(report).model_validate_json(report.model_dump_json()).violations == report.violations


def test_a_failure_inside_the_guard_rejects_with_a_location_and_evidence(monkeypatch) -> None:
    import verusagent.guard.core as core

    def broken(_data):
        raise RuntimeError("simulated failure")

    monkeypatch.setattr(core, "analyse", broken)
    report = core.guard("fn main() {}\n", "fn main() {}\nfn extra() {}\n")
    assert not report.clean
    violation = report.violations[0]
    assert violation.rule == "guard-error" and violation.candidate.end_line == 3
    assert "simulated failure" in violation.evidence.candidate and violation.reason
