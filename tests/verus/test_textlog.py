"""Human-format logs beyond the published samples: results-line forms, glued lines, label layouts."""

from verusagent.verus import DiagnosticKind as K
from verusagent.verus import Verdict, parse_log, parse_text_log

ASSERTION = """error: assertion failed
  --> lib.rs:4:12
   |
4  |     assert(x > 0);
   |            ^^^^^ assertion failed
"""


def test_results_line_new_old_and_oldest_forms() -> None:
    assert parse_text_log("verification results:: 3 verified, 0 errors").summary.verified == 3
    assert parse_text_log("verification results:: verified: 2 errors: 1").summary.errors == 1
    assert parse_text_log("Verification results:: verified: 5 errors: 0").verdict == Verdict.VERIFIED


def test_results_line_glued_to_progress_text_is_found() -> None:
    log = "[00:00:03] ████████████ 4/4 verification results:: 4 verified, 0 errors"
    parsed = parse_text_log(log)
    assert parsed.verdict == Verdict.VERIFIED and parsed.summary.verified == 4
    assert parsed.raw_lines == ["[00:00:03] ████████████ 4/4"]


def test_results_line_glued_before_an_aborting_line() -> None:
    parsed = parse_text_log(
        ASSERTION + "\nverification results:: 0 verified, 1 errorserror: aborting due to 1 previous error\n"
    )
    assert parsed.verdict == Verdict.FAILED
    assert [d.kind for d in parsed.diagnostics] == [K.ASSERTION]


def test_results_line_before_or_after_aborting() -> None:
    for tail in (
        "error: aborting due to 1 previous error\n\nverification results:: 0 verified, 1 errors\n",
        "verification results:: 0 verified, 1 errors\nerror: aborting due to 1 previous error\n",
    ):
        parsed = parse_text_log(ASSERTION + "\n" + tail)
        assert parsed.verdict == Verdict.FAILED and len(parsed.diagnostics) == 1


def test_partial_results_line() -> None:
    parsed = parse_text_log("verification results:: 1 verified, 0 errors (partial verification with `--verify-*`)")
    assert parsed.partial and parsed.verdict == Verdict.VERIFIED_PARTIAL


def test_help_and_note_lines_attach_to_their_diagnostic() -> None:
    log = """error: recursive function must have a decreases clause
 --> lib.rs:2:1
  |
2 | fn f(n: u64) -> u64 {
  | ^^^^^^^^^^^^^^^^^^^
  |
  = help: use `#[verifier::exec_allows_no_decreases_clause]` to disable the check
  = note: termination matters
"""
    [d] = parse_text_log(log).diagnostics
    assert d.kind == K.MISSING_DECREASES
    assert d.helps == ["use `#[verifier::exec_allows_no_decreases_clause]` to disable the check"]
    assert d.notes == ["termination matters"]
    assert (d.location.line, d.location.col, d.location.end_col) == (2, 1, 20)


def test_message_running_over_lines() -> None:
    log = "note: checking this function used these broadcasted lemmas and broadcast groups:\n  - a::b,\n  - c::d\n"
    [d] = parse_text_log(log).diagnostics
    assert d.message.endswith("- a::b, - c::d") and d.kind == K.AXIOM_USAGE_NOTE


def test_stand_in_marker_stays_raw_text() -> None:
    parsed = parse_text_log("[verus stand-in] note: not the real verus; answering from scenario x\n" + ASSERTION)
    assert parsed.standin_detected
    assert parsed.raw_lines == ["[verus stand-in] note: not the real verus; answering from scenario x"]
    assert [d.kind for d in parsed.diagnostics] == [K.ASSERTION]


def test_backtrace_hint_is_not_a_note() -> None:
    parsed = parse_text_log("note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n")
    assert parsed.diagnostics == [] and len(parsed.raw_lines) == 1


def test_columns_count_characters_not_bytes() -> None:
    log = """error: assertion failed
 --> lib.rs:3:25
  |
3 |     let s = "é"; assert(s@.len() == 1);
  |                         ^^^^^^^^^^^^^ assertion failed
"""
    [d] = parse_text_log(log).diagnostics
    assert (d.location.col, d.location.text) == (25, "s@.len() == 1")


def test_garbage_is_kept_and_decides_nothing() -> None:
    parsed = parse_log("\x00\x01 not a verus log\n{ broken json\n")
    assert parsed.verdict is None and parsed.diagnostics == []
    assert parsed.raw_lines == ["\x00\x01 not a verus log", "{ broken json"]
