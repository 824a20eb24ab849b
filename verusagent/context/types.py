"""Types as far as the file says them, to resolve a method by its receiver: `self.x.wf()` in `impl ProcessManager`,
where `x: StaticLinkedList`, calls `StaticLinkedList::wf`. No inference: the declared types of struct fields,
typed bindings (`p: T` in parameters, `let`, quantifiers and closures), and the results of functions; a type
is its head name (`Box<T>`, `Ghost<T>`, `Tracked<T>`, `&T` are `T`; a path is its last segment)."""

from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, field

from verusagent.lens.model import Definition, DefinitionKind, Function, SourceModel
from verusagent.lens.tokens import TokenStream

_WRAPPERS = frozenset({"Box", "Ghost", "Tracked", "Rc", "Arc"})
_SKIPPED = frozenset({"&", "&&", "*", "mut", "const", "dyn", "impl", "ghost", "tracked"})
_CHAIN_LIMIT = 8  # receivers longer than `a.b.c.d.e.f.g.h` are not read


def type_head(stream: TokenStream, first: int, stop: int) -> str | None:
    """The head name of the type written by tokens first..stop: `&mut Box<crate::a::Foo<T>>` is `Foo`."""
    i = first
    while i < stop:
        text = stream.texts[i]
        if text in _SKIPPED or (text == "'" and stream.is_ident(i + 1)):
            i += 2 if text == "'" else 1
            continue
        if not stream.is_ident(i):
            return None
        while stream.is_punct(i + 1, "::") and stream.is_ident(i + 2):
            i += 2
        if stream.texts[i] in _WRAPPERS and stream.is_punct(i + 1, "<"):
            i += 2
            continue
        return stream.texts[i]
    return None


def type_end(stream: TokenStream, first: int, stop: int) -> int:
    """The index just past the type starting at first: the first `,` `;` `|` `=` `{` or closing bracket outside
    its own angle brackets and groups."""
    depth, i = 0, first
    while i < stop:
        text = stream.texts[i]
        if stream.kinds[i] == "punct":
            if text == "<":
                depth += 1
            elif text in (">", ">>"):
                if depth == 0:
                    return i
                depth = max(depth - len(text), 0)
            elif text in ("(", "[") and stream.match[i] > i:
                i = stream.match[i] + 1
                continue
            elif depth == 0 and text in (",", ";", "|", "=", "{", ")", "]", "}", "==>", "&&", "||"):
                return i
        i += 1
    return stop


def typed_bindings(stream: TokenStream, first: int, stop: int) -> dict[str, str]:
    """`name: Type` pairs between tokens first and stop (parameters, `let`, quantifier and closure binders); a
    name bound to two different types is left out (which one is meant depends on the scope)."""
    found: dict[str, str] = {}
    clashes: set[str] = set()
    for i in range(first, stop - 2):
        if stream.kinds[i] != "ident" or not stream.is_punct(i + 1, ":") or stream.is_punct(i - 1, "::", "."):
            continue
        head = type_head(stream, i + 2, type_end(stream, i + 2, stop))
        name = stream.texts[i]
        if head is None or name in clashes:
            continue
        if found.setdefault(name, head) != head:
            clashes.add(name)
            del found[name]
    return found


@dataclass
class TypeFacts:
    """Field types of the file's structs and the result types of its functions, by the names they are known by."""

    fields: dict[str, dict[str, str]] = field(default_factory=dict)  # struct -> field -> head type
    results: dict[tuple[str, str], str] = field(default_factory=dict)  # (owner type or "", fn name) -> head type
    aliases: dict[str, str] = field(default_factory=dict)  # `type A = B<..>`: A -> B
    traits_of: dict[str, set[str]] = field(default_factory=dict)  # type -> the traits an `impl T for Type` gives it

    def add_file(self, model: SourceModel, stream: TokenStream) -> "TypeFacts":
        for definition in model.definitions:
            if definition.kind == DefinitionKind.STRUCT and definition.body is not None and definition.name:
                first, stop = tokens_between(stream, definition.body.start + 1, definition.body.end - 1)
                self.fields.setdefault(definition.name, {}).update(_struct_fields(stream, first, stop))
            elif definition.kind == DefinitionKind.TYPE and definition.name:
                self._alias(definition, stream)
            elif definition.kind == DefinitionKind.IMPL and definition.trait_name and definition.name:
                self.traits_of.setdefault(definition.name, set()).add(definition.trait_name)
        for function in model.functions:
            self._result(function, stream)
        return self

    def _alias(self, definition: Definition, stream: TokenStream) -> None:
        first, stop = tokens_between(stream, definition.span.start, definition.span.end)
        equals = next((i for i in range(first, stop) if stream.is_punct(i, "=")), None)
        head = type_head(stream, equals + 1, stop) if equals is not None else None
        if head and head != definition.name:
            self.aliases[definition.name] = head

    def _result(self, function: Function, stream: TokenStream) -> None:
        if not function.return_type:
            return
        end = function.body.start if function.body else function.span.end
        first, stop = tokens_between(stream, function.params.end, end)
        arrow = next((i for i in range(first, stop) if stream.is_punct(i, "->")), None)
        if arrow is None:
            return
        start = arrow + 1
        if stream.is_punct(start, "(") and stream.is_ident(start + 1) and stream.is_punct(start + 2, ":"):
            start += 3  # `-> (r: T)`
        head = type_head(stream, start, type_end(stream, start, stop))
        if head:
            self.results[(owner_type(function) or "", function.name)] = head

    def resolve(self, name: str | None) -> str | None:
        seen = set()
        while name in self.aliases and name not in seen:
            seen.add(name)
            name = self.aliases[name]
        return name

    def field_type(self, owner: str | None, name: str) -> str | None:
        return self.resolve(self.fields.get(self.resolve(owner) or "", {}).get(name))

    def result_type(self, owner: str | None, name: str) -> str | None:
        return self.resolve(self.results.get((self.resolve(owner) or "", name)))


@dataclass
class Scope:
    """What a function's text knows of its names' types: its own type and its typed bindings."""

    self_type: str | None
    bindings: dict[str, str]


def function_scope(function: Function, stream: TokenStream) -> Scope:
    first, stop = tokens_between(stream, function.span.start, function.span.end)
    return Scope(owner_type(function), typed_bindings(stream, first, stop))


def owner_type(function: Function) -> str | None:
    """The type `self` and `Self` name in a function: its impl's type (or its trait)."""
    container = function.container or ""
    if container.startswith(("impl ", "trait ")):
        words = container.replace(" for ", " ").split()
        return words[-1].split("<")[0].split("::")[-1] if len(words) > 1 else None
    return None


def receiver_type(stream: TokenStream, i: int, scope: Scope | None, facts: TypeFacts) -> str | None:
    """The type of the receiver of the method or field named at token i (`.name` at i-1), or None."""
    chain: list[tuple[str, str]] = []  # ("field" | "call", name), innermost last
    j = i - 2
    while len(chain) < _CHAIN_LIMIT:
        if stream.is_punct(j, ")") and stream.match[j] >= 0 and stream.is_ident(stream.match[j] - 1):
            chain.append(("call", stream.texts[stream.match[j] - 1]))
            j = stream.match[j] - 2
        elif stream.is_ident(j):
            chain.append(("field", stream.texts[j]))
            j -= 1
        else:
            return None
        if not stream.is_punct(j, "."):
            break
        j -= 1
    return _chain_type(chain, stream.is_punct(j, "::"), scope, facts)


def _chain_type(chain: list[tuple[str, str]], qualified: bool, scope: Scope | None, facts: TypeFacts) -> str | None:
    if not chain or qualified:
        return None
    kind, base = chain[-1]
    if kind == "call":
        current = facts.result_type(None, base)
    elif base == "self":
        current = scope.self_type if scope else None
    else:
        current = facts.resolve(scope.bindings.get(base)) if scope else None
    for kind, name in reversed(chain[:-1]):
        if current is None:
            return None
        current = facts.field_type(current, name) if kind == "field" else facts.result_type(current, name)
    return facts.resolve(current)


def constructed_types(
    stream: TokenStream, first: int, stop: int, scope: Scope | None, is_function_of: Callable[[str, str], bool]
) -> list[str]:
    """The type names tokens first..stop match on or construct: `Type::Variant` (where Variant is no function of
    Type: `is_function_of(type, name)`), `Type { .. }`, `Type(..)`; `Self` is the scope's type."""
    found: list[str] = []
    for i in range(first, stop):
        if stream.kinds[i] != "ident" or stream.is_punct(i - 1, "::", "."):
            continue
        name = (scope.self_type if scope else None) if stream.texts[i] == "Self" else stream.texts[i]
        if name is None or name in found:
            continue
        if stream.is_punct(i + 1, "::") and stream.is_ident(i + 2):
            if not is_function_of(name, stream.texts[i + 2]):
                found.append(name)
        elif stream.is_punct(i + 1, "{", "("):
            found.append(name)
    return found


def _struct_fields(stream: TokenStream, first: int, stop: int) -> dict[str, str]:
    """`name: Type` at the top level of a struct's `{ }` (attributes and visibility skipped)."""
    found, i = {}, first
    while i < stop:
        if stream.is_punct(i, "#") and stream.is_punct(i + 1, "[") and stream.match[i + 1] > i:
            i = stream.match[i + 1] + 1
            continue
        if stream.is_ident(i) and stream.is_punct(i + 1, ":"):
            end = type_end(stream, i + 2, stop)
            head = type_head(stream, i + 2, end)
            if head:
                found[stream.texts[i]] = head
            i = end
        i += 1
    return found


def tokens_between(stream: TokenStream, start: int, end: int) -> tuple[int, int]:
    """The indices (first, stop) of the tokens that start in the bytes start..end."""
    return bisect_left(stream.starts, start), bisect_left(stream.starts, end)
