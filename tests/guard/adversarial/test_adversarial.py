"""The red team's cases (issue 19): every cheat must be refused by the guard, every honest proof let through.

A failing case here is a hole in the guard (or an honest proof it flags); none is marked xfail: the list of
failures is the guard's work list. `README.md` beside this file has the table of what the guard catches.
"""

from collections import Counter
from pathlib import Path

import pytest

from verusagent.lens import parse

from tests.guard.adversarial.adversarial_cases import (
    CASES_DIR,
    Case,
    CaseClass,
    all_cases,
    apply_edits,
    case_paths,
    corpus_text,
    load_case,
    verdict_holds,
)

MIN_CHEATS_PER_CLASS = 6
MIN_CHEATS = 110
MIN_HONEST = 40
MIN_CHEATS_ON_REAL_FILES = 25
# Honest cases whose valid Verus the lens cannot read today: that gap is what the case shows (issue 19 names it),
# so the lens's problem report on them is expected until the lens is fixed; no cheat may be listed here.
LENS_GAPS_UNDER_TEST: dict[str, str] = {}


def _case_id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def _shared_for(case: Case, request) -> Path | None:
    """The shared data folder for a case made from a corpus file (the test skips, saying why, without it)."""
    return request.getfixturevalue("shared_dir") if case.original_file else None


def _shown(report) -> str:
    return "; ".join(v.headline() for v in report.violations) or "no violations"


@pytest.mark.parametrize("path", case_paths(), ids=_case_id)
def test_case(path: Path, request) -> None:
    case = load_case(path)
    report = case.run(_shared_for(case, request))
    if case.kind in ("cheat", "refused"):
        allowed = f" with one of the rules {[str(r) for r in case.rules]}" if case.rules else ""
        assert verdict_holds(case, report), (
            f"{case.kind} case passed the guard{allowed}: {case.reason} [{_shown(report)}]"
        )
    else:
        assert verdict_holds(case, report), f"honest proof flagged: {case.reason} [{_shown(report)}]"


def test_every_case_parses_and_sits_in_its_class_folder() -> None:
    for path in case_paths():
        case = load_case(path)
        assert path.parent.name == case.case_class, f"{path} holds a case of class {case.case_class}"
    assert not sorted(CASES_DIR.glob("*/*")) or {p.suffix for p in CASES_DIR.glob("*/*")} == {".toml"}


def test_the_suite_is_large_enough_in_every_class() -> None:
    cases = all_cases()
    cheats = Counter(c.case_class for c in cases if c.kind == "cheat")
    thin = {str(k): cheats[k] for k in CaseClass if cheats[k] < MIN_CHEATS_PER_CLASS}
    assert not thin, f"classes with fewer than {MIN_CHEATS_PER_CLASS} cheats: {thin}"
    assert sum(cheats.values()) >= MIN_CHEATS
    assert sum(c.kind == "honest" for c in cases) >= MIN_HONEST
    on_files = sum(c.kind == "cheat" and c.original_file is not None for c in cases)
    assert on_files >= MIN_CHEATS_ON_REAL_FILES


def test_every_edit_finds_its_text_exactly_once(shared_dir: Path) -> None:
    for case in all_cases():
        if case.original_file:
            text = corpus_text(shared_dir / case.original_file)
            for edit in case.edit:
                assert text.count(edit.find) == 1, f"{case.id}: {edit.find[:60]!r} occurs {text.count(edit.find)}x"
            apply_edits(text, case.edit, case.id)


def _problems(text: str) -> list[str]:
    return [p.message for p in parse(text).problems]


def test_both_texts_of_every_case_read_cleanly_for_the_lens(request) -> None:
    """A cheat the guard catches only because the lens cannot read it proves nothing: both texts must parse."""
    bad = []
    for case in all_cases():
        if case.id in LENS_GAPS_UNDER_TEST:
            assert case.kind == "honest", f"{case.id}: a cheat must parse cleanly to count as caught"
            continue
        if case.crate is not None:
            pairs = [
                (f"{side}:{name}", text)
                for side, files in (("original", case.crate.original), ("candidate", case.crate.candidate))
                for name, text in files.items()
                if name.endswith(".rs")
            ]
        else:
            try:
                original, candidate = case.texts(_shared_for(case, request))
            except pytest.skip.Exception:
                continue  # no shared corpus: its cases are checked where it is present
            pairs = [("original", original), ("candidate", candidate)]
        bad.extend(f"{case.id} {side}: {_problems(text)}" for side, text in pairs if _problems(text))
    assert not bad, "\n".join(bad)
