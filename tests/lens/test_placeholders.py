"""Synthesis targets: `unimplemented!()`/`todo!()` bodies, and exec functions with a spec whose body is empty
(`{ }` or only comments), as the vericoding benchmarks write their tasks."""

from verusagent.lens import parse
from verusagent.lens.placeholders import placeholder_functions

SOURCE = """use vstd::prelude::*;
verus! {
spec fn twice(x: int) -> int { 2 * x }
fn empty(x: u32) -> (r: u64)
    ensures r == twice(x as int),
// <code>
{ }
fn commented(x: u32) -> (r: u32)
    requires x < 10,
{
    // TODO: write it
    /* and prove it */
}
fn placeholder(x: u32) -> (r: u32)
    ensures r == x,
{
    unimplemented!()
}
fn no_spec_empty() { }
proof fn lemma_empty(x: int)
    ensures twice(x) == x + x,
{ }
fn main() {}
fn written(x: u32) -> (r: u32)
    ensures r == x,
{ x }
}
"""


def test_empty_bodies_under_a_spec_are_targets() -> None:
    model = parse(SOURCE)
    assert [f.name for f in placeholder_functions(model)] == ["empty", "commented", "placeholder"]


def test_the_vericoding_fixtures_each_have_their_main_function_as_target(rust_fixtures) -> None:
    for task in sorted((rust_fixtures / "vericoding").iterdir()):
        if task.is_dir():
            model = parse((task / "verus_spec.rs").read_bytes())
            assert len(placeholder_functions(model)) == 1, task.name
            assert not placeholder_functions(parse((task / "solution.rs").read_bytes())), task.name
