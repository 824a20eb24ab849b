"""The syntax and exec-in-spec rules stay silent on what verus accepts (the collection of failing attempts,
tests/precheck/test_attempts.py, shows what they catch)."""

import pytest

from tests.precheck.test_precheck_rules import check, exec_fn


@pytest.mark.parametrize(
    "statements",
    [
        "    #[allow(unused_variables)]\n    let y = x;",  # an attribute's `]` is no operand
        "    let a = x.min(2)\n        ;\n    let b = a;",
        "    let t = x.checked_add(1).or(Some(0));",  # a method named `or`
        "    assert(x < 100 <==> x <= 99);",  # `<==>` lexes as `<=` `=>`
        "    let v2 = if x > 0 { 1u64 } else { 2u64 };\n    let w = v2;",
        "    proof {\n        assert(x >= 0);\n    }\n    let z = x;",
    ],
)
def test_statements_verus_accepts_pass(statements: str) -> None:
    assert check(exec_fn(statements)).clean, statements


def test_a_match_in_a_clause_may_have_arms_and_a_trait_fn_may_end_at_its_clauses() -> None:
    body = (
        "pub enum E { A, B }\n"
        "spec fn pick(e: E) -> int\n    recommends\n        match e { E::A => true, E::B => true },\n"
        "{\n    0\n}\n"
        "pub trait T {\n    fn get(&self) -> (r: u64)\n        ensures r > 0;\n    fn other(&self);\n}\n"
    )
    assert check(body).clean


def test_an_exec_fn_that_spec_code_may_call_is_not_reported() -> None:
    body = (
        "#[verifier::when_used_as_spec(spec_len)]\nfn len2(x: u64) -> u64 { x }\n"
        "spec fn spec_len(x: u64) -> u64 { x }\n"
        "spec fn uses(x: u64) -> bool { len2(x) > 0 }\n"
    )
    assert check(body).clean
