"""map_to_units: diagnostics placed in the lens's units and clauses."""

import pytest

from verusagent.verus import RunOptions, SpanRef, map_to_units, parse_text_log, run_verus
from verusagent.verus.units import byte_offset

lens = pytest.importorskip("verusagent.lens", reason="the lens (verusagent.lens.parse) is not in this tree yet")

SOURCE = """use vstd::prelude::*;
verus! {
fn inc(x: u32) -> (r: u32)
    requires x < 10,
    ensures r == x + 1,
{
    x + 1
}

fn sum(n: u32) -> (s: u32)
    requires n < 100,
{
    let mut i: u32 = 0;
    let mut s: u32 = 0;
    while i < n
        invariant i <= n, s <= i * 10,
        decreases n - i,
    {
        s = s + inc(i % 5);
        i = i + 1;
    }
    s
}
}
"""

SCENARIO = {
    "verdict": "failed",
    "errors": [
        {"message": "invariant not satisfied at end of loop body", "line_contains": "s <= i * 10"},
        {
            "message": "precondition not satisfied",
            "line_contains": "inc(i % 5)",
            "related": [{"line_contains": "x < 10", "label": "failed precondition"}],
        },
        {"message": "postcondition not satisfied", "line_contains": "r == x + 1", "label": "failed this postcondition"},
        {"message": "possible arithmetic underflow/overflow", "line_contains": "s + inc(i % 5)"},
        {
            "message": "precondition not satisfied",
            "line_contains": "inc(i % 5)",
            "related": [
                {"file": "vstd/arith.rs", "line": 40, "col": 9, "text": "a < b", "label": "failed precondition"}
            ],
        },
    ],
}


@pytest.fixture
def mapped(use_scenario):
    result = run_verus(use_scenario(SCENARIO), SOURCE, options=RunOptions(file_name="sum.rs"))
    return map_to_units(result.diagnostics, lens.parse(SOURCE.encode()), main_file=result.file_name)


def test_invariant_maps_to_its_loop_and_clause(mapped) -> None:
    invariant = mapped[0]
    assert invariant.unit_id == "fn:sum/loop#1"
    assert (invariant.clause.owner_id, invariant.clause.kind, invariant.clause.index) == (
        "fn:sum/loop#1",
        "invariant",
        1,
    )
    assert invariant.clause.text == "s <= i * 10"


def test_precondition_maps_to_the_call_and_the_callee_requires(mapped) -> None:
    precondition = mapped[1]
    assert precondition.unit_id == "fn:sum/call#1:inc" and precondition.clause is None
    [requires] = precondition.related
    assert requires.unit_id == "fn:inc"
    assert (requires.clause.owner_id, requires.clause.kind, requires.clause.text) == ("fn:inc", "requires", "x < 10")


def test_postcondition_maps_to_the_ensures_clause(mapped) -> None:
    post = mapped[2]
    assert post.unit_id == "fn:inc" and (post.clause.kind, post.clause.text) == ("ensures", "r == x + 1")


def test_expression_in_a_loop_body(mapped) -> None:
    assert mapped[3].unit_id == "fn:sum/loop#1" and mapped[3].clause is None


def test_span_in_another_file_has_no_unit(mapped) -> None:
    [outside] = mapped[4].related
    assert outside.file == "vstd/arith.rs" and outside.unit_id is None and outside.clause is None


def test_text_log_positions_without_bytes_map_too() -> None:
    log = """error: invariant not satisfied at end of loop body
  --> src/sum.rs:16:27
   |
16 |         invariant i <= n, s <= i * 10,
   |                           ^^^^^^^^^^^
"""
    [diagnostic] = map_to_units(parse_text_log(log).diagnostics, lens.parse(SOURCE.encode()), main_file="sum.rs")
    assert diagnostic.unit_id == "fn:sum/loop#1" and diagnostic.clause.text == "s <= i * 10"


def test_abbreviated_excerpt_without_lines_gets_no_unit() -> None:
    [diagnostic] = parse_text_log("error: assertion failed\n   |\n   |     assert(x);\n   |            ^\n").diagnostics
    [mapped] = map_to_units([diagnostic], lens.parse(SOURCE.encode()))
    assert mapped.unit_id is None


def test_byte_offset_counts_characters() -> None:
    data = "a\nlet é = 1;\n".encode()
    assert byte_offset(data, 2, 9) == data.index(b"=") + 2
    assert byte_offset(data, 9, 1) is None
    assert SpanRef(file="x.rs", line=3, col=4).where() == "x.rs:3:4"
