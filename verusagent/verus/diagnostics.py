"""What a verus diagnostic means: its kind (the catalogue of verus-reference.md section 7), its category, and
which of its spans is the failing location.

Messages are matched by prefix or regex, never by equality, and older wordings are kept beside current ones
(e.g. `cannot call function with mode exec`, `quantifer`, `function definition check: rlimit exceeded`).
"""

import re
from enum import StrEnum


class Category(StrEnum):
    VERIFICATION = "verification"  # an SMT query failed; counted in verus's `errors`
    FRONTEND = "frontend"  # VIR, mode, well-formedness, trigger or syntax error: no SMT ran
    RUSTC = "rustc"  # a rustc error or lint with a code (E0308, unused_variables)
    INTERNAL = "internal"  # Verus Internal Error
    NOTE = "note"  # informational: not counted
    OTHER = "other"


class DiagnosticKind(StrEnum):
    # SMT failures
    PRECONDITION = "precondition"
    POSTCONDITION = "postcondition"
    ASSERTION = "assertion"
    INVARIANT_END_OF_LOOP = "invariant_end_of_loop"
    INVARIANT_BEFORE_LOOP = "invariant_before_loop"
    INVARIANT_AT_LOOP_EXIT = "invariant_at_loop_exit"
    DECREASES_LOOP = "decreases_loop"
    TERMINATION = "termination"
    ARITHMETIC_OVERFLOW = "arithmetic_overflow"
    DIVISION_BY_ZERO = "division_by_zero"
    BIT_SHIFT = "bit_shift"
    INDEX_BOUNDS = "index_bounds"
    ASSERT_BY_REQUIRES = "assert_by_requires"
    BITVECTOR_ASSERTION = "bitvector_assertion"
    TYPE_INVARIANT = "type_invariant"
    RLIMIT = "rlimit"
    STATE_MACHINE_CONDITION = "state_machine_condition"
    # front-end errors
    NO_CHEATING = "no_cheating"
    MODE_CALL = "mode_call"
    MODE_MISMATCH = "mode_mismatch"
    MODE_OTHER = "mode_other"
    PROOF_BLOCK_MISPLACED = "proof_block_misplaced"
    MISSING_DECREASES = "missing_decreases"
    TRIGGER_INFERENCE = "trigger_inference"
    TRIGGER_INVALID = "trigger_invalid"
    UNSUPPORTED_FEATURE = "unsupported_feature"
    PANIC_UNSUPPORTED = "panic_unsupported"
    NAMED_RETURN_REQUIRED = "named_return_required"
    SYNTAX = "syntax"
    INTERNAL_ERROR = "internal_error"
    # rustc
    RUSTC_ERROR = "rustc_error"
    RUSTC_LINT = "rustc_lint"
    # notes
    RECOMMENDS = "recommends"
    MORE_ERRORS_POSSIBLE = "more_errors_possible"
    TRIGGER_NOTE = "trigger_note"
    EXPANSION_NOTE = "expansion_note"
    PROFILE_NOTE = "profile_note"
    AXIOM_USAGE_NOTE = "axiom_usage_note"
    PROGRESS_NOTE = "progress_note"
    PASS_NOTE = "pass_note"
    # anything else
    OTHER_ERROR = "other_error"
    OTHER_WARNING = "other_warning"
    OTHER_NOTE = "other_note"


K = DiagnosticKind

# Order matters: the first pattern that matches wins (specific wordings before general ones).
_PATTERNS: list[tuple[DiagnosticKind, str]] = [
    (K.INTERNAL_ERROR, r"Verus Internal Error|Internal Verus Error|internal compiler error"),
    (K.NO_CHEATING, r"not allowed with --no-cheating"),
    (K.INDEX_BOUNDS, r"^precondition not met: index in bounds"),
    (K.PRECONDITION, r"^precondition not satisfied|^Call to non-static function fails to satisfy"),
    (K.POSTCONDITION, r"^postcondition not satisfied"),
    (K.ASSERTION, r"^assertion failed"),
    (K.INVARIANT_END_OF_LOOP, r"^invariant not satisfied at end of loop body"),
    (K.INVARIANT_BEFORE_LOOP, r"^invariant not satisfied before loop"),
    (K.INVARIANT_AT_LOOP_EXIT, r"^loop invariant not satisfied"),
    (K.DECREASES_LOOP, r"^decreases not satisfied at (end of loop|continue)"),
    (K.TERMINATION, r"^could not prove termination"),
    (K.ARITHMETIC_OVERFLOW, r"^possible arithmetic underflow/overflow"),
    (K.DIVISION_BY_ZERO, r"^possible division by zero"),
    (K.BIT_SHIFT, r"^possible bit shift underflow/overflow"),
    (K.ASSERT_BY_REQUIRES, r"^requires not satisfied"),
    (K.BITVECTOR_ASSERTION, r"^bitvector assertion not satisfied"),
    (K.TYPE_INVARIANT, r"may fail to meet its declared type invariant"),
    (K.RLIMIT, r"Resource limit \(rlimit\) exceeded|: rlimit exceeded"),
    (K.STATE_MACHINE_CONDITION, r"^unable to prove \w+ safety condition"),
    (K.MODE_CALL, r"^cannot call function (`[^`]*` )?with mode \w+"),
    (K.MODE_MISMATCH, r"^expression has mode \w+, expected mode \w+"),
    (K.PROOF_BLOCK_MISPLACED, r"^unexpected proof block|^proof blocks inside spec code"),
    (
        K.MODE_OTHER,
        r"^cannot (use|mutate|assign|read|call|access)\b.*\b(exec|spec|proof|ghost|tracked)[- ](code|mode|variable)",
    ),
    (K.MISSING_DECREASES, r"^(loop|recursive function) must have a decreases clause"),
    (K.TRIGGER_INFERENCE, r"^Could not automatically infer triggers for this quantif(i)?er"),
    (K.TRIGGER_INVALID, r"^trigger must be |^trigger does not cover |^invalid trigger"),
    (K.UNSUPPORTED_FEATURE, r"^The verifier does not yet support"),
    (K.PANIC_UNSUPPORTED, r"^panic is not supported"),
    (K.NAMED_RETURN_REQUIRED, r"^the return value must be named"),
    (
        K.SYNTAX,
        r"^expected |^unknown start of token|^unexpected (token|end of macro|closing delimiter)"
        r"|^this file contains an unclosed delimiter|^mismatched closing delimiter",
    ),
    (K.RECOMMENDS, r"^recommendation not met"),
    (K.MORE_ERRORS_POSSIBLE, r"not all errors may have been reported"),
    (
        K.TRIGGER_NOTE,
        r"^automatically chose triggers|^trigger \d+ of \d+|^Verus printed one or more automatically chosen",
    ),
    (K.EXPANSION_NOTE, r"^diagnostics via expansion"),
    (
        K.PROFILE_NOTE,
        r"^Analyzing prover log|^Log analysis complete|^Profile statistics|^Observed [\d,]+ total instantiations"
        r"|^Cost \* Instantiations",
    ),
    (K.AXIOM_USAGE_NOTE, r"^checking this function used these broadcast"),
    (K.PROGRESS_NOTE, r"^verifying (root )?module|has been running for"),
    (K.PASS_NOTE, r"^This error was found in Verus pass"),
]
_COMPILED = [(kind, re.compile(pattern)) for kind, pattern in _PATTERNS]
_RUSTC_ERROR_CODE = re.compile(r"^E\d{4}$")

_CATEGORY_OF: dict[DiagnosticKind, Category] = {
    **{
        kind: Category.VERIFICATION
        for kind in (
            K.PRECONDITION,
            K.POSTCONDITION,
            K.ASSERTION,
            K.INVARIANT_END_OF_LOOP,
            K.INVARIANT_BEFORE_LOOP,
            K.INVARIANT_AT_LOOP_EXIT,
            K.DECREASES_LOOP,
            K.TERMINATION,
            K.ARITHMETIC_OVERFLOW,
            K.DIVISION_BY_ZERO,
            K.BIT_SHIFT,
            K.INDEX_BOUNDS,
            K.ASSERT_BY_REQUIRES,
            K.BITVECTOR_ASSERTION,
            K.TYPE_INVARIANT,
            K.RLIMIT,
            K.STATE_MACHINE_CONDITION,
        )
    },
    **{
        kind: Category.FRONTEND
        for kind in (
            K.NO_CHEATING,
            K.MODE_CALL,
            K.MODE_MISMATCH,
            K.MODE_OTHER,
            K.PROOF_BLOCK_MISPLACED,
            K.MISSING_DECREASES,
            K.TRIGGER_INFERENCE,
            K.TRIGGER_INVALID,
            K.UNSUPPORTED_FEATURE,
            K.PANIC_UNSUPPORTED,
            K.NAMED_RETURN_REQUIRED,
            K.SYNTAX,
        )
    },
    K.INTERNAL_ERROR: Category.INTERNAL,
    K.RUSTC_ERROR: Category.RUSTC,
    K.RUSTC_LINT: Category.RUSTC,
    **{
        kind: Category.NOTE
        for kind in (
            K.RECOMMENDS,
            K.MORE_ERRORS_POSSIBLE,
            K.TRIGGER_NOTE,
            K.EXPANSION_NOTE,
            K.PROFILE_NOTE,
            K.AXIOM_USAGE_NOTE,
            K.PROGRESS_NOTE,
            K.PASS_NOTE,
            K.OTHER_NOTE,
        )
    },
    K.OTHER_ERROR: Category.OTHER,
    K.OTHER_WARNING: Category.OTHER,
}


def category_of(kind: DiagnosticKind) -> Category:
    return _CATEGORY_OF[kind]


def classify(message: str, level: str, code: str | None = None) -> DiagnosticKind:
    """The kind of a diagnostic from its message, level and rustc code."""
    if code:
        return K.RUSTC_ERROR if _RUSTC_ERROR_CODE.match(code) and level == "error" else K.RUSTC_LINT
    text = message.strip()
    for kind, pattern in _COMPILED:
        if pattern.search(text):
            return kind
    return _fallback_kind(level)


def _fallback_kind(level: str) -> DiagnosticKind:
    if level == "error":
        return K.OTHER_ERROR
    if level == "warning":
        return K.OTHER_WARNING
    return K.OTHER_NOTE


# The Verus test harness's rule for the failing location (verus-reference.md section 7).
PREFERRED_LABELS = (
    "at this exit",
    "at this call-site",
    "might not be allowed at this call-site",
    "failed this postcondition",
)
NOT_A_LOCATION_LABEL = "failed precondition"

# Labels that rustc degrades to `= note: LABEL` when the labelled file is not on disk (sample iss08).
KNOWN_LABELS = frozenset(
    {
        *PREFERRED_LABELS,
        NOT_A_LOCATION_LABEL,
        "at the end of the function body",
        "assertion failed",
        "failed this invariant",
        "at this loop exit",
        "at this continue",
        "recommendation not met",
        "type invariant declared here",
    }
)
