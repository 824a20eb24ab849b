"""Item replies on state machines (Verus's tutorial programs): functions go back inside the macro."""

from pathlib import Path

import pytest

from verusagent.edit.extract import Edit, extract_edit
from verusagent.lens import parse


def reply(code: str) -> str:
    return f"Here are the changed functions:\n\n```rust\n{code.strip()}\n```\n"


def items(original: str, code: str) -> Edit:
    edit = extract_edit(reply(code), original)
    assert isinstance(edit, Edit) and edit.kind == "items", edit
    return edit


@pytest.fixture(scope="module")
def counting(machines_dir: Path) -> str:
    return (machines_dir / "counting_to_n_atomic.rs").read_text()  # its state machine is outside verus! { }


@pytest.fixture(scope="module")
def fifo(machines_dir: Path) -> str:
    return (machines_dir / "fifo.rs").read_text()  # inside verus! { }


LEMMA = """#[inductive(tr_inc)]
fn tr_inc_preserves(pre: Self, post: Self) {
    lemma_sum(pre.stamped_tickets, pre.unstamped_tickets);
}"""
HELPER = """proof fn lemma_sum(a: nat, b: nat)
    ensures a + b == b + a,
{
}"""
INVARIANT = """#[invariant]
pub fn counter_bounded(&self) -> bool {
    self.counter <= self.num_threads
}"""


def test_an_inductive_lemma_replaces_the_one_inside_the_machine(counting: str) -> None:
    edit = items(counting, LEMMA)
    assert edit.replaced == ["X::tr_inc_preserves"] and not edit.inserted
    lemma = parse(edit.candidate).function("sm:X/inductive:tr_inc")
    assert lemma.macro_unit == "sm:X" and "lemma_sum(pre.stamped_tickets" in parse(edit.candidate).slice(lemma.body)
    assert "        fn tr_inc_preserves(pre: Self, post: Self) {\n            lemma_sum(" in edit.candidate


def test_a_renamed_inductive_lemma_replaces_the_lemma_of_its_transition(counting: str) -> None:
    edit = items(counting, LEMMA.replace("tr_inc_preserves", "tr_inc_inductive"))
    model = parse(edit.candidate)
    assert edit.replaced == ["X::tr_inc_preserves"]
    assert model.function("sm:X/inductive:tr_inc").name == "tr_inc_inductive" and not model.function("tr_inc_preserves")


def test_new_lemmas_go_where_they_are_valid(counting: str) -> None:
    edit = items(counting, "\n\n".join([LEMMA, HELPER, INVARIANT]))
    assert edit.inserted == ["lemma_sum", "counter_bounded"]
    model = parse(edit.candidate)
    helper, invariant = model.function("lemma_sum"), model.function("counter_bounded")
    machine = model.state_machine("X")
    assert invariant.id == "sm:X/invariant:counter_bounded" and machine.body.covers(invariant.span)
    # a free function called by its plain name, before the machine, in a verus! block of its own
    assert helper.macro_unit is None and helper.in_verus and helper.span.end < machine.span.start
    assert not model.problems


def test_a_method_helper_goes_inside_the_machine_and_a_free_helper_before_it(fifo: str) -> None:
    method = (
        "#[inductive(consume_start)]\nfn consume_start_inductive(pre: Self, post: Self) {\n"
        "    Self::lemma_ranges(pre);\n    lemma_free(pre.head);\n}\n\n"
        "proof fn lemma_ranges(s: Self)\n{\n}\n\nproof fn lemma_free(n: nat)\n{\n}"
    )
    edit = items(fifo, method)
    model = parse(edit.candidate)
    machine = model.state_machine("FifoQueue")
    assert model.function("lemma_ranges").id == "sm:FifoQueue/fn:lemma_ranges"
    free = model.function("lemma_free")
    assert free.macro_unit is None and free.span.end < machine.span.start and free.in_verus
    assert edit.candidate.count("verus! {") == fifo.count("verus! {")  # already inside verus!: no new block
    assert not model.problems


def test_a_reply_written_inside_the_machine_macro(fifo: str) -> None:
    code = (
        "tokenized_state_machine!{FifoQueue<T> {\n    #[inductive(consume_start)]\n"
        "    fn consume_start_inductive(pre: Self, post: Self) {\n        assert(pre.head < pre.len());\n    }\n}}"
    )
    edit = items(fifo, code)
    assert edit.replaced == ["FifoQueue::consume_start_inductive"]
    model = parse(edit.candidate)
    assert "assert(pre.head < pre.len());" in model.slice(model.function("consume_start_inductive").body)
