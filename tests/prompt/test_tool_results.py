"""The words of the agent-mode tools' answers (``verusagent.prompt.tool_results``) and of a session's stops
(``verusagent.prompt.session``), exactly: replies are cached by the prompt's text, so a change here is a change
of every session's prompt."""

import pytest

from verusagent.prompt import session
from verusagent.prompt import tool_results as shown


def test_a_view_numbers_its_lines_and_marks_the_errors() -> None:
    assert shown.numbered_line(7, "let x = 1;", marked=True) == ">    7 | let x = 1;"
    assert shown.numbered_line(12, "", marked=False) == "    12 | "
    assert shown.more_lines(40, 161, 200) == "[... 40 more lines: view('161-200') shows them]"
    assert shown.unit_view("fn:f (exec fn)", 3, 9, 20, "body") == "fn:f (exec fn), lines 3-9 of 20:\nbody"


@pytest.mark.parametrize(
    ("crate", "where", "heading"),
    [(False, "", "lines 2-4 of 10"), (True, " of src/net.rs", "lines 2-4 of src/net.rs (10 lines)")],
)
def test_a_line_range_names_its_file_in_a_crate(crate: bool, where: str, heading: str) -> None:
    assert shown.of_file("src/net.rs" if crate else None) == where
    assert shown.lines_view(2, 4, where, 10, crate, "x") == f"{heading}:\nx"


def test_the_outline() -> None:
    label = shown.function_label("fn:f", ["pub"], "exec")
    assert label == "fn:f (pub exec fn)" and shown.function_label("fn:g", [], "spec") == "fn:g (spec fn)"
    assert shown.outline_row(3, 9, label, 0) == "  lines 3-9  fn:f (pub exec fn)"
    assert shown.outline_row(3, 9, label, 1).endswith("  <- 1 error")
    assert shown.outline_row(3, 9, label, 2).endswith("  <- 2 errors")
    assert shown.file_outline_header("a.rs", None, False, 30, 2) == "a.rs: 30 lines, 2 functions"
    assert shown.file_outline_header("src/lib.rs", None, True, 30, 2, "s") == (
        "src/lib.rs (module the crate root): 30 lines, 2 functions; s"
    )
    assert shown.last_result(True, False, True, "failed", 3) == (
        "last result, from the verus STAND-IN (not verus) (whole crate): failed, 3 errors"
    )
    assert shown.not_verified_yet() == "not verified yet (call verify)"
    assert shown.ambiguous_entry("fn:a::f", "src/a.rs", 4) == "fn:a::f (line in src/a.rs 4)"


def test_definitions() -> None:
    assert shown.function_definition("fn:f (proof fn)", "a.rs", 1, 9, "proof fn f()", (2, 9), "fn:f") == (
        "fn:f (proof fn) in a.rs, lines 1-9:\nproof fn f()\n(body: lines 2-9; view('fn:f') shows it)"
    )
    assert shown.item_definition("struct", "S", "src/s.rs", 1, 3, "struct S {}") == (
        "struct S in src/s.rs, lines 1-3:\nstruct S {}"
    )
    assert shown.definitions(["a", "b", "c"], 2) == "a\n\nb\n[... 1 more definitions]"
    assert shown.definitions(["a"], 2) == "a"


def test_a_search_says_where_it_looked() -> None:
    assert shown.search_results("", False, "a.rs", "", "hit") == (
        "vstd: not searched\nIn a.rs: no lemma matches.\nIn vstd:\nhit"
    )
    assert shown.vstd_loaded("vstd 1.0", 12, cached=True) == "vstd 1.0: 12 lemmas (index from the cache)"


def test_a_session_s_stops() -> None:
    assert session.budget_spent("cost", 0.5, 0.25) == "session budget spent: 0.5 of 0.25 USD spent"
    assert session.seconds_spent(61.4, 60) == "session budget spent: 61 of 60 seconds passed"
    assert session.repeated_call("view", "x" * 200, 3) == f"view({'x' * 120}) made 3 times with no edit between"
    assert session.session_limits(40, 600.0, 10, None, 1.5) == (
        "at most 40 tool calls, 10 fresh verus runs, 600 seconds, $1.5"
    )
    rejected = session.rejected_before_verus("precheck", "abc", [])
    assert rejected.startswith("Not run: the pre-check rejected candidate abc")
