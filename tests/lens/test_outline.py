"""`parse_with_tokens(data, outline=True)`: the same functions and clauses as a full parse, bodies unread."""

from pathlib import Path

import pytest

from verusagent.lens import parse_with_tokens, tokenize

from tests.paths import REPO_ROOT

FIXTURES = REPO_ROOT / "rust_fixtures"


def outline_view(data: bytes) -> list[tuple]:
    model, _ = parse_with_tokens(data, outline=True)
    return [_function_view(f) for f in model.functions]


def full_view(data: bytes) -> list[tuple]:
    """The full parse's functions, but for those declared inside another function's body, which an outline
    leaves unread by design (nothing outside that body can name them)."""
    model, _ = parse_with_tokens(data)
    bodies = [f.body for f in model.functions if f.body is not None]
    return [_function_view(f) for f in model.functions if not any(b.covers(f.span) for b in bodies)]


def _function_view(function) -> tuple:
    clauses = [(c.kind, c.span, [(e.text, e.span) for e in c.exprs]) for c in function.clauses]
    return (
        function.id,
        function.mode,
        function.visibility,
        function.modifiers,
        function.container,
        function.span,
        function.header,
        function.signature,
        function.params,
        function.return_type,
        function.return_binding,
        [a.text for a in function.attributes if not a.inner],
        clauses,
        function.body,
        function.prover,
    )
    # (an inner `#![..]` attribute is in the body, which an outline does not read)


def assert_same_functions(files: list[Path]) -> None:
    differing = [path for path in files if outline_view(path.read_bytes()) != full_view(path.read_bytes())]
    assert not differing, f"outline and full parses differ on {len(differing)} files, e.g. {differing[:3]}"


def test_the_fixtures():
    files = sorted(FIXTURES.rglob("*.rs"))
    assert files
    assert_same_functions(files)


def test_the_vstd_source(shared_dir):
    assert_same_functions(sorted((shared_dir / "corpus" / "vstd").rglob("*.rs")))


def test_verus_bench_and_examples(corpus_rs_files):
    assert_same_functions(corpus_rs_files)


def test_bodies_are_not_read_but_their_braces_are_kept():
    data = b"verus! {\nimpl<T, const N: usize> View for [T; N] {\n    fn f(x: u8) -> u8\n        ensures r == ({ x }),\n    {\n        let y = x + 1;\n        y\n    }\n}\n}\n"  # noqa: E501 (a source text, kept on one line to read as the file reads)
    full, outline = tokenize(data), tokenize(data, outline=True)
    texts = [t.text for t in outline.tokens]
    assert "let" in [t.text for t in full.tokens] and "let" not in texts and "y" not in texts
    assert texts.count("{") == texts.count("}") and not outline.unbalanced
    model, _ = parse_with_tokens(data, outline=True)
    assert model.functions[0].qualified == "_::f" and model.functions[0].clauses[0].exprs[0].text == "r == ({ x })"
    assert model.calls == [] and model.loops == [] and model.proof_sites == []


@pytest.mark.parametrize("data", [b"verus! { fn f() { let x = 1;", b"fn f() {{{", b"verus! { proof fn g() ensures"])
def test_unclosed_bodies_are_partial_not_errors(data):
    model, stream = parse_with_tokens(data, outline=True)
    assert [f.name for f in model.functions] == [f.name for f in parse_with_tokens(data)[0].functions]
    assert stream.tokens
