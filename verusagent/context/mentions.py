"""Mentions: the identifier tokens of a piece of the file, resolved by name against the file's own functions and
definitions. Name resolution without types: a path qualifier (`Type::name`, `Self::name`) narrows the candidates,
a qualifier the file does not define (`Seq::empty`) means the name is not this file's, a method call takes the
methods of that name, and `x@` mentions `view`."""

from bisect import bisect_left
from collections import defaultdict
from dataclasses import dataclass

from verusagent.context.outline import Node
from verusagent.lens.model import Definition, DefinitionKind, Function
from verusagent.lens.tokens import TokenStream

NAMED_KINDS = frozenset(
    {DefinitionKind.STRUCT, DefinitionKind.ENUM, DefinitionKind.UNION, DefinitionKind.TYPE, DefinitionKind.TRAIT,
     DefinitionKind.CONST, DefinitionKind.STATIC, DefinitionKind.MACRO_RULES, DefinitionKind.BROADCAST_GROUP}
)
_QUALIFIER_KINDS = frozenset({"struct", "enum", "union", "trait", "type", "mod"})


@dataclass(frozen=True, slots=True)
class Mention:
    name: str
    qualifier: str | None  # `Q` in `Q::name`
    method: bool  # `.name` (a method call or a field)


class NameIndex:
    """The file's nameable nodes by name, and the token positions to read mentions from."""

    def __init__(self, stream: TokenStream, root: Node):
        self.stream = stream
        self.starts = [token.start for token in stream.tokens]
        self.by_name: dict[str, list[Node]] = defaultdict(list)
        self.qualifiers: set[str] = set()
        for node in root.walk():
            for named in [node, *node.absorbed]:
                self._register(named, node)

    def _register(self, named: Node, shown_as: Node) -> None:
        """named resolves to shown_as: itself, or the item it is part of."""
        if _nameable(named) and shown_as not in self.by_name[named.name]:
            self.by_name[named.name].append(shown_as)
        if named.kind in _QUALIFIER_KINDS or (named.kind == "impl" and named.name):
            self.qualifiers.add(named.name)

    def mentions(self, start: int, end: int) -> list[Mention]:
        """The mentions of this file's names by the tokens between byte offsets start and end."""
        return self._mentions_in(self.stream, bisect_left(self.starts, start), bisect_left(self.starts, end))

    def mentions_by(self, stream: TokenStream) -> list[Mention]:
        """The mentions of this file's names by every token of another file (`Self` aside: it means that file's
        own type), for a prompt that shows one file of a crate and what it uses of the others."""
        return [m for m in self._mentions_in(stream, 0, len(stream.tokens)) if m.name != "Self"]

    def _mentions_in(self, stream: TokenStream, first: int, stop: int) -> list[Mention]:
        tokens, found = stream.tokens, []
        for i in range(first, stop):
            token = tokens[i]
            if token.kind == "ident" and token.text in self.by_name:
                found.append(_mention(stream, i, token.text))
            elif token.text == "Self" and token.kind == "ident":
                found.append(Mention("Self", None, False))
            elif token.text == "@" and token.kind == "punct" and "view" in self.by_name:
                found.append(Mention("view", None, True))
        return found

    def resolve(self, mention: Mention, context: Node | None) -> list[Node]:
        if mention.name == "Self":
            own = _enclosing_type(context)
            return [c for c in self.by_name.get(own, []) if c.kind != "fn"] if own else []
        candidates = self.by_name.get(mention.name, [])
        if mention.qualifier is not None:
            return self._qualified(candidates, mention.qualifier, context)
        if mention.method:
            return [c for c in candidates if c.kind == "fn" and c.item.container] or candidates
        free = [c for c in candidates if c.kind != "fn" or not _in_type(c)]
        return free or candidates

    def _qualified(self, candidates: list[Node], qualifier: str, context: Node | None) -> list[Node]:
        if qualifier == "Self":
            qualifier = _enclosing_type(context) or qualifier
        if qualifier in ("crate", "super", "self"):
            return candidates
        if qualifier not in self.qualifiers:
            return []  # `Seq::empty`, `vstd::..::lemma`: not this file's
        narrowed = [c for c in candidates if qualifier in _owners(c)]
        return narrowed or candidates


def _mention(stream: TokenStream, i: int, name: str) -> Mention:
    qualifier = None
    if stream.is_punct(i - 1, "::") and stream.is_ident(i - 2):
        qualifier = stream.text(i - 2)
    return Mention(name, qualifier, stream.is_punct(i - 1, "."))


def _nameable(node: Node) -> bool:
    if node.kind == "fn":
        return True
    return isinstance(node.item, Definition) and node.item.kind in NAMED_KINDS and bool(node.name)


def _in_type(node: Node) -> bool:
    container = node.item.container or ""
    return container.startswith(("impl ", "trait "))


def _owners(node: Node) -> set[str]:
    """The names a path may qualify this node with: its impl's type and trait, its trait, its module."""
    owners: set[str] = set()
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


def _enclosing_type(node: Node | None) -> str | None:
    while node is not None:
        if node.kind in ("impl", "trait"):
            return node.name
        node = node.parent
    return None
