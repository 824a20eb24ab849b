"""State machines and struct_with_invariants! in the lens, on Verus's own state-machine tutorial programs.

The counts test reads the programs with its own regex scanner (not the lens) and checks that the lens finds
every function, every operation (init!/transition!/readonly!/property!) and every inductive lemma.
"""

import re
from collections import Counter
from pathlib import Path

import pytest

from verusagent.lens import Mode, SourceModel, parse
from verusagent.lens.machine_model import MachineKind, OperationKind, StatementKind

_NOISE = re.compile(r"//[^\n]*|/\*.*?\*/|\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)'", re.S)
_FN = re.compile(r"\bfn\s+([A-Za-z_]\w*)")
_OPERATION = re.compile(r"\b(init|transition|readonly|property)!\s*[{(]\s*([A-Za-z_]\w*)\s*[(<]")
_INDUCTIVE = re.compile(r"#\[inductive\(\s*(\w+)\s*\)\]\s*(?:#\[[^\]]*\]\s*)*(?:pub\s+)?(?:proof\s+)?fn\s+(\w+)")
_INVARIANT = re.compile(r"#\[invariant\]\s*(?:pub\s+)?(?:(?:open|closed)\s+)?(?:spec\s+)?fn\s+(\w+)")


def _blank(match: re.Match) -> str:
    return " " * len(match.group(0))


def regex_counts(text: str) -> dict[str, Counter]:
    """Functions, operations, inductive lemmas and invariants of a program, read with regexes."""
    code = _NOISE.sub(_blank, text)
    return {
        "functions": Counter(_FN.findall(code)),
        "operations": Counter(_OPERATION.findall(code)),
        "inductive": Counter(_INDUCTIVE.findall(code)),
        "invariants": Counter(_INVARIANT.findall(code)),
    }


def lens_counts(model: SourceModel) -> dict[str, Counter]:
    return {
        "functions": Counter(f.name for f in model.functions),
        "operations": Counter((op.kind.value, op.name) for m in model.state_machines for op in m.operations),
        "inductive": Counter((f.inductive_for, f.name) for f in model.functions if f.macro_role == "inductive"),
        "invariants": Counter(f.name for f in model.functions if f.macro_role == "invariant"),
    }


def test_lens_finds_every_function_operation_and_inductive_lemma(machines_dir: Path) -> None:
    totals: Counter = Counter()
    for path in sorted(machines_dir.glob("*.rs")):
        text = path.read_text()
        expected, found = regex_counts(text), lens_counts(parse(text))
        for kind in expected:
            assert found[kind] == expected[kind], (
                path.name,
                kind,
                expected[kind] - found[kind],
                found[kind] - expected[kind],
            )
            totals[kind] += sum(expected[kind].values())
    print(f"\nstate-machine tutorial programs: {dict(totals)}")
    assert totals["inductive"] >= 20 and totals["operations"] >= 25 and totals["functions"] >= 80, totals


@pytest.fixture(scope="module")
def fifo(machines_dir: Path) -> SourceModel:
    return parse((machines_dir / "fifo.rs").read_bytes())


@pytest.fixture(scope="module")
def counting(machines_dir: Path) -> SourceModel:
    return parse((machines_dir / "counting_to_n_atomic.rs").read_bytes())


def test_machine_fields_and_sharding(fifo: SourceModel) -> None:
    machine = fifo.state_machine("FifoQueue")
    assert (machine.id, machine.kind, machine.generics, machine.in_verus) == (
        "sm:FifoQueue",
        MachineKind.TOKENIZED,
        "<T>",
        True,
    )
    fields = {f.name: (f.id, f.sharding, f.type) for f in machine.fields}
    assert fields["storage"] == ("sm:FifoQueue/field:storage", "storage_map", "Map<nat, cell::PointsTo<T>>")
    assert fields["backing_cells"][1] == "constant" and fields["head"][1] == "variable"
    assert list(fields) == ["backing_cells", "storage", "head", "tail", "producer", "consumer"]


def test_operations_with_their_statements(fifo: SourceModel) -> None:
    machine = fifo.state_machine("sm:FifoQueue")
    produce_start = machine.operation("produce_start")
    assert produce_start.id == "sm:FifoQueue/transition:produce_start" and produce_start.signature == "produce_start()"
    kinds = [(s.kind, s.field) for s in produce_start.statements]
    assert (StatementKind.UPDATE, "producer") in kinds and (StatementKind.WITHDRAW, "storage") in kinds
    withdraw = next(s for s in produce_start.statements if s.kind == StatementKind.WITHDRAW)
    assert withdraw.text.startswith("withdraw storage -= [tail => let perm] by {") and withdraw.proof is not None
    assert fifo.slice(produce_start.span).startswith("transition!{") and fifo.slice(produce_start.span).endswith("}")
    consume_start = machine.operation("consume_start")
    assert StatementKind.BIRDS_EYE in [s.kind for s in consume_start.statements]
    assert machine.operation("initialize").kind == OperationKind.INIT
    # a proof inside `by { }` is proof code of the operation; the DSL's own asserts are its specification
    sites = fifo.proof_sites_of(produce_start.id)
    blocks = [s.proof for s in produce_start.statements if s.proof is not None]
    assert len(blocks) == 2 and len(sites) == 3  # assert(..) in withdraw's block, two in the final assert's
    assert all(any(block.covers(site.span) for block in blocks) for site in sites)
    assert any(c.callee == "inc_wrap" for c in fifo.calls_of(produce_start.id))


def test_invariants_and_inductive_lemmas_are_functions(fifo: SourceModel, counting: SourceModel) -> None:
    lemma = fifo.function("produce_start_inductive")
    assert (lemma.id, lemma.mode, lemma.macro_unit, lemma.macro_role, lemma.inductive_for) == (
        "sm:FifoQueue/inductive:produce_start",
        Mode.PROOF,
        "sm:FifoQueue",
        "inductive",
        "produce_start",
    )
    assert fifo.function("sm:FifoQueue/inductive:produce_start") is lemma
    assert lemma.qualified == "FifoQueue::produce_start_inductive" and lemma.body is not None
    invariant = fifo.function("not_overlapping")
    assert (invariant.id, invariant.mode, invariant.macro_role) == (
        "sm:FifoQueue/invariant:not_overlapping",
        Mode.SPEC,
        "invariant",
    )
    helper = fifo.function("inc_wrap")
    assert (helper.id, helper.mode, helper.macro_role) == ("sm:FifoQueue/fn:inc_wrap", Mode.SPEC, "fn")
    renamed = counting.function("tr_inc_preserves")  # the lemma's id follows its transition, not its name
    assert renamed.id == "sm:X/inductive:tr_inc" and renamed.in_verus  # the machine is outside verus! { }
    assert not counting.state_machine("X").in_verus
    machine = fifo.state_machine("FifoQueue")
    assert lemma.id in machine.functions and "sm:FifoQueue/invariant:in_bounds" in machine.functions


def test_units_at_offsets_inside_a_machine(fifo: SourceModel) -> None:
    machine = fifo.state_machine("FifoQueue")
    produce_start = machine.operation("produce_start")
    require = produce_start.statements[0]
    assert fifo.unit_at(require.span.start) == produce_start.id
    storage = next(f for f in machine.fields if f.name == "storage")
    assert fifo.unit_at(storage.span.start + 2) == storage.id
    lemma = fifo.function("produce_end_inductive")
    assert fifo.unit_at(lemma.body.start + 1) == lemma.id
    assert fifo.unit_at(machine.body.start) == machine.id


def test_struct_with_invariants(fifo: SourceModel, examples_dir: Path) -> None:
    queue = fifo.structs_with_invariants[0]
    assert queue.id == "swi:Queue" and queue.functions == ["fn:Queue::wf"]
    assert fifo.slice(queue.struct).lstrip().startswith(("pub struct Queue", "struct Queue"))
    wf = fifo.function("fn:Queue::wf")
    assert (wf.macro_unit, wf.macro_role, wf.container) == ("swi:Queue", "wf", "impl Queue")
    ids = [d.id for d in queue.invariants]
    assert "swi:Queue/invariant:head" in ids and "swi:Queue/invariant:tail" in ids
    head = next(d for d in queue.invariants if d.id == "swi:Queue/invariant:head")
    assert head.header.startswith("invariant on head with (instance) is (") and head.body is not None
    assert fifo.unit_at(head.body.start + 1) == wf.id  # the function is the innermost unit
    lock = parse((examples_dir / "basic_lock2.rs").read_bytes()).structs_with_invariants[0]
    assert lock.id == "swi:Lock" and [d.fields for d in lock.invariants] == [["atomic"]]


def test_machine_without_a_body_is_a_problem_not_a_crash() -> None:
    model = parse(b"verus! {\nstate_machine! { }\nfn f() {}\n}\n")
    assert model.function("f") is not None and not model.state_machines
    assert any("state_machine! without" in p.message for p in model.problems)


BRANCHING = b"""verus! {
state_machine!{ Toggle {
    fields { pub on: bool, pub count: nat }

    init!{ start(on: bool) { init on = on; init count = 0; } }

    transition!{
        flip(n: nat) {
            if pre.on {
                update on = false;
            } else if n > 0 {
                require(n < 10);
                update on = true;
            } else {
                update count = pre.count + 1;
            }
            match pre.count {
                0 => { assert(pre.count == 0); }
                _ => { require(pre.count > 0); }
            }
        }
    }

    readonly!{ peek() { require(pre.on); } }

    #[inductive(flip)]
    #[verifier::spinoff_prover]
    pub fn flip_inductive(pre: Self, post: Self, n: nat) { }
}}
}
"""


def test_branches_readonly_and_a_lemma_with_more_attributes() -> None:
    model = parse(BRANCHING)
    machine = model.state_machine("Toggle")
    flip = machine.operation("flip")
    kinds = [(s.kind.value, s.field, s.conditional) for s in flip.statements]
    assert kinds == [
        ("update", "on", True),
        ("require", None, True),
        ("update", "on", True),
        ("update", "count", True),
        ("assert", None, True),
        ("require", None, True),
    ]
    assert machine.operation("peek").kind == OperationKind.READONLY
    assert machine.operation("peek").id == "sm:Toggle/readonly:peek"
    lemma = model.function("sm:Toggle/inductive:flip")
    assert lemma.name == "flip_inductive" and lemma.mode == Mode.PROOF and len(lemma.attributes) == 2
    assert [f.name for f in machine.fields] == ["on", "count"] and not model.problems
