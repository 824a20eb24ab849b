"""The guard on state machines (Verus's fifo tutorial program): the proofs inside the macro are functions, so
an inductive lemma's proof may change; the machine's fields, operations and invariants are its specification."""

import re
from pathlib import Path

import pytest

from verusagent.guard import guard


def edit(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, f"fixture lacks a unique {old!r}"
    return text.replace(old, new, 1)


def rules_of(report) -> set[tuple[str, str | None]]:
    return {(str(v.rule), v.function) for v in report.violations}


@pytest.fixture(scope="module")
def fifo(machines_dir: Path) -> str:
    return (machines_dir / "fifo.rs").read_text()


@pytest.fixture(scope="module")
def task(fifo: str) -> str:
    """fifo.rs with the proof of `produce_start_inductive` taken out, as a proof task would have it."""
    proof = re.search(r"fn produce_start_inductive\(pre: Self, post: Self\) \{\n(.*?)\n    \}\n", fifo, re.S)
    return fifo.replace(proof.group(1), "", 1)


def test_the_proof_of_an_inductive_lemma_is_the_models_to_write(task: str, fifo: str) -> None:
    report = guard(task, fifo)
    assert report.violations == [] and report.functions_compared >= 20


def test_assume_false_in_an_inductive_lemma(task: str, fifo: str) -> None:
    cheat = edit(
        fifo,
        "        let tail = pre.producer.get_Idle_0();\n        assert(!pre.in_active_range(tail));",
        "        assume(false);",
    )
    assert rules_of(guard(task, cheat)) == {("escape-hatch-added", "sm:FifoQueue/inductive:produce_start")}


def test_a_changed_transition_is_a_changed_specification(task: str, fifo: str) -> None:
    weaker = edit(fifo, "            require(next_tail != head);\n", "")
    assert {rule for rule, _ in rules_of(guard(task, weaker))} == {"item-changed"}


def test_a_changed_sharding_strategy_is_a_changed_specification(task: str, fifo: str) -> None:
    changed = edit(
        fifo, "#[sharding(variable)]\n        pub head: nat,", "#[sharding(not_tokenized)]\n        pub head: nat,"
    )
    assert {rule for rule, _ in rules_of(guard(task, changed))} == {"item-changed"}


def test_a_weakened_invariant(task: str, fifo: str) -> None:
    weaker = edit(
        fifo,
        "        forall|i: nat| 0 <= i && i < self.len() ==>\n            self.valid_storage_at_idx(i)",
        "        true",
    )
    assert rules_of(guard(task, weaker)) == {("spec-changed", "sm:FifoQueue/invariant:valid_storage_all")}


def test_a_deleted_inductive_lemma(task: str) -> None:
    lemma = re.search(r"    #\[inductive\(consume_start\)\]\n.*?\n    \}\n", task, re.S).group(0)
    report = guard(task, task.replace(lemma, "", 1))
    assert rules_of(report) == {("function-deleted", "sm:FifoQueue/inductive:consume_start")}


def test_a_new_invariant_and_a_new_helper_lemma_may_be_added(task: str, fifo: str) -> None:
    added = edit(
        fifo,
        "    #[inductive(initialize)]\n",
        "    #[invariant]\n    pub fn head_in_range(&self) -> bool {\n        self.head < self.len()\n    }\n\n"
        "    proof fn lemma_wrap(i: nat, len: nat)\n        requires i < len,\n"
        "        ensures Self::inc_wrap(i, len) < len,\n    {\n    }\n\n    #[inductive(initialize)]\n",
    )
    assert guard(task, added).violations == []


def test_every_state_machine_program_against_itself_is_clean(machines_dir: Path) -> None:
    dirty = {p.name: guard(p.read_bytes(), p.read_bytes()).violations for p in sorted(machines_dir.glob("*.rs"))}
    assert not any(dirty.values()), {name: v for name, v in dirty.items() if v}


def test_proof_added_inside_a_transitions_assert_by_is_proof(task: str, fifo: str) -> None:
    more = edit(
        fifo,
        "            assert(perm.is_init()) by {\n                assert(pre.in_active_range(head));\n",
        "            assert(perm.is_init()) by {\n                assert(pre.in_active_range(head));\n"
        "                assert(pre.valid_storage_at_idx(head));\n",
    )
    assert guard(task, more).violations == []
    weaker = edit(fifo, "            assert(perm.is_init()) by {", "            assert(true) by {")
    assert {rule for rule, _ in rules_of(guard(task, weaker))} == {"item-changed"}


MACHINE = """use vstd::prelude::*;
tokenized_state_machine!{
    #[verifier::reject_recursive_types(V)]
    Counter<V> {
        fields { #[sharding(variable)] pub n: nat, }
        #[invariant]
        pub fn inv(&self) -> bool { self.n >= 0 }
        init!{ initialize() { init n = 0; } }
        transition!{ tr_inc() { update n = pre.n + 1; } }
        #[inductive(tr_inc)]
        fn tr_inc_inductive(pre: Self, post: Self) { }
        #[inductive(initialize)]
        fn initialize_inductive(post: Self) { }
    }
}
fn main() {}
"""


def test_a_machine_whose_name_follows_an_attribute_is_read() -> None:
    proved = MACHINE.replace(
        "fn tr_inc_inductive(pre: Self, post: Self) { }",
        "fn tr_inc_inductive(pre: Self, post: Self) { assert(post.n >= 0); }",
    )
    assert guard(MACHINE, proved).violations == []
    cheat = proved.replace("assert(post.n >= 0);", "assume(false);")
    assert rules_of(guard(MACHINE, cheat)) == {("escape-hatch-added", "sm:Counter/inductive:tr_inc")}


def test_an_inner_attribute_in_a_machines_lemma_is_the_lemmas(task: str, fifo: str) -> None:
    cheat = edit(
        task,
        "fn produce_start_inductive(pre: Self, post: Self) {\n",
        "fn produce_start_inductive(pre: Self, post: Self) {\n        #![verifier::external_body]\n",
    )
    report = guard(task, cheat)
    assert ("escape-hatch-added", "sm:FifoQueue/inductive:produce_start") in rules_of(report)
