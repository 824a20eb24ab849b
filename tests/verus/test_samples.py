"""Every published verus output in ../shared/verus-outputs, parsed: verdict, each diagnostic's kind and
failing location, and the related labels. Expectations were written by reading the samples."""

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from verusagent.verus import DiagnosticKind as K
from verusagent.verus import Verdict as V
from verusagent.verus import parse_output, parse_text_log

ATTR = "ftp"  # shorthand for the label "failed this postcondition"
LABELS = {ATTR: "failed this postcondition", "eob": "at the end of the function body", "fp": "failed precondition"}


@dataclass
class D:
    """An expected diagnostic: level, kind, failing location (file, line, col, highlighted text, label) and
    related labels as (label, file, line, col, text); None means unknown in the sample."""

    level: str
    kind: K
    file: str | None = None
    line: int | None = None
    col: int | None = None
    text: str | None = None
    label: str | None = None
    related: list[tuple] = field(default_factory=list)


def S(verdict, *diagnostics, results=None, panics=0):
    return {"verdict": verdict, "diagnostics": list(diagnostics), "results": results, "panics": panics}


NOTE_PROGRESS = D("note", K.PROGRESS_NOTE)
TRIGGERS = "Triggers selected for this quantifier"
LOOPS = "../examples/trigger_loops.rs"
# the `---` label runs up to the `^^^` drawn over its end, so only that much of the quantifier is shown
Q70 = "forall|x: nat, y: nat| f(x + 1, 2 * y) && f(2 * x, y + x) || f(y, x) ==> #[trigger] "
OG = "rust_verify/example/og_counter.rs"
MOVED = ".\\rust_verify\\example\\features.rs"
NOT_COPY = "move occurs because `s` has type `S`, which does not implement the `Copy` trait"

EXPECTED = {
    "doc01_success_results_line": S(V.VERIFIED, NOTE_PROGRESS, results=(1, 0)),
    "doc02_assertion_failed_full": S(
        V.FAILED,
        NOTE_PROGRESS,
        D("error", K.ASSERTION, "getting_started.rs", 19, 12, "forall", "assertion failed"),
        results=(0, 1),
    ),
    "doc03_assertion_failed_vscode": S(
        V.FAILED,
        D(
            "error",
            K.ASSERTION,
            "verus_test/src/main.rs",
            19,
            12,
            "forall|i: int, j: int| min(i, j) == min(i, i)",
            "assertion failed",
        ),
    ),
    "doc04_postcondition_abbrev": S(
        V.FAILED, D("error", K.POSTCONDITION, None, None, 11, "s1.intersect(s2).len() <= s1.len()", ATTR)
    ),
    "doc05_results_line_old_format": S(V.VERIFIED, results=(1, 0)),
    "doc06_rlimit_while_loop": S(V.FAILED, D("error", K.RLIMIT, None, None, 5, "while i1 != i2")),
    "doc07_rlimit_function_body_profile": S(
        V.FAILED,
        D("error", K.RLIMIT, LOOPS, 66, 7, "fn trigger_forever2()"),
        *[D("note", K.PROFILE_NOTE)] * 4,
        D("note", K.PROFILE_NOTE, LOOPS, 70, 93, "f(x, y)", related=[(TRIGGERS, LOOPS, 70, 9, Q70)]),
        D(
            "note",
            K.PROFILE_NOTE,
            LOOPS,
            69,
            32,
            "h(x, y)",
            related=[(TRIGGERS, LOOPS, 69, 9, "forall|x: nat, y: nat| ")],
        ),
        D("note", K.PROFILE_NOTE, LOOPS, 68, 24, "g(x)", related=[(TRIGGERS, LOOPS, 68, 9, "forall|x: nat| ")]),
        results=(0, 1),
    ),
    "doc08_broadcast_axiom_usage_note": S(
        None, D("note", K.AXIOM_USAGE_NOTE, "../examples/broadcast_proof.rs", 161, 11, "fn increase_twice(")
    ),
    "doc09_callee_requires_fnvalue": S(V.FAILED, D("error", K.PRECONDITION, "vec_map.rs", 25, 5, "f(50)")),
    "doc10_auto_trigger_notes": S(
        None,
        D("note", K.TRIGGER_NOTE, None, None, 9, "forall|i: int| 0 <= i < s.len() ==> is_even(s[i])"),
        D("note", K.TRIGGER_NOTE, None, None, 53, "s[i]"),
        D("note", K.TRIGGER_NOTE),
    ),
    "doc11_trigger_invalid": S(
        V.FRONTEND_REJECTED, D("error", K.TRIGGER_INVALID, None, None, 24, "(#[trigger](0 <= i))")
    ),
    "doc12_division_by_zero": S(V.FAILED, D("error", K.DIVISION_BY_ZERO, None, None, 13, "x / 0")),
    "doc13_mode_error_spec_call": S(V.FRONTEND_REJECTED, D("error", K.MODE_CALL, None, None, 20, "duplicate_S(s)")),
    "doc14_overflow_recursive": S(
        V.FAILED, D("error", K.ARITHMETIC_OVERFLOW, None, None, 9, "n + rec_triangle(n - 1)")
    ),
    "doc15_assert_plus_recommendation_note": S(
        V.FAILED,
        D("error", K.ASSERTION, None, None, 12, "u == v", "assertion failed"),
        D("note", K.RECOMMENDS, None, None, 17, "v"),
    ),
    "doc16_overflow_u8": S(V.FAILED, D("error", K.ARITHMETIC_OVERFLOW, None, None, 20, "x + y")),
    "doc17_postcondition_failed_label": S(
        V.FAILED, D("error", K.POSTCONDITION, None, None, 11, "result == fib(n as nat)", ATTR)
    ),
    "doc18_postcondition_end_of_body_plus_overflow": S(
        V.FAILED,
        D(
            "error",
            K.POSTCONDITION,
            None,
            None,
            9,
            "r == always_non_negative(operations@)",
            ATTR,
            related=[("eob", None, None, 1, "{")],
        ),
        D("error", K.ARITHMETIC_OVERFLOW, None, None, 13, "s + operations[i] as i128"),
    ),
    "doc19_invariant_end_of_loop_plus_post_at_exit": S(
        V.FAILED,
        D("error", K.INVARIANT_END_OF_LOOP, None, None, 13, "s == sum(operations@.take(i as int))"),
        D(
            "error",
            K.POSTCONDITION,
            None,
            None,
            13,
            "return false",
            "at this exit",
            related=[(ATTR, None, None, 9, "r == always_non_negative(operations@)")],
        ),
    ),
    "doc20_trigger_does_not_cover": S(
        V.FRONTEND_REJECTED, D("error", K.TRIGGER_INVALID, None, None, None, "forall|i: int, j: int|")
    ),
    "doc21_auto_chose_triggers_with_path": S(
        None,
        D("note", K.TRIGGER_NOTE, None, None, 12, "forall|i: int, j: int|"),
        D("note", K.TRIGGER_NOTE, ".\\rust_verify\\example\\guide\\quants.rs", 243, 60, "s.update(j, a)[i]"),
    ),
    "doc22_could_not_infer_triggers_old_typo": S(
        V.FRONTEND_REJECTED, D("error", K.TRIGGER_INFERENCE, None, None, 9, "forall|i: int|")
    ),
    "doc23_rust_borrowck_E0502_spec": S(
        V.DID_NOT_COMPILE,
        D(
            "error",
            K.RUSTC_ERROR,
            "simple_test.rs",
            9,
            12,
            "x",
            "immutable borrow occurs here",
            related=[
                ("mutable borrow occurs here", "simple_test.rs", 7, 17, "&mut x"),
                ("mutable borrow later used here", "simple_test.rs", 11, 5, "*x_ref = 20"),
            ],
        ),
    ),
    "doc24_overflow_requires": S(V.FAILED, D("error", K.ARITHMETIC_OVERFLOW, None, None, 14, "x1 + x1")),
    "doc25_precondition_failed_label": S(
        V.FAILED,
        D("error", K.PRECONDITION, None, None, 13, "octuple(20)", related=[("fp", None, None, 9, "x1 < 16")]),
    ),
    "doc26_assertion_failed_abbrev": S(
        V.FAILED, D("error", K.ASSERTION, None, None, 12, "n == 80", "assertion failed")
    ),
    "doc27_assert_plus_recommendation_label": S(
        V.FAILED,
        D("error", K.ASSERTION, None, None, 12, "f(0) <= f(1)", "assertion failed"),
        D(
            "note",
            K.RECOMMENDS,
            None,
            None,
            12,
            "f(0) <= f(1)",
            related=[("recommendation not met", None, None, 16, "i > 0")],
        ),
    ),
    "doc28_strings_assertion_failed": S(
        V.FAILED, D("error", K.ASSERTION, "../examples/guide/strings.rs", 21, 12, "x@.len() == 11", "assertion failed")
    ),
    "doc29_mode_error_mut_ref": S(
        V.FRONTEND_REJECTED,
        D(
            "error",
            K.MODE_OTHER,
            "xyz.rs",
            7,
            5,
            "*",
            "this place may have mode exec",
            related=[
                (
                    "this mutable reference has mode `tracked`, but may point to an exec-mode location",
                    "xyz.rs",
                    7,
                    6,
                    "x",
                )
            ],
        ),
    ),
    "doc30_state_machine_safety_condition": S(
        V.FAILED, D("error", K.STATE_MACHINE_CONDITION, "y.rs", 50, 17, "assert(pre.counter == 2);")
    ),
    "iss01_postcondition_end_of_body_2022": S(
        V.FAILED,
        D(
            "error",
            K.POSTCONDITION,
            "rust_verify/example/assertions.rs",
            22,
            13,
            "false",
            ATTR,
            related=[("eob", "rust_verify/example/assertions.rs", 21, 17, "{")],
        ),
    ),
    "iss02_postcondition_trait_fn_2022": S(
        V.FAILED,
        D("error", K.POSTCONDITION, OG, 24, 26, "self.post(r)", ATTR, related=[("eob", OG, 210, 36, "{")]),
    ),
    "iss04_modules_notes_precondition_crossfile_panic_2023": S(
        V.TOOL_FAILURE,
        *[NOTE_PROGRESS] * 4,
        D(
            "error",
            K.PRECONDITION,
            "src/main_t.rs",
            62,
            40,
            "host_state.next_impl(&mut netc)",
            related=[("fp", "src/host_impl_t.rs", 99, 13, "old(netc).state().is_Receiving()")],
        ),
        panics=1,
    ),
    "iss05_postcondition_bodyless_trait_impl_2023": S(
        V.FAILED,
        D("error", K.POSTCONDITION, "wat.rs", 10, 13, "n.foo(self)", ATTR, related=[("eob", "wat.rs", 18, 34, ";")]),
        results=(0, 1),
    ),
    "iss07_expand_errors_note_2025": S(
        V.FAILED,
        D("error", K.ASSERTION, "test2.rs", 6, 12, "false && false", "assertion failed"),
        D("note", K.EXPANSION_NOTE),
        D("note", K.OTHER_NOTE),
        results=(1, 1),
    ),
    "iss08_precondition_note_label_no_source_2024": S(
        V.FAILED,
        D(
            "error",
            K.PRECONDITION,
            "exercise_01_memoize.rs",
            91,
            9,
            "handle.release_write(cache)",
            related=[("fp", "/home/runner/work/verus/verus/source/vstd/rwlock.rs", 404, 13, None)],
        ),
    ),
    "iss10_rlimit_old_wording_2022": S(
        V.FAILED,
        D(
            "error",
            K.RLIMIT,
            "/Users/andreal/ETH/Src/verified-nrkernel/page-table/spec.rs",
            512,
            5,
            "fn inv_implies_interp_aux_inv(self, i: nat)",
        ),
    ),
    "iss11_triggers_notes_2025": S(
        None,
        D("note", K.TRIGGER_NOTE, "hi.rs", 10, 13, "forall |x: int, y: int, z: int| f(x, y) && g(y, z) && h(x, z)"),
        D("note", K.TRIGGER_NOTE, "hi.rs", 10, 45, "f(x, y)"),
        D("note", K.TRIGGER_NOTE, "hi.rs", 10, 45, "f(x, y)"),
    ),
    "iss13_verus_items_panic_cargo_2026": S(V.TOOL_FAILURE, D("error", K.OTHER_ERROR), panics=1),
    "iss14_lifetime_generate_panic_2023": S(V.TOOL_FAILURE, panics=1),
    "iss16_internal_verus_error_panic_2026": S(V.TOOL_FAILURE, panics=1),
    "iss17_ownership_pass_error_2024": S(
        V.FRONTEND_REJECTED, D("error", K.OTHER_ERROR, "src/main.rs", 13, 40, "("), D("note", K.PASS_NOTE)
    ),
    "iss19_mode_error_call_exec_in_spec_2025": S(
        V.FRONTEND_REJECTED,
        D("error", K.MODE_CALL, "vstd_extra\\src\\manually_drop.rs", 34, 9, "ManuallyDrop::new(value).deref()"),
    ),
    "iss20_old_success_format_2022": S(V.VERIFIED, NOTE_PROGRESS, results=(2, 0)),
    "iss22_expand_errors_panic_backtrace_2024": S(V.TOOL_FAILURE, panics=2),
    "iss23_postcondition_multiline_ensures_2023": S(
        V.FAILED, D("error", K.POSTCONDITION, "segment.rs", 72, 13, "({", ATTR)
    ),
    "iss25_requires_not_satisfied_bv_plus_note_2023": S(
        V.FAILED,
        D("error", K.ASSERT_BY_REQUIRES, "/st/verus/test.rs", 7, 18, "false"),
        D("note", K.ASSERT_BY_REQUIRES, "/st/verus/test.rs", 7, 18, "false"),
        results=(2, 1),
    ),
    "iss26_requires_not_satisfied_no_auto_recommends_2023": S(
        V.FAILED, D("error", K.ASSERT_BY_REQUIRES, "/st/verus/test.rs", 7, 18, "false"), results=(2, 1)
    ),
    "iss28_recommendation_note_into_vstd_2023": S(
        None,
        D(
            "note",
            K.RECOMMENDS,
            "src/allocation_layer/AllocationJournal_v.rs",
            427,
            49,
            "nextroot.unwrap()",
            related=[
                (
                    "recommendation not met",
                    "/home/jonh/verus/source/pervasive/std_specs/option.rs",
                    95,
                    16,
                    "option.is_Some()",
                )
            ],
        ),
    ),
    "iss29_proof_block_in_spec_error_2025": S(
        V.FRONTEND_REJECTED, D("error", K.PROOF_BLOCK_MISPLACED, "/playground/src/main.rs", 10, 15, "{")
    ),
    "iss31_rustc_E0382_use_of_moved_2023": S(
        V.DID_NOT_COMPILE,
        D(
            "error",
            K.RUSTC_ERROR,
            MOVED,
            210,
            25,
            "s",
            "value used here after move",
            related=[(NOT_COPY, MOVED, 203, 22, "s"), ("value moved here", MOVED, 210, 22, "s")],
        ),
        D(
            "error",
            K.RUSTC_ERROR,
            MOVED,
            211,
            22,
            "s",
            "value used here after move",
            related=[(NOT_COPY, MOVED, 203, 22, "s"), ("value moved here", MOVED, 210, 25, "s")],
        ),
    ),
    "iss32_results_line_counts_2026": S(V.FAILED, results=(713, 3)),
}


def sample_text(path: Path) -> str:
    """A sample without its `# provenance:` and `# kind:` header lines."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return "\n".join(line for line in lines if not line.startswith("# "))


def text_samples(outputs: Path) -> list[Path]:
    return sorted(outputs.glob("*.txt"))


def test_every_sample_has_expectations(verus_outputs_dir: Path) -> None:
    assert {p.stem for p in text_samples(verus_outputs_dir)} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_sample(name: str, verus_outputs_dir: Path) -> None:
    expected = EXPECTED[name]
    parsed = parse_text_log(sample_text(verus_outputs_dir / f"{name}.txt"))
    assert parsed.verdict == expected["verdict"], parsed.reasons
    assert len(parsed.panics) == expected["panics"]
    if expected["results"] is not None:
        assert (parsed.summary.verified, parsed.summary.errors) == expected["results"]
    assert len(parsed.diagnostics) == len(expected["diagnostics"])
    for actual, wanted in zip(parsed.diagnostics, expected["diagnostics"]):
        check_diagnostic(actual, wanted)


def check_diagnostic(actual, wanted: D) -> None:
    assert (actual.level.value, actual.kind) == (wanted.level, wanted.kind), actual.message
    if wanted.text is not None or wanted.line is not None:
        loc = actual.location
        assert (loc.file, loc.line, loc.col, loc.text) == (wanted.file, wanted.line, wanted.col, wanted.text)
        assert loc.label == LABELS.get(wanted.label, wanted.label)
    related = [(r.label, r.file, r.line, r.col, r.text) for r in actual.related]
    assert related == [(LABELS.get(label, label), *rest) for label, *rest in wanted.related]


def test_sample_kind_counts(verus_outputs_dir: Path) -> None:
    """Each kind is counted over all samples; the counts follow from the expectations above."""
    counts: dict[str, int] = {}
    for path in text_samples(verus_outputs_dir):
        for diagnostic in parse_text_log(sample_text(path)).diagnostics:
            counts[diagnostic.kind.value] = counts.get(diagnostic.kind.value, 0) + 1
    expected: dict[str, int] = {}
    for sample in EXPECTED.values():
        for d in sample["diagnostics"]:
            expected[d.kind.value] = expected.get(d.kind.value, 0) + 1
    assert counts == expected
    assert counts["assertion"] == 7 and counts["postcondition"] == 8 and counts["precondition"] == 4


def test_multiline_spans_keep_both_ends(verus_outputs_dir: Path) -> None:
    parsed = parse_text_log(sample_text(verus_outputs_dir / "iss01_postcondition_end_of_body_2022.txt"))
    end_of_body = parsed.diagnostics[0].related[0]
    assert (end_of_body.line, end_of_body.col, end_of_body.end_line, end_of_body.end_col) == (21, 17, 26, 2)
    assert end_of_body.is_primary  # before ~2023 the end-of-body span was the primary one


def test_location_line_without_a_snippet_keeps_the_primary_span(verus_outputs_dir: Path) -> None:
    parsed = parse_text_log(sample_text(verus_outputs_dir / "iss23_postcondition_multiline_ensures_2023.txt"))
    spans = parsed.diagnostics[0].spans
    assert [(s.line, s.col, s.is_primary) for s in spans] == [(163, 17, True), (72, 13, False)]
    assert (spans[1].end_line, spans[1].end_col) == (81, 7)


def test_panic_payloads_are_kept(verus_outputs_dir: Path) -> None:
    parsed = parse_text_log(sample_text(verus_outputs_dir / "iss16_internal_verus_error_panic_2026.txt"))
    assert "Internal Verus Error: The thir_body query" in parsed.panics[0]
    parsed = parse_text_log(sample_text(verus_outputs_dir / "iss13_verus_items_panic_cargo_2026.txt"))
    assert parsed.panics == [
        "thread 'rustc' (3894040) panicked at rust_verify/src/verus_items.rs:635:17: "
        "unexpected verus diagnostic item verus::verus_builtin::fin"
    ]
    assert "Caused by:" in parsed.raw_lines


def synthesized(path: Path) -> str:
    return sample_text(path)


@pytest.mark.parametrize(
    "name, exit_code, verdict, partial, counts",
    [
        ("syn01_output_json_success", 0, V.VERIFIED, False, (1, 0)),
        ("syn02_output_json_verification_failure", 1, V.FAILED, False, (3, 1)),
        ("syn03_output_json_vir_error", 1, V.FRONTEND_REJECTED, False, (None, None)),
        ("syn04_output_json_partial_verify_function", 0, V.VERIFIED_PARTIAL, True, (1, 0)),
        ("syn05_output_json_with_time", 0, V.VERIFIED, False, (2, 0)),
    ],
)
def test_synthesized_output_json(name, exit_code, verdict, partial, counts, verus_outputs_dir: Path) -> None:
    stdout = synthesized(verus_outputs_dir / "synthesized" / f"{name}.json")
    parsed = parse_output(stdout, "", exit_code)
    assert parsed.verdict == verdict, parsed.reasons
    assert parsed.partial is partial
    assert (parsed.summary.verified, parsed.summary.errors) == counts
    assert parsed.verus_version == "0.2026.08.15.7d4628a"


def test_synthesized_success_needs_exit_zero(verus_outputs_dir: Path) -> None:
    stdout = synthesized(verus_outputs_dir / "synthesized" / "syn01_output_json_success.json")
    assert parse_output(stdout, "", 1).verdict == V.TOOL_FAILURE
    assert parse_output(stdout, "", 255).verdict == V.TOOL_FAILURE
