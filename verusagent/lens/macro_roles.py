"""Who a function inside a state machine or struct_with_invariants! is: its unit id, mode and role.

`#[invariant]` predicates are spec fns and `#[inductive(op)]` lemmas proof fns even without a mode word (the
macro makes them so); other functions keep the mode they are written with.
"""

import re
from dataclasses import dataclass

from verusagent.lens.machine_model import MacroRole
from verusagent.lens.model import Mode
from verusagent.lens.span import Attribute

_ARGUMENT = re.compile(r"\(\s*(?:r#)?([A-Za-z_][A-Za-z0-9_]*)")


@dataclass(frozen=True)
class MacroScope:
    unit_id: str  # "sm:Machine" or "swi:Struct"
    is_machine: bool  # a state machine; else a struct_with_invariants!


@dataclass(frozen=True)
class MacroIdentity:
    id_base: str  # before ScanContext.unique_id
    mode: Mode
    role: MacroRole
    inductive_for: str | None


def inductive_target(attributes: list[Attribute]) -> str | None:
    """The operation named by an `#[inductive(op)]` attribute, if the function has one."""
    for attribute in attributes:
        if attribute.path == "inductive":
            found = _ARGUMENT.search(attribute.text)
            return found.group(1) if found else ""
    return None


def is_invariant(attributes: list[Attribute]) -> bool:
    return any(attribute.path == "invariant" for attribute in attributes)


def macro_identity(
    scope: MacroScope, attributes: list[Attribute], name: str, qualified: str, mode: Mode | None
) -> MacroIdentity:
    """`mode` is the written mode, None when the function has no mode word."""
    if not scope.is_machine:
        return MacroIdentity(f"fn:{qualified}", mode or Mode.EXEC, MacroRole.WF, None)
    target = inductive_target(attributes)
    if target is not None:
        key = target or name
        return MacroIdentity(
            f"{scope.unit_id}/inductive:{key}", mode or Mode.PROOF, MacroRole.INDUCTIVE, target or None
        )
    if is_invariant(attributes):
        return MacroIdentity(f"{scope.unit_id}/invariant:{name}", mode or Mode.SPEC, MacroRole.INVARIANT, None)
    return MacroIdentity(f"{scope.unit_id}/fn:{name}", mode or Mode.EXEC, MacroRole.FN, None)
