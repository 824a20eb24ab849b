"""The lexer against tree-sitter-rust's leaves, and the syntax errors of the lens's partial parse against those of
a whole-file parse, on a sample of the corpus and on mutated files (all of it: tools/lexer_check.py)."""

import random
from pathlib import Path

import pytest

from verusagent.lens import parse, tokenize
from verusagent.lens.model import Function, construct


@pytest.fixture(scope="module")
def sample(shared_dir: Path) -> list[Path]:
    files = sorted((shared_dir / "corpus").rglob("*.rs"))
    return files[::15]


def test_tokens_are_tree_sitters_leaves(sample: list[Path], lexer_check) -> None:
    failures = {p.name: lexer_check.compare(p.read_bytes())[1] for p in sample}
    assert len(sample) > 90 and not any(failures.values()), {k: v[:3] for k, v in failures.items() if v}


def test_syntax_errors_match_a_whole_file_parse_on_mutated_files(sample: list[Path], lexer_check) -> None:
    rng = random.Random(7)
    small = [p for p in sample if p.stat().st_size < 40_000]
    mismatches = []
    for _ in range(150):
        data = lexer_check.mutated(rng.choice(small).read_bytes(), rng)
        mismatch = lexer_check.syntax_error_mismatch(data)
        if mismatch:
            mismatches.append(mismatch)
    assert not mismatches, mismatches[:5]


@pytest.mark.parametrize(
    "source, texts",
    [
        (
            "a ==> b <==> c !== d =~= e =~~= f",
            ["a", "==", ">", "b", "<=", "=>", "c", "!=", "=", "d", "=", "~", "=", "e", "=", "~~", "=", "f"],
        ),
        (
            "x.0.1 1.max(2) 0int 1u64 2.5f32 1..n",
            ["x", ".", "0.1", "1", ".", "max", "(", "2", ")", "0", "int", "1u64", "2.5f32", "1", "..", "n"],
        ),
        ("&'a T 'c' b'x' r#\"q\"# br\"z\" r#type", ["&", "'", "a", "T", "'c'", "b'x'", 'r#"q"#', 'br"z"', "r#type"]),
    ],
)
def test_token_texts(source: str, texts: list[str]) -> None:
    assert tokenize(f"verus! {{ {source} }}".encode()).texts[3:-1] == texts


def test_nested_comments_raw_strings_and_invalid_bytes() -> None:
    data = 'verus! { /* a /* b */ c */ r####"x"###"#### é \xff }'.encode("utf-8", "surrogateescape")
    data = data.replace("\xff".encode("utf-8", "surrogateescape"), b"\xff")
    stream = tokenize(data)
    assert [c.text for c in stream.comments] == ["/* a /* b */ c */"]
    assert stream.texts[3:] == ['r####"x"###"####', "é", "\ufffd", "}"]
    assert data[stream.starts[-1] : stream.ends[-1]] == b"}"  # byte offsets past multi-byte characters
    assert stream.syntax_errors  # the invalid byte is no Rust token


def test_construct_is_model_construct(machines_dir: Path) -> None:
    function = parse((machines_dir / "fifo.rs").read_bytes()).function("produce_start_inductive")
    values = dict(function.__dict__)
    made = construct(Function, **values)
    assert made == Function.model_construct(**values) and made.model_fields_set == set(Function.model_fields)
    with pytest.raises(TypeError, match="every field"):
        construct(Function, id="fn:x")


def test_outline_keeps_functions_and_clauses_and_drops_bodies(machines_dir: Path) -> None:
    from verusagent.lens.functions import ItemScope
    from verusagent.lens.items import scan_items
    from verusagent.lens.positions import LineIndex
    from verusagent.lens.scan_state import ScanContext

    data = (machines_dir / "fifo.rs").read_bytes()
    outline = tokenize(data, outline=True)
    assert len(outline) < len(tokenize(data)) / 2 and not outline.unbalanced
    ctx = ScanContext(outline, LineIndex(data))
    scan_items(ctx, 0, len(outline) - 1, ItemScope())
    full = [f for f in parse(data).functions if not (f.container or "").startswith("fn ")]
    assert [(f.id, f.span, f.header, f.body, f.clauses) for f in ctx.functions] == [
        (f.id, f.span, f.header, f.body, f.clauses) for f in full
    ]


@pytest.mark.parametrize(
    "text, cut",
    [
        ("fn f() { x }", False),
        ('fn f() { let s = r#"} "q" {"#; }', False),
        ("fn f() { /* a /* b */ c */ }", False),
        ("fn f() {", True),
        ('fn f() { let s = "open; }', True),
        ("fn f() {} /* open /* nested */", True),
    ],
)
def test_cut_off(text: str, cut: bool) -> None:
    from verusagent.lens.tokens import is_cut_off

    assert is_cut_off(text) is cut


def test_raw_identifiers_are_their_names_with_exact_offsets() -> None:
    """`r#admit` is the name `admit` to rustc and verus: its text is `admit`, its offsets still span `r#admit`, and
    it is marked raw (never a keyword); a raw Rust keyword (`r#fn`) keeps its `r#`, a raw string is a literal."""
    data = b'verus! { r#admit(); #[verifier::r#external_body] r#fn r#"s"# }'
    stream = tokenize(data)
    texts = stream.texts[3:-1]
    assert texts == ["admit", "(", ")", ";", "#", "[", "verifier", "::", "external_body", "]", "r#fn", 'r#"s"#']
    raw = sorted(stream.raw)
    assert [stream.texts[i] for i in raw] == ["admit", "external_body"]
    assert [data[stream.starts[i] : stream.ends[i]] for i in raw] == [b"r#admit", b"r#external_body"]
    assert not stream.is_keyword(raw[0]) and stream.is_ident(raw[0], "admit")
    outline = tokenize(b"verus! { fn f() { r#admit(); } fn r#g() {} }", outline=True)
    assert [outline.texts[i] for i in outline.raw] == ["g"]
