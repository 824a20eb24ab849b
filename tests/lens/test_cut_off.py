"""`is_cut_off`: whether a reply (or one function of it) was truncated, read from the lens's tokens.

tree-sitter recovers from an unclosed string or block comment silently (a lone `"` or `/*` token, or a string
token that stops short), so these are looked for besides the unbalanced brackets.
"""

import pytest

from verusagent.lens.tokens import is_cut_off

COMPLETE = [
    "",
    "fn f() { x }",
    'fn f() { let s = "}"; }',
    "fn f() { let c = '{'; let q = '\"'; let b = b'\"'; }",
    "fn f<'a>(x: &'a u8) { 'outer: loop { break 'outer; } }",
    'fn f() { let s = r#"} "quoted" {"#; let t = br"{"; }',
    "fn f() { // }\n}",
    "fn f() { /* } /* nested */ still */ }",
    'verus! { fn f() { let s = b"{"; let e = "esc \\" }"; } }',
    "fn f() {}\n//! trailing line comment {",
]
CUT_OFF = [
    "fn f() {",
    "fn f() { (] }",
    "fn f() { x }}",
    "fn f() {} /* an explanation cut off",
    "fn f() {}\n/** doc cut off",
    "fn f() { x /* a /* nested */ still open }",
    'fn f() {}\nconst S: &str = "abc',
    'fn f() { let s = "unclosed; }',
    'verus! { fn f() { let s = "unclosed; } }',
    'fn f() { let s = "escaped quote \\"; }',
    'fn f() { let s = r#"raw; }',
    'verus! { fn f() { let s = b"bytes; } }',
]


@pytest.mark.parametrize("text", COMPLETE)
def test_complete_code_is_not_cut_off(text: str) -> None:
    assert not is_cut_off(text)


@pytest.mark.parametrize("text", CUT_OFF)
def test_an_open_group_string_or_comment_is_cut_off(text: str) -> None:
    assert is_cut_off(text)
