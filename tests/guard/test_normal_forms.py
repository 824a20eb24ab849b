"""The normal forms of exec code and specs, each both ways: what reads the same, and the nearby change that does
not (a 1-tuple's comma, a statement between a let and its tail, an exec value moved into a wrapper, ...)."""

import pytest

from verusagent.guard import guard

PRELUDE = """use vstd::prelude::*;
verus! {
pub struct S { pub a: u64, pub g: Ghost<int> }
fn pair() -> (r: (u64, Ghost<int>)) { (1, Ghost(0)) }
fn take<T>(t: T) {}
"""


def program(body: str, macros: str = "") -> str:
    return f"{PRELUDE}{macros}fn f(s: &mut S, c: bool, x: u64) -> (r: u64)\n    ensures r >= 0,\n{{\n{body}\n}}\n}}\n"


def rules(a: str, b: str, macros: str = "") -> set[str]:
    return {str(v.rule) for v in guard(program(a, macros), program(b, macros)).violations}


SAME = [
    ("take((x, 1,)); x", "take((x, 1)); x"),
    ("take(S { a: x, g: Ghost(0), }); x", "take(S { a: x, g: Ghost(0) }); x"),
    ("take(Vec::<u64,>::new()); x", "take(Vec::<u64>::new()); x"),
    (
        "take::<(u64, Ghost<Seq<u64>>)>((x, Ghost(Seq::empty()))); x",
        "take::<(u64, Ghost<Seq<u64>,>,)>((x, Ghost(Seq::empty()))); x",
    ),
    ("take(x,); x", "take(x); x"),
    ("match c { true => { take(x) }, false => take(1), }; x", "match c { true => take(x), false => { take(1) } }; x"),
    ("match c { true => {}, false => take(1) }; x", "match c { true => assert(x >= 0), false => take(1) }; x"),
    ("let r = x + 1; r", "x + 1"),
    ("let mut r = x + 1; proof { assert(r > x); } r", "x + 1"),
    ("if c { let r = x; return r; } x", "if c { return x; } x"),
    ("if c { take(1); } else { proof { assert(c == false); } } x", "if c { take(1); } x"),
    ("{ proof { assert(true); } } x", "x"),
    ("s.g = Ghost(1); x", "x"),
    ("take(Ghost(x as int)); x", "take(Ghost(0int)); x"),
    ("take(Tracked(x)); x", "take(Tracked(1u64)); x"),
    ("let g = Ghost(x as int); take(g); x", "take(Ghost(0int)); x"),
    ("let (a, g) = pair(); take(g); a", "let (a, Ghost(h)) = pair(); take(Ghost(h)); a"),
    ("assert_seqs_equal!(seq![x], seq![x]); x", "x"),
    ("assert_by_contradiction!(x >= 0, { assert(false); }); x", "x"),
    ("if (c) { take(x) } x", "if c { take(x) } x"),
]

DIFFERENT = [
    ("take((x,)); x", "take((x)); x"),
    ("return (x,);", "return (x);"),
    ("let r = x + 1; r", "x + 2"),
    ("let r = x + 1; take(1); r", "take(1); x + 1"),
    ("take({ let r: u64 = 5; r }); x", "take({ 5 }); x"),
    ("if c { take(1); } else { take(2); } x", "if c { take(1); } x"),
    ("if c {} x", "x"),
    ("s.a = 1; x", "x"),
    ("take(x); x", "take(Ghost(x)); x"),
    ("let g = x; take(g); x", "take(Ghost(x)); x"),
    (
        "match c { true => { take(1); take(x) }, false => take(1) }; x",
        "match c { true => take(x), false => take(1) }; x",
    ),
    ("match c { true => take(x), false => take(1) }; x", "match c { true => {}, false => take(1) }; x"),
    ("let (a, b) = (x, 1u64); take(b); a", "let (a, b) = (x, 1u64); take(Ghost(b)); a"),
]


@pytest.mark.parametrize(("a", "b"), SAME)
def test_reads_the_same(a: str, b: str) -> None:
    assert rules(a, b) == set()
    assert rules(b, a) == set()


@pytest.mark.parametrize(("a", "b"), DIFFERENT)
def test_a_real_change_is_still_one(a: str, b: str) -> None:
    assert rules(a, b) == {"exec-changed"}
    assert rules(b, a) == {"exec-changed"}


def test_a_proof_macro_the_file_defines_itself_is_its_code() -> None:
    own = "macro_rules! assert_seqs_equal { ($a:expr, $b:expr) => { take($a) }; }\n"
    assert rules("assert_seqs_equal!(x, x); x", "x", own) == {"exec-changed"}


def test_a_ghost_name_shadowing_a_parameter_is_not_a_wrapper() -> None:
    assert rules("let x = Ghost(0int); take(x); 0", "take(Ghost(1int)); 0") == {"exec-changed"}


def test_a_use_before_the_ghost_binding_is_the_earlier_value() -> None:
    assert rules("let g = x; take(g); let g = Ghost(0int); x", "let g = x; take(Ghost(1int)); x") == {"exec-changed"}


def test_a_wrapper_the_file_defines_itself_is_exec_code() -> None:
    own = "pub struct Ghost<T>(pub T);\n"
    assert rules("take(Ghost(x)); x", "take(Ghost(1u64)); x", own) == {"exec-changed"}


def test_a_ghost_name_holds_its_wrapper_only_in_its_block() -> None:
    inner = "let g = x; if c { let g = Ghost(0int); take(1); } take(g); x"
    assert rules(inner, "let g = x; if c { take(1); } take(Ghost(0int)); x") == {"exec-changed"}
    assert rules(inner, "let g = x; if c { take(1); } take(g); x") == set()


def test_a_trailing_comma_after_the_last_parameter_is_the_same_signature() -> None:
    """`(x: T,)` is the parameter list `(x: T)` (a storage task writes it so; its ground truth does not), while a
    parameter's own 1-tuple type keeps its comma."""

    def lemma(params: str) -> str:
        return f"{PRELUDE}proof fn l({params})\n    ensures true,\n{{\n}}\n}}\n"

    assert guard(lemma("x: u64,"), lemma("x: u64")).violations == []
    assert guard(lemma("x: u64, y: u64,"), lemma("x: u64, y: u64")).violations == []
    assert {str(v.rule) for v in guard(lemma("x: (u64,)"), lemma("x: (u64)")).violations} == {"spec-changed"}
