"""The no-trigger rule: a quantifier with an integer variable that no term verus may trigger on mentions (the
guide's multitriggers.md: arithmetic is never in a trigger; `s[i]` beside `s[i + 1]` is a matching loop verus
refuses; shared/verus-outputs/doc22 is verus's message for it). Silent wherever that is not certain."""

import pytest

from verusagent.precheck.triggers import MESSAGE

from tests.precheck.test_precheck_rules import check, rules


def spec(body: str) -> str:
    return f"spec fn f(x: int) -> bool {{ x > 0 }}\n\nspec fn g(s: Seq<int>, n: int) -> bool {{\n    {body}\n}}\n"


@pytest.mark.parametrize(
    "body",
    [
        "forall|i: int| 0 <= i < n ==> i * 2 >= i",
        "exists|i: int| 0 <= i && i * 2 == n",
        "forall|i: int, j: int| 0 <= i < s.len() && 0 <= j < i ==> s[i] >= j",  # j in no term
        "forall|i: int| 0 <= i < s.len() - 1 ==> s[i] <= s[i + 1]",  # the guide's matching loop
        "forall|i: int| 0 <= i < n ==> s[i + 1] > 0",  # arithmetic inside the only term
        "forall|m: nat| m < 5 ==> (m as int) < 5",  # a cast is no term
    ],
)
def test_a_variable_no_trigger_can_cover_is_verus_s_error(body: str) -> None:
    report = check(spec(body))
    assert rules(report) == ["no-trigger"]
    [finding] = report.findings
    assert finding.diagnostic.message == MESSAGE and finding.diagnostic.location.line == 6
    assert report.verdict() == "frontend_rejected"


@pytest.mark.parametrize(
    "body",
    [
        "forall|i: int| 0 <= i < s.len() ==> s[i] > 0",  # s[i] is the trigger
        "forall|i: int| 0 <= i < n ==> f(i)",
        "forall|i: int| 0 <= i < n ==> #[trigger] f(i + 0) || i > 0",  # written by hand
        "forall|i: int| #![auto] 0 <= i < n ==> i >= 0",
        "forall|a: Seq<int>, b: Seq<int>| a + b == b + a",  # Seq's + is a function: a trigger
        "forall|i| 0 <= i < n ==> i >= 0",  # the type is inferred: not certain to be an integer
        "forall|i: int| 0 <= i < n ==> (forall|j: int| j == i ==> f(j))",  # nested: silent
        "forall|i: int, j: int| 0 <= i < j < s.len() ==> s[i] <= s[j]",
        "forall|i: int| 0 <= i < s.len() ==> s[i] == s.index(i)",
    ],
)
def test_a_quantifier_verus_can_trigger_or_that_is_unclear_passes(body: str) -> None:
    assert check(spec(body)).clean, body


def test_a_bit_vector_assertion_needs_no_trigger() -> None:
    body = "proof fn p() {\n    assert(forall|a: u64| a << 0u64 == a) by (bit_vector);\n}\n"
    assert check(body).clean
