"""Where a reply's functions go when the file has state machines.

A replied `#[inductive(op)]` lemma replaces the machine's lemma for `op` (even renamed). A new function goes
inside a machine's body when it belongs there: it carries `#[inductive(..)]` or `#[invariant]`, the reply put it
inside the machine, or a machine function calls it as `Self::name(..)` / `x.name(..)` (the machine's functions
are methods of its `State`). A new helper that machine functions call by its plain name must be a free function
of the module the machine sits in (the macro's module does `use super::*`), so it goes right before the machine,
wrapped in `verus! { }` when the machine is not inside one.
"""

import re
from collections.abc import Callable

from verusagent.lens.machine_model import StateMachine
from verusagent.lens.model import Function, SourceModel

VERUS_WRAP = ("verus! {\n\n", "\n\n} // verus!")


def inductive_target(original: SourceModel, operation: str, machine: str | None) -> Function | None:
    """The original's inductive lemma for `operation` (in `machine`, if the reply named one), if unique."""
    found = [
        f
        for f in original.functions
        if f.inductive_for == operation and (machine is None or f.macro_unit == f"sm:{machine}")
    ]
    return found[0] if len(found) == 1 else None


def machine_for(
    original: SourceModel, name: str, hints: tuple[str | None, str | None, bool], texts: dict[str, str]
) -> StateMachine | None:
    """The machine whose body a new function belongs in. hints: (machine named by the reply, the operation
    of its #[inductive], whether it is an #[invariant]); texts: function id -> its current text."""
    machine, operation, invariant = hints
    machines = original.state_machines
    if machine is not None:
        return original.state_machine(machine)
    if operation is not None:
        owners = [m for m in machines if m.operation(operation) is not None]
        return owners[0] if owners else (machines[0] if len(machines) == 1 else None)
    if invariant:
        return machines[0] if len(machines) == 1 else None
    method_call = re.compile(rf"(\bSelf\s*::\s*|\.\s*){re.escape(name)}\s*(::\s*<[^>]*>\s*)?\(")
    for m in machines:
        if any(method_call.search(texts.get(fid, "")) for fid in m.functions):
            return m
    return None


def inside_machine(
    original: SourceModel, machine: StateMachine, indent_of: Callable[[int], str]
) -> tuple[int, str, bool]:
    """(offset, indentation, before?) for a new function at the end of the machine's body."""
    members = [f for f in original.functions if f.id in machine.functions]
    if members:
        last = max(members, key=lambda f: f.span.end)
        return last.span.end, indent_of(last.span.start), False
    spans = [op.span for op in machine.operations] + ([machine.fields_block] if machine.fields_block else [])
    if spans:
        last_span = max(spans, key=lambda s: s.end)
        return last_span.end, indent_of(last_span.start), False
    closing = machine.body.end - 1
    return len(original.data[:closing].rstrip()), indent_of(machine.body.start) + "    ", False


def machine_anchor(original: SourceModel, user: Function) -> tuple[int, bool] | None:
    """For a user inside a machine: (the machine's start, whether it sits inside verus! { }); else None."""
    if user.macro_unit is None or not user.macro_unit.startswith("sm:"):
        return None
    machine = original.state_machine(user.macro_unit)
    return (machine.span.start, machine.in_verus) if machine else None
