"""The same adapter tests against the stand-in (always) and against the real verus (`-m verus`)."""

import pytest

from verusagent.verus import RunOptions, Verdict, VerusInstall, run_verus

from tests.verus.adapter_cases import CASES, Case


@pytest.fixture(params=["standin", pytest.param("real", marks=pytest.mark.verus)])
def verus(request, use_scenario) -> VerusInstall:
    if request.param == "real":
        return request.getfixturevalue("real_verus")
    return use_scenario("adapter_cases")


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_case(case: Case, verus: VerusInstall) -> None:
    result = run_verus(verus, case.source, options=RunOptions(timeout_s=300, file_name="case_mode.rs"))
    assert result.verdict == case.verdict, (result.reasons, result.stderr[-2000:])
    assert not result.partial and not result.from_cache
    assert result.accepted is (case.verdict == Verdict.VERIFIED)
    if case.kind is not None:
        first = result.errors_only()[0]
        assert first.kind == case.kind, first.message
        assert first.location.text == case.location_text
        assert first.location.file == "case_mode.rs"
    if case.related_label is not None:
        assert [r.label for r in result.errors_only()[0].related] == [case.related_label]


def test_crate_type_follows_fn_main(verus: VerusInstall) -> None:
    by_name = {c.name: c for c in CASES}
    with_main = run_verus(verus, by_name["with_main"].source, options=RunOptions(use_cache=False))
    library = run_verus(verus, by_name["verified"].source, options=RunOptions(use_cache=False))
    assert "--crate-type=lib" not in with_main.flags and "--crate-type=lib" in library.flags
    assert with_main.verdict == library.verdict == Verdict.VERIFIED


def test_focused_run_is_partial_and_never_verified(verus: VerusInstall) -> None:
    source = next(c.source for c in CASES if c.name == "verified")
    result = run_verus(verus, source, options=RunOptions(verify_function="double"))
    assert result.partial and result.verdict == Verdict.VERIFIED_PARTIAL and not result.accepted
    assert result.flags[-3:] == ["--verify-function", "double", "--verify-root"]


def test_the_stand_in_is_recorded_as_such(verus: VerusInstall) -> None:
    result = run_verus(verus, CASES[0].source)
    assert result.is_standin is verus.is_standin
    assert result.verus_version == verus.version and result.verus_path == verus.path
