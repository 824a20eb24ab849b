"""The slicer on state machines (Verus's fifo tutorial program): the machine is a container of its lemmas and
operations, and a slice centred on an inductive lemma is honest about every line it leaves out."""

from pathlib import Path

import pytest

from verusagent.context import choose_targets, slice_source
from verusagent.context.outline import build_outline
from verusagent.lens import parse

from tests.context.view_check import assert_accounts_for_every_line


@pytest.fixture(scope="module")
def fifo(machines_dir: Path) -> str:
    return (machines_dir / "fifo.rs").read_text()


def test_the_machine_holds_its_lemmas_and_operations(fifo: str) -> None:
    root = build_outline(parse(fifo))
    machine = next(n for n in root.walk() if n.kind == "macro" and n.name == "tokenized_state_machine")
    children = {(child.kind, child.name) for child in machine.children}
    assert ("fn", "produce_start_inductive") in children and ("fn", "valid_storage_at_idx") in children
    assert {("macro", "init"), ("macro", "transition")} <= children  # its operations, as item macros


def test_a_slice_on_an_inductive_lemma_shows_it_and_names_what_it_leaves_out(fifo: str) -> None:
    model = parse(fifo)
    lemma = model.function("sm:FifoQueue/inductive:produce_start")
    sliced = slice_source(fifo, [lemma.id], budget_tokens=1500)
    assert sliced.targets == ["FifoQueue::produce_start_inductive"]
    assert model.slice(lemma.span) in sliced.text
    assert len(sliced.text) < len(fifo) / 2
    assert_accounts_for_every_line(fifo, sliced.text)


def test_an_error_in_a_lemma_call_targets_the_lemma(fifo: str) -> None:
    model = parse(fifo)
    assert choose_targets(model, [], ["sm:FifoQueue/inductive:produce_start/call#1:lemma_x"]) == [
        "FifoQueue::produce_start_inductive"
    ]
