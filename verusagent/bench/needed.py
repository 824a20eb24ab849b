"""The definitions a ground-truth proof needs, the measure a prompt's context is held to.

For a target function and the ground truth's text of it (a proof the slicer never sees), the definitions of
the task's file (or crate) it needs, each with the reason it is needed:

- `self_type`: the type of the impl a method target is in (its struct, enum or alias), whole;
- `spec_family`: every spec function the ground truth calls, and transitively every spec function their
  signatures, clauses and bodies call, whole; with every type those bodies match on or construct
  (`Type::Variant`, `Type { .. }`, `Type(..)`), whole. Each carries its depth: 0 for what the ground truth names,
  n for what is reached through n spec bodies (`depth_class`: "named", "family" for 1, "deep" beyond);
- `type`: every other type, trait, constant or static the ground truth names, whole;
- `signature`: every proof or exec function it calls, by its attributes, signature and specs.

Names resolve as the file says: a path qualifier narrows (`Self::x`, `Type::x`; a qualifier that is not the
file's, `Seq::empty`, means the name is not), a method by the type of its receiver where the file declares it
(`self.x.wf()` with `x: StaticLinkedList` needs `StaticLinkedList::wf`; a receiver of a type the file does not
define calls no method of it), `.name` without a call is a field. A name left ambiguous (a method on a receiver
of unknown type defined 8 times) is one needed definition that any of its candidates covers.
"""

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel

from verusagent.context.types import (
    Scope,
    TypeFacts,
    constructed_types,
    function_scope,
    owner_type,
    receiver_type,
    tokens_between,
    typed_bindings,
)
from verusagent.lens import Function, Mode, tokenize
from verusagent.lens.model import DefinitionKind, SourceModel
from verusagent.lens.tokens import TokenStream

Why = Literal["self_type", "spec_family", "type", "signature"]
WHY_ORDER: tuple[Why, ...] = ("self_type", "spec_family", "type", "signature")
TYPE_KINDS = frozenset({DefinitionKind.STRUCT, DefinitionKind.ENUM, DefinitionKind.UNION, DefinitionKind.TYPE})
_NAMED_KINDS = TYPE_KINDS | {DefinitionKind.TRAIT, DefinitionKind.CONST, DefinitionKind.STATIC}
_QUALIFIER_KINDS = _NAMED_KINDS | {DefinitionKind.MOD, DefinitionKind.IMPL}
_SPEC_MODES = frozenset({Mode.SPEC, Mode.SPEC_CHECKED})
_PATH_WORDS = frozenset({"crate", "super", "self"})


class Needed(BaseModel):
    label: str  # "spec fn Type::wf", "struct Endpoint", "fn wf (any of 8)"
    why: Why
    depth: int  # 0: the ground truth names it (or it is the target's own type); n: reached through n spec bodies
    texts: list[str]  # the text the prompt must hold; any one covers an ambiguous name


FAMILY_DEPTH = 1  # the spec functions the named ones call: `wf` and the `*_wf` it is made of
DEPTH_CLASSES = ("named", "family", "deep")


def depth_class(depth: int) -> str:
    return "named" if depth == 0 else "family" if depth <= FAMILY_DEPTH else "deep"


class Coverage(BaseModel):
    needed: list[Needed]
    missing: list[Needed]

    @property
    def complete(self) -> bool:
        return not self.missing

    def missing_by_reason(self) -> dict[str, int]:
        return {why: sum(m.why == why for m in self.missing) for why in WHY_ORDER}


@dataclass(frozen=True)
class NamedDefinition:
    """One definition of a name: what kind, the text a prompt must hold of it, who may qualify it."""

    key: str  # unique in the crate: the file and the byte offset
    kind: str  # "spec fn", "proof fn", "fn", or a DefinitionKind value
    name: str
    owners: frozenset[str]
    required: str
    file: int  # which source of the crate
    function: Function | None = None

    @property
    def is_spec(self) -> bool:
        return self.kind == "spec fn"

    @property
    def is_type(self) -> bool:
        return self.kind in {k.value for k in TYPE_KINDS}

    def label(self) -> str:
        owner = owner_type(self.function) if self.function else None
        return f"{self.kind} {owner}::{self.name}" if owner else f"{self.kind} {self.name}"


class CrateDefinitions:
    """Every nameable definition of a crate's files (one file: a crate of one), by name."""

    def __init__(self, sources: list[tuple[SourceModel, TokenStream]]):
        self.sources = sources
        self.by_name: dict[str, list[NamedDefinition]] = {}
        self.qualifiers: set[str] = set()
        self.facts = TypeFacts()
        for number, (model, stream) in enumerate(sources):
            self._add(number, model)
            self.facts.add_file(model, stream)

    def _add(self, number: int, model: SourceModel) -> None:
        for function in model.functions:
            kind = "spec fn" if function.mode in _SPEC_MODES else "proof fn" if function.mode == Mode.PROOF else "fn"
            self._put(
                NamedDefinition(
                    f"{number}:{function.span.start}",
                    kind,
                    function.name,
                    _fn_owners(function),
                    _required_text(model, function),
                    number,
                    function,
                )
            )
        for definition in model.definitions:
            if definition.kind in _QUALIFIER_KINDS and definition.name:
                self.qualifiers.add(definition.name)
            if definition.kind in _NAMED_KINDS and definition.name:
                owners = frozenset((definition.container or "").replace(" for ", " ").split()[1:])
                self._put(
                    NamedDefinition(
                        f"{number}:{definition.span.start}",
                        definition.kind.value,
                        definition.name,
                        owners,
                        model.slice(definition.span),
                        number,
                    )
                )

    def _put(self, candidate: NamedDefinition) -> None:
        self.by_name.setdefault(candidate.name, []).append(candidate)

    def types_named(self, name: str | None) -> list[NamedDefinition]:
        return [c for c in self.by_name.get(name or "", []) if c.is_type]


def coverage(definitions: CrateDefinitions, target: Function, ground_truth: str, prompt: str) -> Coverage:
    """What of `definitions` the ground truth of `target` needs, and which of it `prompt` does not show."""
    needed = needed_definitions(definitions, target, ground_truth)
    shown = folded_text(prompt)
    missing = [n for n in needed if not any(folded_text(text) in shown for text in n.texts)]
    return Coverage(needed=needed, missing=missing)


def needed_definitions(definitions: CrateDefinitions, target: Function, ground_truth: str) -> list[Needed]:
    found = _Found(definitions, target)
    for candidate in definitions.types_named(owner_type(target)):
        found.add([candidate], "self_type")
    stream = tokenize(ground_truth.encode("utf-8"))
    scope = Scope(owner_type(target), typed_bindings(stream, 0, len(stream)))
    for candidates in _mentions(definitions, stream, 0, len(stream), scope):
        found.add(candidates, None)
    found.close_spec_family()
    return list(found.needed.values())


class _Found:
    def __init__(self, definitions: CrateDefinitions, target: Function):
        self.definitions = definitions
        self.target = target
        self.needed: dict[frozenset[str], Needed] = {}
        self.expanded: set[str] = set()
        self.queue: list[tuple[NamedDefinition, int]] = []  # spec functions to follow, with their call depth
        self.level = 0

    def add(self, candidates: list[NamedDefinition], why: Why | None) -> None:
        candidates = [c for c in candidates if c.function is not self.target]
        key = frozenset(c.key for c in candidates)
        if not candidates or key in self.needed or any(frozenset([c.key]) in self.needed for c in candidates):
            return
        reason = why or _reason(candidates[0])
        label = (
            candidates[0].label()
            if len(candidates) == 1
            else f"{candidates[0].kind} {candidates[0].name} (any of {len(candidates)})"
        )
        self.needed[key] = Needed(label=label, why=reason, depth=self.level, texts=[c.required for c in candidates])
        if len(candidates) == 1 and candidates[0].is_spec:
            self.queue.append((candidates[0], self.level))

    def close_spec_family(self) -> None:
        while self.queue:
            spec, level = self.queue.pop(0)
            if spec.key in self.expanded:
                continue
            self.expanded.add(spec.key)
            _, stream = self.definitions.sources[spec.file]
            function = spec.function
            if function is None:  # only spec fns are queued, each with its function
                continue
            first, stop = tokens_between(stream, function.span.start, function.span.end)
            scope = function_scope(function, stream)
            body_first = tokens_between(stream, function.body.start, function.body.start)[0] if function.body else stop
            self.level = level  # the types a spec matches on or constructs: needed with it
            for candidates in _constructed_types(self.definitions, stream, body_first, stop, scope):
                self.add(candidates, "spec_family")
            self.level = level + 1  # the spec functions it calls: one call down
            for candidates in _mentions(self.definitions, stream, first, stop, scope):
                if candidates[0].is_spec:
                    self.add(candidates, "spec_family")


def _reason(candidate: NamedDefinition) -> Why:
    if candidate.is_spec:
        return "spec_family"
    return "signature" if candidate.function is not None else "type"


def _mentions(definitions: CrateDefinitions, stream: TokenStream, first: int, stop: int, scope: Scope):
    """The candidates of each name the tokens mention, one list per mention (empty ones left out)."""
    for i in range(first, stop):
        if stream.kinds[i] != "ident" or stream.texts[i] not in definitions.by_name:
            continue
        candidates = _resolve(definitions, stream, i, scope)
        if candidates:
            yield candidates


def _resolve(definitions: CrateDefinitions, stream: TokenStream, i: int, scope: Scope) -> list[NamedDefinition]:
    candidates = definitions.by_name[stream.texts[i]]
    if stream.is_punct(i - 1, "::") and stream.is_ident(i - 2):
        return _qualified(definitions, candidates, stream.texts[i - 2], scope)
    if stream.is_punct(i - 1, "."):
        if not stream.is_punct(i + 1, "("):
            return []  # a field
        methods = [c for c in candidates if c.function is not None and owner_type(c.function)] or candidates
        receiver = receiver_type(stream, i, scope, definitions.facts)
        if receiver is None:
            return methods
        return [c for c in methods if receiver in c.owners] if receiver in definitions.qualifiers else []
    return [c for c in candidates if c.function is None or owner_type(c.function) is None]  # a bare name: no method


def _qualified(
    definitions: CrateDefinitions, candidates: list[NamedDefinition], qualifier: str, scope: Scope
) -> list[NamedDefinition]:
    if qualifier == "Self":
        qualifier = scope.self_type or qualifier
    if qualifier in _PATH_WORDS:
        return candidates
    resolved = definitions.facts.resolve(qualifier) if qualifier not in definitions.qualifiers else qualifier
    if resolved is None or resolved not in definitions.qualifiers:
        return []
    return [c for c in candidates if resolved in c.owners] or candidates


def _constructed_types(definitions: CrateDefinitions, stream: TokenStream, first: int, stop: int, scope: Scope):
    def is_function_of(owner: str, name: str) -> bool:
        return any(c.function is not None and owner in c.owners for c in definitions.by_name.get(name, []))

    for name in constructed_types(stream, first, stop, scope, is_function_of):
        types = definitions.types_named(name)
        if types:
            yield types


def _fn_owners(function: Function) -> frozenset[str]:
    owners = set(function.qualified.split("::")[:-1])
    container = function.container or ""
    owners.update(word.split("<")[0] for word in container.replace(" for ", " ").split()[1:])
    return frozenset(owners)


def _required_text(model: SourceModel, function: Function) -> str:
    if function.body is None or function.mode in _SPEC_MODES:
        return model.slice(function.span)
    return model.data[function.span.start : function.body.start].decode("utf-8", "replace")


def folded_text(text: str) -> str:
    """Whitespace runs as one space: how a prompt is searched for a needed text."""
    return " ".join(text.split())
