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


@pytest.fixture
def with_methods(shared_vstd_methods):
    from verusagent.precheck import PrecheckContext, precheck_source

    from tests.precheck.test_precheck_rules import PRELUDE

    def run(body: str):
        text = PRELUDE + body + "\nfn main() {}\n} // verus!\n"
        context = PrecheckContext(crate_name="t", vstd_names=frozenset(), vstd_methods=shared_vstd_methods)
        return precheck_source(text.encode(), "t.rs", context)

    return run


def test_a_method_vstd_s_seq_lacks_is_rustc_s_e0599(with_methods) -> None:
    report = with_methods("spec fn f(s: Seq<int>) -> bool {\n    s.length() > 0\n}\n")
    [finding] = report.findings
    assert str(finding.rule) == "unknown-method" and finding.diagnostic.code == "E0599"
    assert finding.diagnostic.message == "no method named `length` found for struct `Seq` in the current scope"


@pytest.mark.parametrize(
    "body",
    [
        "spec fn f(s: Seq<int>) -> bool {\n    s.len() > 0 && s.subrange(0, 1).len() == 1\n}\n",
        "spec fn f(s: Seq<int>) -> bool {\n    let s = 5int;\n    s.length() > 0\n}\n",  # rebound: not a Seq
        "spec fn f(s: Map<int, int>) -> bool {\n    s.dom().contains(1)\n}\n",
        "trait Ext { spec fn length(&self) -> int; }\nspec fn f(s: Seq<int>) -> bool {\n    s.length() > 0\n}\n",
        "spec fn f(s: Seq<int>) -> bool {\n    s.max() > 0\n}\n",  # a Rust trait's name: another error
    ],
)
def test_methods_it_cannot_rule_out_pass(with_methods, body: str) -> None:
    assert not [f for f in with_methods(body).findings if str(f.rule) == "unknown-method"], body


def test_a_literal_of_another_kind_than_the_declared_type_is_e0308() -> None:
    [finding] = check(exec_fn("    let y: u64 = true;")).findings
    assert str(finding.rule) == "mismatched-types" and finding.diagnostic.code == "E0308"
    assert finding.diagnostic.message == "mismatched types"


@pytest.mark.parametrize(
    "statement",
    ["let y: u64 = 5;", "let b: bool = false;", "let f: f64 = 1.5;", 'let s: &str = "a";', "let c: u8 = 0xe5;"],
)
def test_literals_of_the_declared_kind_pass(statement: str) -> None:
    assert check(exec_fn("    " + statement)).clean, statement
