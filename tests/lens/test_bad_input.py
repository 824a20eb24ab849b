"""Bad input: a partial model plus problems with locations, never an exception."""

from pathlib import Path

import pytest

from verusagent.lens import parse
from verusagent.lens.parse import UnreadableSource, parse_file

GOOD = b"""verus! {
fn ok(x: u64) -> (r: u64)
    requires x < 10,
    ensures r == x,
{
    x
}
}
"""


def test_empty_file() -> None:
    model = parse(b"")
    assert model.functions == [] and model.problems == []


def test_non_utf8_bytes_are_reported_and_the_rest_parsed() -> None:
    data = GOOD.replace(b"x < 10", b"x < 10 /* \xff\xfe */")
    model = parse(data)
    assert model.function("ok").clause("requires") is not None
    problem = next(p for p in model.problems if "UTF-8" in p.message)
    assert problem.span.line == 3


def test_unbalanced_braces_give_a_located_problem() -> None:
    data = GOOD + b"fn broken(x: u64) {\n    if x > 0 {\n"
    model = parse(data)
    assert model.function("ok") is not None and model.function("broken") is not None
    unbalanced = [p for p in model.problems if "unbalanced" in p.message]
    assert unbalanced and all(p.span.line >= 9 for p in unbalanced)


def test_truncated_file_keeps_the_complete_functions() -> None:
    data = GOOD[:-3] + b"\nfn later(a: u64)\n    ensures a > "
    model = parse(data)
    assert model.function("ok").body is not None
    assert model.function("later") is not None
    assert model.problems


def test_file_without_verus_block() -> None:
    model = parse(b"fn main() { let x = 1; }\n")
    assert [f.name for f in model.functions] == ["main"] and not model.verus_blocks


def test_five_megabyte_file() -> None:
    body = b"".join(GOOD.replace(b"fn ok", b"fn ok_%d" % i) for i in range(60000))
    assert len(body) > 5_000_000
    model = parse(body)
    assert len(model.functions) == 60000 and not model.problems


def test_garbage_bytes_never_raise() -> None:
    noise = bytes(range(1, 256)) * 50 + b"fn } { ( ] verus! { fn"
    model = parse(noise)
    assert model.problems


def test_parse_file_refuses_binary_and_missing_files(tmp_path: Path) -> None:
    binary = tmp_path / "a.rs"
    binary.write_bytes(b"\x00\x01\x02fn main() {}")
    with pytest.raises(UnreadableSource, match="binary"):
        parse_file(binary)
    with pytest.raises(UnreadableSource, match="cannot read"):
        parse_file(tmp_path / "missing.rs")


@pytest.mark.parametrize(
    "data",
    [
        b"verus! { fn f() -> (r:",
        b"fn f() -> (r:",
        b"verus! { state_machine! { X {",
        b"verus! { tokenized_state_machine!{ X { transition!{ t() { require",
    ],
)
def test_files_cut_off_in_a_return_type_or_a_state_machine(data: bytes) -> None:
    model = parse(data)
    assert model.functions or model.state_machines or model.problems
    assert model.problems  # unclosed brackets
