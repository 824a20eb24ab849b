"""stderr's JSON lines, on diagnostics written here from rustc's JSON schema and what verus-reference.md
section 4 says Verus does with it (no published capture of this format exists)."""

import json

from verusagent.verus import DiagnosticKind as K
from verusagent.verus import Verdict, parse_log, parse_output


def span(file, line, col, end_col, text, label=None, primary=False, byte_start=0):
    return {
        "file_name": file,
        "byte_start": byte_start,
        "byte_end": byte_start + (end_col - col),
        "line_start": line,
        "line_end": line,
        "column_start": col,
        "column_end": end_col,
        "is_primary": primary,
        "text": [{"text": text, "highlight_start": col, "highlight_end": end_col}],
        "label": label,
        "suggested_replacement": None,
        "suggestion_applicability": None,
        "expansion": None,
    }


def diag(message, spans=(), level="error", code=None, children=()):
    return {
        "$message_type": "diagnostic",
        "message": message,
        "code": {"code": code, "explanation": "explained"} if code else None,
        "level": level,
        "spans": list(spans),
        "children": list(children),
        "rendered": f"{level}: {message}\n",
    }


def child(message, level="note", spans=()):
    return {"message": message, "code": None, "level": level, "spans": list(spans), "children": [], "rendered": None}


def lines(*entries) -> str:
    return "\n".join(e if isinstance(e, str) else json.dumps(e) for e in entries) + "\n"


def results(**fields) -> str:
    base = {
        "encountered-error": True,
        "encountered-vir-error": False,
        "success": False,
        "verified": 1,
        "errors": 1,
        "is-verifying-entire-crate": True,
    }
    return json.dumps(
        {"verification-results": {**base, **fields}, "verus": {"version": "0.2026.08.15.7d4628a"}}, indent=2
    )


PRECONDITION = diag(
    "precondition not satisfied",
    [
        span("lib.rs", 12, 9, 19, "        v.index(i);", primary=True, byte_start=301),
        span(
            "/verus/source/vstd/seq.rs",
            88,
            13,
            27,
            "            i < self.len(),",
            "failed precondition",
            byte_start=4410,
        ),
    ],
)
ABORTING = diag("aborting due to 2 previous errors")
FAILURE_NOTE = diag("For more information about this error, try `rustc --explain E0308`.", level="failure-note")
TYPE_MISMATCH = diag(
    "mismatched types",
    [span("lib.rs", 3, 18, 22, "    let x: u32 = true;", "expected `u32`, found `bool`", True)],
    code="E0308",
    children=[child("expected type `u32`")],
)


def test_label_in_another_file_is_a_related_clause() -> None:
    parsed = parse_output(results(), lines(PRECONDITION, ABORTING), 1)
    [error] = parsed.diagnostics
    assert error.kind == K.PRECONDITION and error.code is None
    assert (error.location.file, error.location.line, error.location.col) == ("lib.rs", 12, 9)
    assert (error.location.byte_start, error.location.byte_end, error.location.text) == (301, 311, "v.index(i)")
    [requires] = error.related
    assert (requires.file, requires.line, requires.col, requires.label) == (
        "/verus/source/vstd/seq.rs",
        88,
        13,
        "failed precondition",
    )
    assert requires.text == "i < self.len()" and requires.byte_start == 4410


def test_verus_code_null_versus_rustc_code() -> None:
    parsed = parse_output(results(), lines(PRECONDITION, TYPE_MISMATCH, ABORTING, FAILURE_NOTE), 1)
    verus_error, rustc_error = parsed.diagnostics
    assert (verus_error.code, verus_error.kind) == (None, K.PRECONDITION)
    assert (rustc_error.code, rustc_error.kind) == ("E0308", K.RUSTC_ERROR)
    assert rustc_error.location.label == "expected `u32`, found `bool`"
    assert rustc_error.notes == ["expected type `u32`"]


def test_aborting_and_failure_notes_are_dropped() -> None:
    warnings_emitted = diag("1 warning emitted", level="warning")
    parsed = parse_output(results(), lines(ABORTING, FAILURE_NOTE, warnings_emitted), 1)
    assert parsed.diagnostics == [] and parsed.raw_lines == []


def test_interleaved_non_json_lines_are_kept_verbatim_in_order() -> None:
    tree = ["note: diagnostics via expansion", "  false ✔", "    NOTE: Verus failed to prove an assertion"]
    stderr = lines(
        "[verus stand-in] note: not the real verus; answering from scenario x",
        PRECONDITION,
        *tree,
        '{"truncated": ',
        "info: syncing channel updates for 'stable'",
        ABORTING,
    )
    parsed = parse_output(results(), stderr, 1)
    assert [d.kind for d in parsed.diagnostics] == [K.PRECONDITION]
    assert parsed.raw_lines == [
        "[verus stand-in] note: not the real verus; answering from scenario x",
        *tree,
        '{"truncated": ',
        "info: syncing channel updates for 'stable'",
    ]
    assert parsed.standin_detected and parsed.verdict == Verdict.FAILED


def test_a_panic_among_json_lines_is_a_tool_failure_even_with_a_success_document() -> None:
    stderr = lines("thread 'rustc' panicked at vir/src/sst_util.rs:125:24:", "cannot substitute for VarAt")
    parsed = parse_output(results(**{"encountered-error": False, "success": True, "errors": 0}), stderr, 0)
    assert parsed.verdict == Verdict.TOOL_FAILURE
    assert parsed.panics == ["thread 'rustc' panicked at vir/src/sst_util.rs:125:24: cannot substitute for VarAt"]


def test_children_give_notes_helps_and_their_spans() -> None:
    entry = diag(
        "recursive function must have a decreases clause",
        [span("lib.rs", 5, 1, 10, "fn f(n: u64) {", primary=True)],
        children=[
            child("use #[verifier::exec_allows_no_decreases_clause]", "help"),
            child("the proof note", spans=[span("lib.rs", 7, 5, 9, "    f(n)")]),
        ],
    )
    [d] = parse_output(results(**{"encountered-vir-error": True}), lines(entry), 1).diagnostics
    assert d.kind == K.MISSING_DECREASES
    assert d.helps == ["use #[verifier::exec_allows_no_decreases_clause]"] and d.notes == ["the proof note"]
    assert [(r.line, r.label) for r in d.related] == [(7, "the proof note")]


def test_exit_label_is_the_failing_location() -> None:
    entry = diag(
        "postcondition not satisfied",
        [
            span("lib.rs", 20, 5, 17, "    return false;", "at this exit", True),
            span("lib.rs", 3, 9, 20, "        r == x + 1,", "failed this postcondition"),
        ],
    )
    [d] = parse_output(results(), lines(entry), 1).diagnostics
    assert (d.location.line, d.location.label) == (20, "at this exit")
    assert [r.label for r in d.related] == ["failed this postcondition"]


def test_span_inside_a_macro_is_reported_at_its_call_site() -> None:
    inner = span("<::verus_builtin_macros::verus macros>", 1, 1, 5, "xxxx", "assertion failed", True)
    inner["expansion"] = {"span": span("lib.rs", 9, 5, 15, "    assert(x);"), "macro_decl_name": "verus!"}
    [d] = parse_output(results(), lines(diag("assertion failed", [inner])), 1).diagnostics
    assert (d.location.file, d.location.line, d.location.label) == ("lib.rs", 9, "assertion failed")


def test_internal_compiler_error_level_is_a_tool_failure() -> None:
    entry = diag("unexpected panic", level="error: internal compiler error")
    parsed = parse_output(results(), lines(entry), 101)
    assert parsed.diagnostics[0].kind == K.INTERNAL_ERROR
    assert parsed.verdict == Verdict.TOOL_FAILURE


def test_other_json_messages_are_not_diagnostics() -> None:
    artifact = {"$message_type": "artifact", "artifact": "libx.rmeta", "emit": "metadata"}
    parsed = parse_output(results(), lines(artifact, PRECONDITION), 1)
    assert len(parsed.diagnostics) == 1 and parsed.raw_lines == [json.dumps(artifact)]


def test_json_document_surrounded_by_text() -> None:
    stdout = "some launcher text\n" + results(**{"encountered-error": False, "success": True, "errors": 0}) + "\ntail"
    parsed = parse_output(stdout, "", 0)
    assert parsed.verdict == Verdict.VERIFIED
    assert parsed.raw_lines == ["some launcher text", "tail"]


def test_saved_log_with_both_streams_concatenated() -> None:
    saved = results() + "\n" + lines(PRECONDITION, "some raw line", ABORTING)
    parsed = parse_log(saved)
    assert parsed.verdict == Verdict.FAILED
    assert [d.kind for d in parsed.diagnostics] == [K.PRECONDITION]
    assert parsed.raw_lines == ["some raw line"]


def test_saved_log_of_stderr_alone_decides_by_kinds() -> None:
    parsed = parse_log(lines(TYPE_MISMATCH, ABORTING, FAILURE_NOTE))
    assert parsed.verdict == Verdict.DID_NOT_COMPILE and parsed.summary is None
