"""Diagnostics placed in the units of a state machine (Verus's fifo tutorial program): an inductive lemma is a
function, an assert of a transition belongs to the transition."""

from pathlib import Path

from verusagent import lens
from verusagent.lens.model import function_unit
from verusagent.verus import map_to_units, parse_text_log


def _log(message: str, text: str, needle: str) -> str:
    number = next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)
    line = text.splitlines()[number - 1]
    col = line.index(needle) + 1
    return f"error: {message}\n  --> src/fifo.rs:{number}:{col}\n   |\n{number} | {line}\n   | {' ' * col}^^^\n"


def test_errors_in_a_lemma_and_in_a_transition(machines_dir: Path) -> None:
    text = (machines_dir / "fifo.rs").read_text()
    model = lens.parse(text.encode())
    logs = [
        _log("assertion failed", text, "assert(Self::inc_wrap(tail, post.len()) != head);"),
        _log("assertion failed", text, "perm.id() == pre.backing_cells.index(tail as int)"),
    ]
    units = [d.unit_id for log in logs for d in map_to_units(parse_text_log(log).diagnostics, model, "fifo.rs")]
    # the second is the call `perm.id()` in the transition's assert, the innermost unit there
    assert units == ["sm:FifoQueue/inductive:produce_start", "sm:FifoQueue/transition:produce_start/call#1:id"]
    assert [function_unit(u) for u in units] == [
        "sm:FifoQueue/inductive:produce_start",
        "sm:FifoQueue/transition:produce_start",
    ]
