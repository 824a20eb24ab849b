"""The source model of a Verus file: functions, clauses, loops, calls, proof sites and item-level sites.

Spans carry exact byte offsets into the file's bytes (tree-sitter counts bytes) and 1-based line/column
positions, the column counted in characters as rustc and verus count it.
"""

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from pydantic import BaseModel, Field

from verusagent.lens.machine_model import InvariantDecl, InvariantStruct, MachineField, Operation, StateMachine
from verusagent.lens.span import Attribute as Attribute
from verusagent.lens.span import Span as Span

_Model = TypeVar("_Model", bound=BaseModel)


def construct(cls: type[_Model], **values: Any) -> _Model:
    """`cls.model_construct(**values)` for values that name every field, as the scanners give them: pydantic's
    own loop over fields, aliases and defaults is a tenth of the lens's time on large files. Same result (a test
    compares both)."""
    names = _FIELD_NAMES.get(cls) or _FIELD_NAMES.setdefault(cls, frozenset(cls.__pydantic_fields__))
    if len(values) != len(names) or not names.issuperset(values):
        raise TypeError(f"{cls.__name__}: construct needs every field; missing {set(names) - set(values)}")
    instance = cls.__new__(cls)
    _set(instance, "__dict__", values)
    _set(instance, "__pydantic_fields_set__", set(names))
    _set(instance, "__pydantic_extra__", None)
    _set(instance, "__pydantic_private__", None)
    return instance


_FIELD_NAMES: dict[type, frozenset[str]] = {}
_set = object.__setattr__


class Mode(StrEnum):
    SPEC = "spec"
    SPEC_CHECKED = "spec(checked)"
    PROOF = "proof"
    AXIOM = "axiom"
    EXEC = "exec"


class ClauseKind(StrEnum):
    REQUIRES = "requires"
    ENSURES = "ensures"
    RECOMMENDS = "recommends"
    DECREASES = "decreases"
    RETURNS = "returns"
    OPENS_INVARIANTS = "opens_invariants"
    NO_UNWIND = "no_unwind"
    DEFAULT_ENSURES = "default_ensures"
    WITH = "with"
    ATOMICALLY = "atomically"  # `atomically (au) { ... }` of atomic functions
    INVARIANT = "invariant"
    INVARIANT_EXCEPT_BREAK = "invariant_except_break"


FUNCTION_CLAUSES = frozenset(
    {
        ClauseKind.REQUIRES,
        ClauseKind.ENSURES,
        ClauseKind.RECOMMENDS,
        ClauseKind.DECREASES,
        ClauseKind.RETURNS,
        ClauseKind.OPENS_INVARIANTS,
        ClauseKind.NO_UNWIND,
        ClauseKind.DEFAULT_ENSURES,
        ClauseKind.WITH,
        ClauseKind.ATOMICALLY,
    }
)
LOOP_CLAUSES = frozenset(
    {ClauseKind.INVARIANT, ClauseKind.INVARIANT_EXCEPT_BREAK, ClauseKind.ENSURES, ClauseKind.DECREASES}
)


@dataclass(frozen=True, slots=True)
class Expr:
    """One comma-separated expression of a clause."""

    text: str
    span: Span


@dataclass(slots=True)
class Clause:
    kind: ClauseKind
    span: Span  # from the keyword to the end of the last expression (trailing comma included)
    keyword_span: Span
    exprs: list[Expr]


class LoopKind(StrEnum):
    WHILE = "while"
    LOOP = "loop"
    FOR = "for"


class Loop(BaseModel):
    id: str  # "fn:name/loop#1", numbered in source order within the function
    kind: LoopKind
    function_id: str
    parent_id: str | None  # the enclosing loop, if nested
    span: Span  # from the keyword (or label) to the closing brace of the body
    header: Span | None  # the condition of `while`, the pattern-in-iterator of `for`
    clauses: list[Clause]
    body: Span


@dataclass(slots=True)
class Call:
    id: str  # "fn:name/call#2:callee"
    function_id: str
    callee: str  # the last path segment (a method name for method calls)
    path: str  # the callee as written, e.g. "lemma_x", "Seq::empty", "v.push"
    span: Span
    args: Span
    is_lemma: bool  # the callee is a `proof fn` of this file
    in_ghost: bool  # inside proof { }, assert ... by, a proof fn or a spec context


class ProofSiteKind(StrEnum):
    ASSERT = "assert"
    ASSERT_BY = "assert_by"
    ASSERT_FORALL = "assert_forall"
    ASSUME = "assume"
    ADMIT = "admit"
    ASSUME_NEW = "assume_new"  # `Tracked::assume_new()`, `Ghost::assume_new()`: a value taken without proof
    PROOF_BLOCK = "proof_block"
    REVEAL = "reveal"
    CALC = "calc"
    BROADCAST_USE = "broadcast_use"
    GHOST_LET = "ghost_let"  # let ghost x = ...; let tracked x = ...;


@dataclass(slots=True)
class ProofSite:
    kind: ProofSiteKind
    span: Span  # the whole statement or block
    function_id: str | None  # None at item level (e.g. a `broadcast use` between items)
    detail: str = ""  # e.g. the `by (bit_vector)` prover, the revealed function


class ItemSiteKind(StrEnum):
    ASSUME_SPECIFICATION = "assume_specification"
    AXIOM_FN = "axiom_fn"
    EXTERNAL_ATTRIBUTE = "external_attribute"  # external, external_body, external_fn_specification, ...
    UNSOUND_ATTRIBUTE = "unsound_attribute"  # assume_termination, externals_available_without_declaration
    INCLUDE_MACRO = "include_macro"  # include!, include_str!, include_bytes!
    ENV_MACRO = "env_macro"  # env!, option_env!
    PATH_ATTRIBUTE = "path_attribute"  # #[path = "..."]
    FILE_MODULE = "file_module"  # mod name;
    EXTERN_CRATE = "extern_crate"
    INLINE_AIR = "inline_air"


class ItemSite(BaseModel):
    kind: ItemSiteKind
    span: Span
    text: str
    function_id: str | None = None


class DefinitionKind(StrEnum):
    STRUCT = "struct"
    ENUM = "enum"
    UNION = "union"
    TYPE = "type"  # a type alias, or an associated type of a trait or impl
    TRAIT = "trait"
    IMPL = "impl"
    CONST = "const"
    STATIC = "static"
    USE = "use"
    BROADCAST_USE = "broadcast_use"
    BROADCAST_GROUP = "broadcast_group"
    MOD = "mod"
    MACRO_RULES = "macro_rules"
    MACRO = "macro"  # an item-level macro invocation, e.g. `implement_view!(Pod);` (verus! itself is not one)


@dataclass(slots=True)
class Definition:
    """An item other than a function: a type, trait, impl, constant, `use` line, module or macro."""

    kind: DefinitionKind
    name: str  # the defined name; an impl's self type; a macro invocation's macro; "" for `use` lines
    span: Span  # doc comments and attributes to the closing brace or `;`
    body: Span | None  # the `{ }` (or `( )`) group of structs, enums, traits, impls, mods and macros
    container: str | None  # as for functions: "impl Type", "trait Name", "mod name", None at top level
    in_verus: bool
    trait_name: str | None = None  # `impl Trait for Type`: the trait


class Function(BaseModel):
    id: str  # "fn:name", "fn:Type::name", "fn:module::name"; "#2" appended to a repeated id
    name: str
    qualified: str  # "Type::name", "module::name", or "name"
    mode: Mode
    visibility: str  # "" (private), "pub", "pub(crate)", ...
    modifiers: list[str]  # among "open", "open(crate)", "closed", "uninterp", "broadcast"
    in_verus: bool  # inside a verus! { } block
    container: str | None  # "impl Type", "impl Trait for Type", "trait Name", "mod name"
    module: str = ""  # the inline module path from the file's root, "" at the root: "net", "net::conn"
    span: Span  # attributes (and doc comments) to the end of the body or `;`
    header: Span  # from the first modifier or `fn` to just before the clauses / body
    signature: str  # the header text with whitespace folded
    params: Span
    return_type: str | None
    return_binding: str | None  # `r` in `-> (r: T)`
    attributes: list[Attribute]
    clauses: list[Clause]
    body: Span | None  # the `{ ... }` block, None for `fn f(...);`
    prover: str | None = None  # `by (nonlinear_arith)` on the function header
    macro_unit: str | None = None  # the state machine or struct_with_invariants! holding it: "sm:M", "swi:S"
    macro_role: str | None = None  # there: "invariant", "inductive", "fn" (state machines), "wf" (structs)
    inductive_for: str | None = None  # the operation an `#[inductive(op)]` lemma proves
    in_macro: str | None = None  # the item macro it is written in (`facts! { .. }`), not verus! nor a machine's

    def clause(self, kind: ClauseKind) -> Clause | None:
        return next((c for c in self.clauses if c.kind == kind), None)


def function_unit(unit_id: str) -> str:
    """The function (or operation) a unit id belongs to: "fn:f/loop#1" -> "fn:f",
    "sm:M/inductive:tr/call#2:lemma" -> "sm:M/inductive:tr"."""
    cuts = [i for i in (unit_id.find("/loop#"), unit_id.find("/call#")) if i >= 0]
    return unit_id[: min(cuts)] if cuts else unit_id


class Problem(BaseModel):
    message: str
    span: Span | None


class SourceModel(BaseModel):
    text: str  # the file decoded as UTF-8 (invalid bytes replaced); spans index `data`, not `text`
    data: bytes
    verus_blocks: list[Span]  # the token trees of verus! { } invocations
    functions: list[Function]
    loops: list[Loop]
    calls: list[Call]
    proof_sites: list[ProofSite]
    item_sites: list[ItemSite]
    problems: list[Problem]
    state_machines: list[StateMachine] = Field(default_factory=list)
    structs_with_invariants: list[InvariantStruct] = Field(default_factory=list)
    definitions: list[Definition] = []  # every item but functions, in source order

    def slice(self, span: Span) -> str:
        return self.data[span.start : span.end].decode("utf-8", errors="replace")

    def function(self, name_or_id: str) -> Function | None:
        for f in self.functions:
            if name_or_id in (f.id, f.name, f.qualified):
                return f
        return None

    def function_at(self, offset: int) -> Function | None:
        inside = [f for f in self.functions if f.span.contains(offset)]
        return min(inside, key=lambda f: f.span.end - f.span.start, default=None)

    def unit_at(self, offset: int) -> str | None:
        """The id of the innermost unit (call, loop, function, then a state machine's operation or field, the
        machine itself, a struct_with_invariants! declaration) that holds this byte offset."""
        for group in (self.calls, self.loops):
            inside = [u for u in group if u.span.contains(offset)]
            if inside:
                return min(inside, key=lambda u: u.span.end - u.span.start).id
        function = self.function_at(offset)
        return function.id if function else self.macro_unit_at(offset)

    def macro_unit_at(self, offset: int) -> str | None:
        """The innermost unit of a state machine or struct_with_invariants! holding the offset (not functions)."""
        inside = [(u.span, u.id) for u in self._macro_units() if u.span.contains(offset)]
        return min(inside, key=lambda pair: pair[0].end - pair[0].start)[1] if inside else None

    def _macro_units(self) -> list[StateMachine | MachineField | Operation | InvariantStruct | InvariantDecl]:
        units: list[StateMachine | MachineField | Operation | InvariantStruct | InvariantDecl] = []
        for machine in self.state_machines:
            units += [machine, *machine.fields, *machine.operations]
        for struct in self.structs_with_invariants:
            units += [struct, *struct.invariants]
        return units

    def state_machine(self, name_or_id: str) -> StateMachine | None:
        return next((m for m in self.state_machines if name_or_id in (m.id, m.name)), None)

    def loops_of(self, function_id: str) -> list[Loop]:
        return [lp for lp in self.loops if lp.function_id == function_id]

    def calls_of(self, function_id: str) -> list[Call]:
        return [c for c in self.calls if c.function_id == function_id]

    def proof_sites_of(self, function_id: str) -> list[ProofSite]:
        return [p for p in self.proof_sites if p.function_id == function_id]
