"""No false alarm on honest proofs: guard(task input, ground truth) over all 154 Verus-Bench ground truths.

Expected: clean, except the MBPP ground truths that add tests to `fn main` (reported as exec changes in `main` and
nothing else) and the exceptions below, each a real change of the problem by the ground truth itself.
"""

import re
from pathlib import Path

from verusagent.guard import guard

# ground truth -> the exact (rule, function) violations it must get, and why they are right.
EXCEPTIONS: dict[str, tuple[set[tuple[str, str]], str]] = {
    "Diffy/verified/brs2.rs": (
        {("exec-changed", "fn:myfun")},
        "rewrites `sum.set(0, sum[0] + a[i])` as `let temp = sum[0]; sum.set(0, temp + a[i])`",
    ),
    "MBPP/verified/task_id_113.rs": (
        {
            ("function-deleted", "fn:is_digit_spec"),
            ("spec-changed", "fn:is_digit"),
            ("spec-changed", "fn:is_integer"),
            ("exec-changed", "fn:main"),
        },
        "renames spec fn `is_digit_spec` to `is_digit_sepc` (a typo) and the ensures clauses that use it",
    ),
    "MBPP/verified/task_id_436.rs": (
        {("exec-changed", "fn:find_negative_numbers"), ("exec-changed", "fn:main")},
        "adds the exec statement `let input_len = arr.len();` (used by a ghost assert)",
    ),
    "MBPP/verified/task_id_576_v2.rs": (
        {("spec-changed", "fn:sub_array_at_index"), ("spec-changed", "fn:is_sub_array"), ("exec-changed", "fn:main")},
        "an alternative ground truth that drops `requires sub.len() <= main.len()` and rewrites the ensures",
    ),
    "MBPP/verified/task_id_602.rs": (
        {("exec-changed", "fn:first_repeated_char"), ("exec-changed", "fn:main")},
        "adds the exec statement `let input_len = str1.len();` (used by a ghost assert)",
    ),
    "MBPP/verified/task_id_629.rs": (
        {("exec-changed", "fn:find_even_numbers"), ("exec-changed", "fn:main")},
        "adds the exec statement `let input_len = arr.len();` (used by a ghost assert)",
    ),
    "Misc/verified/deduplicate.rs": (
        {("spec-changed", "fn:remove_duplicates")},
        "the input's ensures says `nums@.to_set()==res@.to_set()`, the ground truth `=~=` (see PROVENANCE.md)",
    ),
}


_TEST_MACRO = re.compile(r"\bassert(_eq)?!")


def _name(bench_dir: Path, truth: Path) -> str:
    return truth.relative_to(bench_dir).as_posix()


def _kinds(report) -> set[tuple[str, str]]:
    return {(str(v.rule), v.function) for v in report.violations}


def test_the_corpus_has_154_ground_truths(corpus_pairs) -> None:
    assert len(corpus_pairs) == 154
    assert all(task.exists() for task, _ in corpus_pairs)


def test_honest_ground_truths_raise_no_false_alarm(bench_dir, corpus_pairs) -> None:
    unexpected = {}
    main_only = []
    for task, truth in corpus_pairs:
        name = _name(bench_dir, truth)
        report = guard(task.read_bytes(), truth.read_bytes())
        if name in EXCEPTIONS:
            continue
        if report.violations and _kinds(report) == {("exec-changed", "fn:main")} and name.startswith("MBPP/"):
            main_only.append(name)
        elif report.violations:
            unexpected[name] = [v.headline() for v in report.violations]
    assert unexpected == {}
    assert len(main_only) == 79 - 5  # 5 of the 79 ground truths that add tests are listed exceptions too


def test_main_changes_are_exactly_the_added_test_macros(bench_dir, corpus_pairs) -> None:
    """PROVENANCE.md counts 60 ground truths adding `assert_eq!`; 21 more add only `assert!` (2 have both): 79."""
    adds_tests = {
        _name(bench_dir, truth)
        for task, truth in corpus_pairs
        if _TEST_MACRO.search(truth.read_text()) and not _TEST_MACRO.search(task.read_text())
    }
    flagged = {
        _name(bench_dir, truth)
        for task, truth in corpus_pairs
        if any(v.function == "fn:main" for v in guard(task.read_bytes(), truth.read_bytes()).violations)
    }
    assert len(adds_tests) == 79
    assert flagged == adds_tests


def test_main_changes_are_reported_as_exec_changes_in_main(bench_dir, corpus_pairs) -> None:
    for task, truth in corpus_pairs:
        report = guard(task.read_bytes(), truth.read_bytes())
        for violation in report.violations:
            if violation.function == "fn:main":
                assert violation.rule == "exec-changed"
                assert violation.reason.startswith("exec code of `main` changed")
                assert "assert" in violation.evidence.candidate


def test_listed_exceptions_get_exactly_their_violations(bench_dir, corpus_pairs) -> None:
    pairs = {_name(bench_dir, truth): (task, truth) for task, truth in corpus_pairs}
    for name, (expected, _why) in EXCEPTIONS.items():
        task, truth = pairs[name]
        assert _kinds(guard(task.read_bytes(), truth.read_bytes())) == expected, name
