"""Each pre-check rule on small programs: what it reports (in verus's words, from where verus says them) and the
ghost code it must leave alone.

The messages and where they come from:
- parse error: `unknown start of token: \\u{2019}` is in ../shared/docs/verus-reference.md section 7 (verus's
  syntax errors "when prose got into the file"); the delimiter and unterminated-literal messages are rustc's
  lexer's (verus prints rustc's errors unchanged, as ../shared/verus-outputs/iss31 shows for E0382).
- int/nat in exec: the cast message is verus's own `compile_error!` text in its macro, `handle_cast` of
  ../shared/docs/verus-source/builtin_macros-syntax.rs; a `5int` literal outside ghost code is left to rustc by
  `handle_lit_int` there, and rustc rejects the suffix.
- spec fn from exec: ../shared/verus-outputs/doc13_mode_error_spec_call.txt ("cannot call function with mode
  spec", the older wording) and iss19_mode_error_call_exec_in_spec_2025.txt (the current one, with the path).
- unknown function: rustc's E0425 (no sample in the shared outputs; the test checks verus's own text parser
  reads our rendering back as that diagnostic).
"""

import re

import pytest

from verusagent.precheck import PrecheckContext, PrecheckRule, precheck_source
from verusagent.verus import DiagnosticKind, parse_text_log

R = PrecheckRule
PRELUDE = "use vstd::prelude::*;\nverus! {\n"


def check(body: str, names: frozenset[str] | None = frozenset(), file: str = "t.rs"):
    text = PRELUDE + body + "\nfn main() {}\n} // verus!\n"
    return precheck_source(text.encode(), file, PrecheckContext(crate_name="t", vstd_names=names))


def rules(report) -> list[str]:
    return [str(f.rule) for f in report.findings]


def exec_fn(statements: str, before: str = "") -> str:
    return (
        f"{before}\nfn f(x: u64, v: &Vec<u64>) -> (r: u64)\n    requires x < 100,\n    ensures r == x,\n{{\n"
        f"{statements}\n    x\n}}\n"
    )


def strip_header(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("# "))


# ------------------------------------------------------------------------------------------------ parse errors


def test_a_curly_quote_is_verus_s_unknown_start_of_token(shared_dir) -> None:
    reference = (shared_dir / "docs" / "verus-reference.md").read_text()
    assert "unknown start of token: \\u{2019}" in reference  # the message this rule mirrors
    report = check(exec_fn("    let s = 1; // it’s fine in a comment\n    let t = s ’ 2;"))
    assert rules(report) == ["parse-error"]
    [finding] = report.findings
    assert finding.diagnostic.message == "unknown start of token: \\u{2019}"
    assert finding.diagnostic.kind == DiagnosticKind.SYNTAX
    assert (finding.diagnostic.location.line, finding.diagnostic.location.col) == (9, 15)


@pytest.mark.parametrize(
    "body, message",
    [
        (exec_fn("    let y = (x + 1;"), "mismatched closing delimiter: `}`"),
        (exec_fn("    let y = x);"), "mismatched closing delimiter: `)`"),
        ("fn g() {}\n}", "unexpected closing delimiter: `}`"),
        ("fn g() {\n    let y = 1;\n", "this file contains an unclosed delimiter"),
        (exec_fn("    let y = `x`;"), "unknown start of token: `"),
        (exec_fn("    let y = x\u00a0+ 1;"), "unknown start of token: \\u{a0}"),
        (exec_fn("    let y = x \\ 2;"), "unknown start of token: \\"),
    ],
)
def test_lexer_errors_anywhere(body: str, message: str) -> None:
    report = check(body)
    assert message in [f.diagnostic.message for f in report.findings]
    assert set(rules(report)) == {"parse-error"}


def test_unterminated_string_and_comment() -> None:
    string = precheck_source(b'fn f() { let s = "abc\\"; }\n', "t.rs")
    assert [f.diagnostic.message for f in string.findings][:1] == ["unterminated double quote string"]
    assert string.findings[0].diagnostic.code == "E0765"
    comment = precheck_source(b"fn f() {}\n/* a /* nested */ comment never closed\n", "t.rs")
    assert [(f.diagnostic.message, f.diagnostic.code) for f in comment.findings] == [
        ("unterminated block comment", "E0758")
    ]


def test_strings_comments_and_chars_are_not_tokens() -> None:
    body = exec_fn(
        '    let s = "’ ` \\\\ { ( ";\n    let c = \'{\';\n    let r = r#"a " }"#;\n    // ’ ` {\n'
        "    /* ( nested /* ] */ */"
    )
    assert check(body).clean


def test_a_non_utf8_file() -> None:
    report = precheck_source(b'fn f() { let s = "\xff"; }\n', "t.rs")
    assert rules(report) == ["parse-error"]
    assert report.findings[0].diagnostic.message == "couldn't read `t.rs`: stream did not contain valid UTF-8"


def test_parse_errors_alone_are_reported() -> None:
    """A file that does not lex gets no other finding: the structure the other rules read is not certain."""
    report = check(exec_fn("    let y = x as int;\n    let z = (1;"))
    assert set(rules(report)) == {"parse-error"}


# ------------------------------------------------------------------------------------------ int / nat in exec


def test_the_cast_message_is_verus_s_compile_error(shared_dir) -> None:
    macro = (shared_dir / "docs" / "verus-source" / "builtin_macros-syntax.rs").read_text()
    report = check(exec_fn("    let y = x as int;"))
    [finding] = report.findings
    assert finding.rule == R.GHOST_TYPE_IN_EXEC
    assert f'compile_error!("{finding.diagnostic.message}")' in macro  # verbatim, from handle_cast
    assert finding.diagnostic.location.text == "as int"
    assert finding.diagnostic.unit_id == "fn:f"


def test_a_suffixed_literal_in_exec_code(shared_dir) -> None:
    macro = (shared_dir / "docs" / "verus-source" / "builtin_macros-syntax.rs").read_text()
    # handle_lit_int rewrites `int`/`nat` suffixes only `if self.use_spec_traits && self.inside_ghost > 0 ...`
    assert 'lit.suffix() == "int"' in macro and "self.inside_ghost > 0 && self.inside_type == 0" in macro
    report = check(exec_fn("    let y = 5nat;\n    let z = 0x10int;"))
    assert [f.diagnostic.message for f in report.findings] == [
        "invalid suffix `nat` for number literal",
        "invalid suffix `int` for number literal",
    ]
    assert report.findings[0].diagnostic.helps


@pytest.mark.parametrize(
    "ghost",
    [
        "    proof { let y = x as int; let z = 5int; }",
        "    assert(x as int + 1int > 0);",
        "    assert(x as int >= 0) by { assert(5nat > 0); }",
        "    assert forall|i: int| 0 <= i < 3 implies spec_double(i) as nat >= 0 by {}",  # a trigger: spec_double(i)
        "    let ghost g = x as int + 7int;",
        "    let tracked t = 3nat;",
        "    let g: Ghost<int> = Ghost(x as int);",
        "    let g = Ghost::<int>(x as int);",
        "    let Ghost(g) = Ghost(x as nat);",
        "    assume(x as int == 5int);",
        "    reveal(spec_double);",
        (
            "    let mut i: u64 = 0;\n    while i < x\n        invariant i as int <= x as int + 0int,\n"
            "        decreases x as int - i as int,\n    {\n        i = i + 1;\n    }"
        ),
        "    let w = v.iter().map(|a: &u64| *a as int).count();",
        "    let q = seq![1int, 2int];",
        "    #[verifier::spec] let y = x as int;",
    ],
)
def test_ghost_code_in_exec_bodies_is_not_reported(ghost: str) -> None:
    before = "spec fn spec_double(a: int) -> int { 2 * a }"
    assert check(exec_fn(ghost, before)).clean, ghost


def test_spec_and_proof_bodies_and_exec_signatures_are_not_reported() -> None:
    body = (
        "spec fn s(a: nat) -> int { a as int + 5int }\nproof fn p(a: u64) ensures a as int >= 0 { let b = 3nat; }\n"
        "exec fn takes_nat(n: nat) -> nat { n }\n"  # verus accepts exec fns over int (issue 290)
        "#[verifier::external_body]\nfn e(a: u64) -> u64 { let b = a as int; 0 }\n"
    )
    assert check(body).clean


def test_casts_to_other_types_and_paths_named_int() -> None:
    assert check(exec_fn("    let y = x as u128;\n    let z = x as usize + 5u64 as usize;")).clean


# ------------------------------------------------------------------------------------- spec fn called from exec


def test_a_spec_call_mirrors_verus_s_mode_error(verus_outputs_dir) -> None:
    old = parse_text_log(strip_header((verus_outputs_dir / "doc13_mode_error_spec_call.txt").read_text()))
    current = parse_text_log(
        strip_header((verus_outputs_dir / "iss19_mode_error_call_exec_in_spec_2025.txt").read_text())
    )
    wording = re.compile(r"^cannot call function `[\w:]+` with mode (spec|proof|exec)$")
    assert wording.match(current.diagnostics[0].message)
    report = check(exec_fn("    let d = spec_double(x as u64);", "spec fn spec_double(a: u64) -> u64 { a }"))
    [finding] = [f for f in report.findings if f.rule == R.GHOST_CALL_IN_EXEC]
    assert finding.diagnostic.message == "cannot call function `t::spec_double` with mode spec"
    assert wording.match(finding.diagnostic.message)
    assert finding.diagnostic.kind == old.diagnostics[0].kind == current.diagnostics[0].kind == DiagnosticKind.MODE_CALL
    assert finding.diagnostic.location.text == "spec_double(x as u64)"  # the call, as doc13 underlines it


def test_a_proof_fn_called_outside_a_proof_block() -> None:
    report = check(exec_fn("    lemma_x(x);", "proof fn lemma_x(a: u64) ensures a >= 0 {}"))
    assert [f.diagnostic.message for f in report.findings] == ["cannot call function `t::lemma_x` with mode proof"]


@pytest.mark.parametrize(
    "use",
    [
        "    proof { lemma_x(x); }",
        "    assert(spec_double(x)) by { lemma_x(x); }",
        "    let ghost g = spec_double(x);",
        "    let g = Ghost(spec_double(x));",
        "    let c = |a: u64| spec_double(a);",
        "    let spec_double = |a: u64| a > 0;\n    let b = spec_double(x);",  # a local shadows the spec fn
    ],
)
def test_ghost_calls_in_ghost_code_or_shadowed_are_not_reported(use: str) -> None:
    before = "spec fn spec_double(a: u64) -> bool { a < 1000 }\nproof fn lemma_x(a: u64) ensures a >= 0 {}"
    assert check(exec_fn(use, before)).clean, use


def test_an_uncertain_callee_is_not_reported() -> None:
    """A spec fn whose name another function, a method or an import shares; one in another module."""
    shared_name = (
        "spec fn twice(a: u64) -> u64 { a }\nstruct S {}\nimpl S { fn twice(&self) -> u64 { 0 } }\n"
        + exec_fn("    let t = twice(x);")
    )
    other_module = "mod m { pub spec fn deep(a: u64) -> bool { true } }\n" + exec_fn("    let t = deep(x);")
    assert not [f for f in check(shared_name).findings if f.rule == R.GHOST_CALL_IN_EXEC]
    assert not [f for f in check(other_module).findings if f.rule == R.GHOST_CALL_IN_EXEC]


# ----------------------------------------------------------------------------------------- unknown functions


def test_an_unknown_function_is_rustc_s_e0425() -> None:
    report = check(exec_fn("    let y = helper_nowhere(x);\n    let z = Wrapper(x);"))
    assert [(f.diagnostic.code, f.diagnostic.message) for f in report.findings] == [
        ("E0425", "cannot find function `helper_nowhere` in this scope"),
        ("E0425", "cannot find function, tuple struct or tuple variant `Wrapper` in this scope"),
    ]
    assert report.findings[0].diagnostic.kind == DiagnosticKind.RUSTC_ERROR
    assert report.findings[0].diagnostic.unit_id == "fn:f/call#1:helper_nowhere"


def test_names_from_the_file_vstd_builtin_and_the_prelude_are_known() -> None:
    body = (
        "enum E { A(u64) }\nstruct P(u64);\nspec fn helper(a: int) -> int { a }\n"
        "fn apply(g: impl Fn(u64) -> u64, a: u64) -> u64 { g(a) }\n"
        + exec_fn(
            "    let e = E::A(x);\n    let p = P(x);\n    let o = Some(x);\n    drop(o);\n"
            "    let k = |a: u64| a;\n    let q = k(x);\n    let a = lemma_seq_from_vstd(x);\n"
            "    proof { let w = helper(arbitrary()); }"
        )
    )
    assert check(body, names=frozenset({"lemma_seq_from_vstd", "arbitrary"})).clean


def test_the_rule_does_not_run_where_names_hide() -> None:
    for hiding in (
        "use std::collections::*;",
        "macro_rules! m { () => {} }",
        '#[cfg(feature = "x")]\nfn g() {}',
        "mod other;",
    ):
        report = check(exec_fn("    let y = helper_nowhere(x);", hiding))
        assert report.clean and "unknown-function" in report.rules_off, hiding


def test_without_vstd_the_rule_is_off() -> None:
    report = check(exec_fn("    let y = helper_nowhere(x);"), names=None)
    off = "the vstd source was not given"
    assert report.clean and report.rules_off == {"unknown-function": off, "unknown-method": off}


# ------------------------------------------------------------------------------------- verus's format, verbatim


def test_every_rendering_reads_back_as_the_same_diagnostic() -> None:
    """verus's own text parser reads each rendered finding into the diagnostic the pre-check made: the repair path
    cannot tell them from verus's."""
    report = check(
        exec_fn(
            "    let y = x as int;\n    let z = 5int;\n    let d = spec_double(x);\n    let u = helper_nowhere(x);",
            "spec fn spec_double(a: u64) -> u64 { a }",
        )
    )
    assert len(report.findings) == 4
    for finding in report.findings:
        [read] = parse_text_log(finding.diagnostic.rendered).diagnostics
        made = finding.diagnostic
        assert (read.message, read.code, read.kind, read.level) == (made.message, made.code, made.kind, made.level)
        assert (read.location.file, read.location.line, read.location.col) == (
            made.location.file,
            made.location.line,
            made.location.col,
        )
        assert read.location.text == made.location.text


def test_a_crate_s_other_files_count_as_the_file() -> None:
    """A call of a function another module file defines (through `use crate::..::*`) is known; one nobody
    defines is not. A file alone (whole_crate false: it may be one module of a larger crate) does not run the rule
    through such a glob."""
    from verusagent.lens import parse_shared
    from verusagent.precheck import precheck_parsed

    lib = PRELUDE + "pub mod util;\nuse crate::util::*;\nfn f(x: u64) -> u64 { helper(x) + missing(x) }\n}\n"
    util = PRELUDE + "pub fn helper(x: u64) -> u64 { x }\n}\n"
    parsed = {"src/lib.rs": parse_shared(lib), "src/util.rs": parse_shared(util, module="util")}
    report = precheck_parsed(parsed, PrecheckContext(crate_name="c", vstd_names=frozenset()))
    assert [f.diagnostic.message for f in report.findings] == ["cannot find function `missing` in this scope"]
    assert report.findings[0].diagnostic.location.file == "src/lib.rs"
    alone = precheck_parsed(
        {"src/lib.rs": parsed["src/lib.rs"]}, PrecheckContext(crate_name="c", vstd_names=frozenset(), whole_crate=False)
    )
    assert alone.clean and "mod x;" in alone.rules_off["unknown-function"]
    without_mod = parse_shared(lib.replace("pub mod util;\n", ""))
    alone = precheck_parsed(
        {"src/lib.rs": without_mod}, PrecheckContext(crate_name="c", vstd_names=frozenset(), whole_crate=False)
    )
    assert alone.clean and "use crate::util::*" in alone.rules_off["unknown-function"]
