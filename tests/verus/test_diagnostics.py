"""The kinds of section 7's catalogue (with version variants), their categories, and the location rule."""

import pytest

from verusagent.verus import Category, SpanRef
from verusagent.verus import DiagnosticKind as K
from verusagent.verus.assemble import failing_location
from verusagent.verus.diagnostics import classify

CATALOGUE = [
    ("precondition not satisfied", K.PRECONDITION),
    ("Call to non-static function fails to satisfy `callee.requires(args)`", K.PRECONDITION),
    ("postcondition not satisfied", K.POSTCONDITION),
    ("assertion failed", K.ASSERTION),
    ("invariant not satisfied at end of loop body", K.INVARIANT_END_OF_LOOP),
    ("invariant not satisfied before loop", K.INVARIANT_BEFORE_LOOP),
    ("loop invariant not satisfied", K.INVARIANT_AT_LOOP_EXIT),
    ("decreases not satisfied at end of loop", K.DECREASES_LOOP),
    ("decreases not satisfied at continue", K.DECREASES_LOOP),
    ("could not prove termination", K.TERMINATION),
    ("possible arithmetic underflow/overflow", K.ARITHMETIC_OVERFLOW),
    ("possible division by zero", K.DIVISION_BY_ZERO),
    ("possible bit shift underflow/overflow", K.BIT_SHIFT),
    ("precondition not met: index in bounds for this access", K.INDEX_BOUNDS),
    ("requires not satisfied", K.ASSERT_BY_REQUIRES),
    ("bitvector assertion not satisfied", K.BITVECTOR_ASSERTION),
    ("constructed value may fail to meet its declared type invariant", K.TYPE_INVARIANT),
    ("value may fail to meet its declared type invariant after the call", K.TYPE_INVARIANT),
    ("function body check: Resource limit (rlimit) exceeded; consider rerunning with --profile", K.RLIMIT),
    ("while loop: Resource limit (rlimit) exceeded", K.RLIMIT),
    ("function definition check: rlimit exceeded", K.RLIMIT),
    ("unable to prove inherent safety condition", K.STATE_MACHINE_CONDITION),
    ("assume/admit not allowed with --no-cheating", K.NO_CHEATING),
    ("external_body/assume_specification not allowed with --no-cheating", K.NO_CHEATING),
    ("cannot call function `crate::f` with mode exec", K.MODE_CALL),
    ("cannot call function with mode exec", K.MODE_CALL),
    ("expression has mode spec, expected mode exec", K.MODE_MISMATCH),
    ("cannot use proof variable in exec-code", K.MODE_OTHER),
    ("cannot use spec variable in exec-code", K.MODE_OTHER),
    ("unexpected proof block", K.PROOF_BLOCK_MISPLACED),
    ("loop must have a decreases clause", K.MISSING_DECREASES),
    ("recursive function must have a decreases clause", K.MISSING_DECREASES),
    ("Could not automatically infer triggers for this quantifier.  Use #[trigger] annotations", K.TRIGGER_INFERENCE),
    ("Could not automatically infer triggers for this quantifer.  Use #[trigger] annotations", K.TRIGGER_INFERENCE),
    ("trigger must be a function call, a field access, or arithmetic operator", K.TRIGGER_INVALID),
    ("The verifier does not yet support the following Rust feature: inline assembly", K.UNSUPPORTED_FEATURE),
    ("panic is not supported (if you used Rust's `assert!` macro, you may have meant ...)", K.PANIC_UNSUPPORTED),
    ("the return value must be named in a function with an ensures clause", K.NAMED_RETURN_REQUIRED),
    ("expected curly braces", K.SYNTAX),
    ("unknown start of token: \\u{2019}", K.SYNTAX),
    ("Verus Internal Error: something", K.INTERNAL_ERROR),
]

NOTES = [
    ("recommendation not met", K.RECOMMENDS),
    ("recommendation not met: value may be out of range of the target type", K.RECOMMENDS),
    (
        "function body check: not all errors may have been reported; rerun with a higher value for --multiple-errors",
        K.MORE_ERRORS_POSSIBLE,
    ),
    ("automatically chose triggers for this expression:", K.TRIGGER_NOTE),
    ("diagnostics via expansion", K.EXPANSION_NOTE),
    ("something nobody catalogued", K.OTHER_NOTE),
]


@pytest.mark.parametrize("message, kind", CATALOGUE)
def test_catalogue_errors(message: str, kind: K) -> None:
    assert classify(message, "error") == kind


@pytest.mark.parametrize("message, kind", NOTES)
def test_notes(message: str, kind: K) -> None:
    assert classify(message, "note") == kind


def test_codes_decide_before_messages() -> None:
    assert classify("mismatched types", "error", "E0308") == K.RUSTC_ERROR
    assert classify("unused variable: `x`", "warning", "unused_variables") == K.RUSTC_LINT
    assert classify("expected one of `,` or `)`", "error", None) == K.SYNTAX


def test_unknown_messages_fall_back_by_level() -> None:
    assert classify("a custom_err message", "error") == K.OTHER_ERROR
    assert classify("something odd", "warning") == K.OTHER_WARNING


def test_every_kind_has_a_category() -> None:
    from verusagent.verus.diagnostics import category_of

    categories = {kind: category_of(kind) for kind in K}
    assert categories[K.ASSERTION] == Category.VERIFICATION
    assert categories[K.MODE_CALL] == Category.FRONTEND
    assert categories[K.RUSTC_ERROR] == Category.RUSTC
    assert categories[K.TRIGGER_NOTE] == Category.NOTE


def s(label: str | None, line: int, primary: bool = False) -> SpanRef:
    return SpanRef(file="f.rs", line=line, col=1, label=label, is_primary=primary)


@pytest.mark.parametrize(
    "spans, chosen_line",
    [
        ([s(None, 1, True), s("failed precondition", 2)], 1),
        ([s("failed precondition", 2), s(None, 1, True)], 1),
        ([s("at the end of the function body", 5, True), s("failed this postcondition", 2)], 2),
        ([s("failed this postcondition", 2), s("at this exit", 9)], 9),
        ([s("might not be allowed at this call-site", 4), s("at this call-site", 7)], 7),
        ([s("failed this postcondition", 2), s("might not be allowed at this call-site", 4)], 4),
        ([s("failed precondition", 3)], 3),
    ],
)
def test_failing_location_rule(spans: list[SpanRef], chosen_line: int) -> None:
    assert failing_location(spans).line == chosen_line


def test_no_spans_no_location() -> None:
    assert failing_location([]) is None
