"""Mentions: the identifier tokens of a piece of a file, resolved by name against the functions and definitions of
every file a selection draws from (one file, or each file of a crate). Name resolution without inference: a path
qualifier (`Type::name`, `Self::name`, `module::name`) narrows the candidates, a qualifier no file defines
(`Seq::empty`) means the name is none of theirs, a method call takes the methods of that name of its receiver's
type where the file declares it (`self.x.wf()` with `x: StaticLinkedList`; a receiver of a type defined
elsewhere calls none of them), else every method of that name; `.name` without a call is a field, and `x@`
mentions `view`."""

from bisect import bisect_left
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from verusagent.context.outline import Node
from verusagent.context.types import Scope, TypeFacts, function_scope, receiver_type
from verusagent.lens.model import Definition, DefinitionKind, Function, SourceModel
from verusagent.lens.tokens import TokenStream

NAMED_KINDS = frozenset(
    {
        DefinitionKind.STRUCT,
        DefinitionKind.ENUM,
        DefinitionKind.UNION,
        DefinitionKind.TYPE,
        DefinitionKind.TRAIT,
        DefinitionKind.CONST,
        DefinitionKind.STATIC,
        DefinitionKind.MACRO_RULES,
        DefinitionKind.BROADCAST_GROUP,
    }
)
TYPE_KINDS = frozenset({"struct", "enum", "union", "type"})
_QUALIFIER_KINDS = frozenset({"struct", "enum", "union", "trait", "type", "mod"})
_PATH_WORDS = ("crate", "super", "self")


@dataclass(frozen=True, slots=True)
class Mention:
    name: str
    qualifier: str | None  # `Q` in `Q::name`
    method: bool  # `.name(..)`: a method call
    receiver: str | None = None  # the type of a method call's receiver, where the file declares it


@dataclass
class SourceFile:
    """One file a selection draws from, parsed, with its item tree (`build_outline(model, number)`)."""

    text: str
    model: SourceModel
    stream: TokenStream
    root: Node
    module: str = ""  # its module path in the crate ("" for a single file or the crate root)


class NameIndex:
    """The nameable nodes of every file by name, the type facts of all of them, and their tokens to read."""

    def __init__(self, files: list[SourceFile]):
        self.files = files
        self.starts = [file.stream.starts for file in files]
        self.by_name: dict[str, list[Node]] = defaultdict(list)
        self.qualifiers: set[str] = {segment for file in files for segment in file.module.split("::") if segment}
        self.facts = TypeFacts()
        self._scopes: dict[Node, Scope] = {}
        self.closures: dict[tuple[Any, ...], Any] = {}  # select._closed: what given targets need, by targets
        for file in files:
            self.facts.add_file(file.model, file.stream)
            for node in file.root.walk():
                for named in [node, *node.absorbed]:
                    self._register(named, node)

    def _register(self, named: Node, shown_as: Node) -> None:
        """named resolves to shown_as: itself, or the item it is part of."""
        if _nameable(named) and shown_as not in self.by_name[named.name]:
            self.by_name[named.name].append(shown_as)
        if named.kind in _QUALIFIER_KINDS or (named.kind == "impl" and named.name):
            self.qualifiers.add(named.name)

    def mentions(self, node: Node, start: int, end: int) -> list[Mention]:
        """The mentions of the files' names by the tokens of node's file between byte offsets start and end."""
        stream, starts = self.files[node.file].stream, self.starts[node.file]
        return self._mentions_in(stream, bisect_left(starts, start), bisect_left(starts, end), self.scope(node))

    def scope(self, node: Node) -> Scope:
        if node not in self._scopes:
            item = node.item
            if isinstance(item, Function):
                self._scopes[node] = function_scope(item, self.files[node.file].stream)
            else:
                self._scopes[node] = Scope(enclosing_type(node), {})
        return self._scopes[node]

    def _mentions_in(self, stream: TokenStream, first: int, stop: int, scope: Scope) -> list[Mention]:
        kinds, texts, found = stream.kinds, stream.texts, []
        for i in range(first, stop):
            text = texts[i]
            if kinds[i] == "ident" and text in self.by_name:
                mention = self._mention(stream, i, scope)
                if mention is not None:
                    found.append(mention)
            elif text == "Self" and kinds[i] == "ident":
                found.append(Mention("Self", None, False))
            elif text == "@" and kinds[i] == "punct" and "view" in self.by_name:
                found.append(Mention("view", None, True))
        return found

    def _mention(self, stream: TokenStream, i: int, scope: Scope) -> Mention | None:
        name = stream.texts[i]
        if stream.is_punct(i - 1, "::") and stream.is_ident(i - 2):
            return Mention(name, stream.texts[i - 2], False)
        if not stream.is_punct(i - 1, "."):
            return Mention(name, None, False)
        if not stream.is_punct(i + 1, "("):
            return None  # a field
        return Mention(name, None, True, receiver_type(stream, i, scope, self.facts))

    def resolve(self, mention: Mention, context: Node | None) -> list[Node]:
        if mention.name == "Self":
            own = enclosing_type(context)
            return [c for c in self.by_name.get(own, []) if c.kind != "fn"] if own else []
        candidates = self.by_name.get(mention.name, [])
        if mention.qualifier is not None:
            return self._qualified(candidates, mention.qualifier, context)
        if mention.method:
            return self._methods(candidates, mention.receiver)
        return [c for c in candidates if c.kind != "fn" or not _in_type(c)]  # a bare name is no method

    def types_named(self, name: str | None) -> list[Node]:
        return [c for c in self.by_name.get(name or "", []) if c.kind in TYPE_KINDS]

    def _methods(self, candidates: list[Node], receiver: str | None) -> list[Node]:
        methods = [c for c in candidates if c.kind == "fn" and c.source_item.container]
        if receiver is None:
            return methods or candidates
        if receiver not in self.qualifiers:
            return []  # a method of a type defined elsewhere (`Seq::len`)
        owners = {receiver} | self.facts.traits_of.get(receiver, set())
        return [c for c in methods if owners & self.owners(c)]

    def _qualified(self, candidates: list[Node], qualifier: str, context: Node | None) -> list[Node]:
        if qualifier == "Self":
            qualifier = enclosing_type(context) or qualifier
        if qualifier in _PATH_WORDS:
            return candidates
        if qualifier not in self.qualifiers:
            return []  # `Seq::empty`, `vstd::..::lemma`: not these files'
        narrowed = [c for c in candidates if qualifier in self.owners(c)]
        return narrowed or candidates

    def owners(self, node: Node) -> set[str]:
        """The names a path may qualify this node with: its impl's type and trait, its trait, its modules (the
        inline ones and its file's)."""
        owners = {segment for segment in self.files[node.file].module.split("::") if segment}
        parent = node.parent
        while parent is not None:
            if isinstance(parent.item, Definition):
                owners.add(parent.name)
                if parent.item.trait_name:
                    owners.add(parent.item.trait_name)
            parent = parent.parent
        if isinstance(node.item, Function):
            owners.update(node.item.qualified.split("::")[:-1])
        return owners


def _nameable(node: Node) -> bool:
    if node.kind == "fn":
        return True
    return isinstance(node.item, Definition) and node.item.kind in NAMED_KINDS and bool(node.name)


def _in_type(node: Node) -> bool:
    container = node.source_item.container or ""
    return container.startswith(("impl ", "trait "))


def enclosing_type(node: Node | None) -> str | None:
    while node is not None:
        if node.kind in ("impl", "trait"):
            return node.name
        node = node.parent
    return None
