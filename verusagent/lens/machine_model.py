"""Units of the Verus macros that wrap items: `state_machine!` / `tokenized_state_machine!` and
`struct_with_invariants!`.

Unit ids (stable across edits elsewhere in the file; a repeated id gets "#2", "#3", ...):

    sm:Machine                          the state machine (the whole macro invocation)
    sm:Machine/field:name               a field of its `fields { }` block (with its sharding strategy)
    sm:Machine/init:name                an `init!` operation; likewise `transition:`, `readonly:`, `property:`
    sm:Machine/invariant:fn_name        an `#[invariant]` predicate                  (a Function, mode spec)
    sm:Machine/inductive:operation      the `#[inductive(operation)]` lemma          (a Function, mode proof),
                                        keyed by the operation it proves, so renaming the lemma keeps its id
    sm:Machine/fn:name                  any other fn of the machine's body           (a Function)
    swi:Struct                          a struct_with_invariants! (the struct and its well-formedness fn)
    swi:Struct/invariant:field          an `invariant on field ... is (..) { }` declaration of that fn
    swi:Struct/predicate                its `predicate { }` block

The well-formedness fn of a struct_with_invariants! is an ordinary method of the struct: `fn:Struct::wf`.
Loops and calls inside these functions are numbered under the function's id as everywhere
(`sm:M/inductive:tr/loop#1`); calls in an operation under the operation's id (`sm:M/transition:tr/call#1:f`).
"""

from dataclasses import dataclass
from enum import StrEnum

from pydantic import BaseModel, Field

from verusagent.lens.span import Attribute, Span


class MachineKind(StrEnum):
    STATE_MACHINE = "state_machine"
    TOKENIZED = "tokenized_state_machine"
    TOKENIZED_VSTD = "tokenized_state_machine_vstd"


class OperationKind(StrEnum):
    INIT = "init"
    TRANSITION = "transition"
    READONLY = "readonly"
    PROPERTY = "property"


class StatementKind(StrEnum):
    """The single statements of the transition language (`if`/`match` only nest them)."""

    REQUIRE = "require"
    UPDATE = "update"
    INIT = "init"
    ASSERT = "assert"
    HAVE = "have"
    ADD = "add"
    REMOVE = "remove"
    DEPOSIT = "deposit"
    WITHDRAW = "withdraw"
    GUARD = "guard"
    LET = "let"
    BIRDS_EYE = "birds_eye"  # birds_eye let x = ...;


class MacroRole(StrEnum):
    """What a Function inside one of these macros is."""

    INVARIANT = "invariant"
    INDUCTIVE = "inductive"
    FN = "fn"
    WF = "wf"  # a function of a struct_with_invariants! (its well-formedness predicate)


@dataclass(frozen=True, slots=True)
class Statement:
    kind: StatementKind
    span: Span  # from the keyword to the `;` (or the end of the statement)
    text: str
    field: str | None  # the field it initialises, updates or moves tokens of; None for require/assert/let
    proof: Span | None = None  # the `by { }` block of an assert, withdraw, deposit, guard, ...
    conditional: bool = False  # inside an `if` or `match` branch


class MachineField(BaseModel):
    id: str  # "sm:Machine/field:name"
    name: str
    type: str
    sharding: str | None  # the strategy of `#[sharding(strategy)]` (tokenized machines), None otherwise
    visibility: str
    span: Span  # attributes to the end of the type
    attributes: list[Attribute]


class Operation(BaseModel):
    id: str  # "sm:Machine/transition:name"
    kind: OperationKind
    name: str
    machine_id: str
    span: Span  # attributes and the `transition! { }` invocation (one operation), or just the operation
    signature: str  # "name(params)" with whitespace folded
    params: Span
    body: Span | None  # the `{ }` of the statements
    statements: list[Statement]
    attributes: list[Attribute]


class StateMachine(BaseModel):
    id: str  # "sm:Machine"
    name: str
    kind: MachineKind
    generics: str | None  # "<T>", "<DT: Dispatch>"
    in_verus: bool  # the invocation sits inside a verus! { } block
    span: Span  # attributes to the end of the macro invocation
    body: Span  # the `{ }` after the machine's name
    fields_block: Span | None  # `fields { }`
    fields: list[MachineField]
    operations: list[Operation]
    functions: list[str] = Field(default_factory=list)  # ids of the Functions of its body, in source order

    def operation(self, name_or_id: str) -> Operation | None:
        return next((op for op in self.operations if name_or_id in (op.id, op.name)), None)


class InvariantDecl(BaseModel):
    id: str  # "swi:Struct/invariant:field" or "swi:Struct/predicate"
    kind: str  # "invariant_on" or "predicate"
    fields: list[str]  # the fields after `on`
    header: str  # `invariant on atomic with (cell) is (v: bool, g: G)` with whitespace folded
    span: Span
    body: Span | None
    function_id: str  # the well-formedness fn that holds it


class InvariantStruct(BaseModel):
    id: str  # "swi:Struct"
    name: str
    span: Span  # the whole struct_with_invariants! invocation
    struct: Span | None  # the struct item inside it
    functions: list[str] = Field(default_factory=list)
    invariants: list[InvariantDecl] = Field(default_factory=list)
