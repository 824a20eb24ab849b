"""New `use` declarations that provably change no name's meaning (issue 28), read as Rust resolves them.

A module's names do not depend on where in the module a `use` stands (`verus!` adds no scope), and an explicit
import is found before a glob one. So a new private `use` in module scope M changes nothing when, for each name
it brings:
- it is a glob of a module that M's original already glob-imports (the same module, resolved from M);
- it is the path M's original already imports under the same name (any use tree of M);
- it is `T::N` under its own name where M's original glob-imports T: N was T's N already, unless M had a local
  item, an explicit import or a second glob of N; the first two make the new import a compile error
  (E0255, E0252) and the third was an ambiguity error at every use of N;
- it is `T::N` where T is M itself: a name of M imported into M is the same item or a compile error.
Everything else stays for the name rule (shadowing.py). Paths resolve only where that is certain: `crate::` needs
the file's module in its crate (a single file verus compiles is the crate root; the `check` command does not know),
a plain first segment resolves to a module M declares, else it stays relative to M (equal only when spelled the
same in the same scope), and `super::` above the file's root does not resolve. Inside a function body or any
brace other than a module's or `verus!`'s, a `use` is block-scoped: an import there is found before the
module's items, so none of these allowances hold and the name rule judges it.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from verusagent.guard.layout import is_broadcast_use, use_statements
from verusagent.guard.source import Source
from verusagent.lens import TokenStream

Path = tuple[str, ...]
GLOB = "*"
# The crate of a file whose module path is unknown: its absolute paths never equal a `crate::` path.
_UNKNOWN_ROOT: Path = ("<file>",)


@dataclass(frozen=True, slots=True)
class Entry:
    """One name a `use` brings: the path as written (a glob ends in `*`) and the name it is bound to."""

    path: Path
    name: str


@dataclass(frozen=True, slots=True)
class Import:
    first: int
    last: int
    scope: Path | None  # the in-file module path of a module-level `use`; None when block-scoped
    plain: bool  # no `pub`, no attribute: the declaration starts at `use`
    entries: tuple[Entry, ...]


def module_imports(source: Source) -> list[Import]:
    """Every non-broadcast `use` of the file, with its scope and its use tree read into entries."""
    scopes = module_scopes(source)
    stream = source.stream
    found = []
    for first, last in use_statements(source):
        if is_broadcast_use(source, first, last):
            continue
        keyword = next(i for i in range(first, last + 1) if stream.is_keyword(i, "use"))
        stop = last if stream.is_punct(last, ";") else last + 1
        entries = tuple(_entries(stream, keyword + 1, stop, ()))
        found.append(Import(first, last, scopes[keyword], keyword == first, entries))
    return found


def module_scopes(source: Source) -> list[Path | None]:
    """For each token, the in-file module path it stands in, or None inside any other group."""
    return source.derived("module_scopes", lambda s: _scopes(s.stream))


def _scopes(stream: TokenStream) -> list[Path | None]:
    stack: list[Path | None] = [()]
    scopes: list[Path | None] = []
    for i in range(len(stream)):
        if stream.is_punct(i, "}", ")", "]") and len(stack) > 1:
            stack.pop()
        scopes.append(stack[-1])
        if stream.is_punct(i, "{", "(", "["):
            stack.append(_inner_scope(stream, i, stack[-1]))
    return scopes


def _inner_scope(stream: TokenStream, i: int, outer: Path | None) -> Path | None:
    if outer is None or not stream.is_punct(i, "{"):
        return None
    if stream.is_keyword(i - 2, "mod") and stream.is_ident(i - 1):
        return (*outer, stream.text(i - 1))
    if stream.is_ident(i - 2, "verus") and stream.is_punct(i - 1, "!"):
        return outer
    return None


def _entries(stream: TokenStream, i: int, stop: int, prefix: Path) -> Iterable[Entry]:
    path = list(prefix)
    while i < stop:
        if stream.is_punct(i, "{"):
            close = min(stream.close_of(i), stop)
            for first, end in _comma_parts(stream, i + 1, close):
                yield from _entries(stream, first, end, tuple(path))
            return
        if stream.is_punct(i, GLOB):
            yield Entry((*path, GLOB), GLOB)
            return
        if stream.is_keyword(i, "as") and stream.is_ident(i + 1):
            yield Entry(tuple(path), stream.text(i + 1))
            return
        if stream.is_punct(i, "::") and not path:
            path.append("::")
        elif stream.is_ident(i):
            path.append(stream.text(i))
        i += 1
    if path and path[-1] != "::":
        yield Entry(tuple(path), prefix[-1] if path[-1] == "self" and prefix else path[-1])


def _comma_parts(stream: TokenStream, first: int, stop: int) -> list[tuple[int, int]]:
    parts, start, i = [], first, first
    while i < stop:
        if stream.is_punct(i, ","):
            parts.append((start, i))
            start = i + 1
        i = stream.close_of(i) + 1 if stream.is_punct(i, "(", "[", "{") else i + 1
    if start < stop:
        parts.append((start, stop))
    return parts


# ---------------------------------------------------------------- what a path means


@dataclass(frozen=True, slots=True)
class Resolver:
    """Resolves a written path from an in-file module, where that is certain. `root`: the file's module path in its
    crate (() for a crate root), None when unknown."""

    root: Path | None
    declared: frozenset[tuple[Path, str]]  # (in-file module, name of a module it declares)
    items: frozenset[tuple[Path, str]]  # (in-file module, name of any item it defines)

    def absolute(self, scope: Path) -> Path:
        return ("crate", *self.root, *scope) if self.root is not None else (*_UNKNOWN_ROOT, *scope)

    def resolve(self, path: Path, scope: Path) -> Path | None:
        head, rest = path[0], path[1:]
        if head == "crate":
            return ("crate", *rest)
        if head == "::":
            return ("::", *rest)
        if head == "self":
            return (*self.absolute(scope), *rest)
        if head == "super":
            return self._above(path, scope)
        if (scope, head) in self.declared:
            return (*self.absolute(scope), *path)
        return ("<relative>", *self.absolute(scope), *path)

    def _above(self, path: Path, scope: Path) -> Path | None:
        base = list(self.absolute(scope))
        while path and path[0] == "super":
            if len(base) <= 1:
                return None
            base.pop()
            path = path[1:]
        return (*base, *path)


_ITEM_WORDS = frozenset({"fn", "const", "static", "struct", "enum", "union", "type", "trait", "mod"})


def resolver(source: Source, root: Path | None) -> Resolver:
    stream, scopes = source.stream, module_scopes(source)
    items: set[tuple[Path, str]] = set()
    for i, scope in enumerate(scopes):
        if scope is None:
            continue
        if stream.is_keyword(i, *_ITEM_WORDS) and stream.is_ident(i + 1):
            items.add((scope, stream.text(i + 1)))
        elif stream.is_keyword(i, "macro_rules") and stream.is_punct(i + 1, "!") and stream.is_ident(i + 2):
            items.add((scope, stream.text(i + 2)))
    declared = {
        (scope, stream.text(i + 1))
        for i, scope in enumerate(scopes)
        if scope is not None and stream.is_keyword(i, "mod")
    }
    return Resolver(root, frozenset(declared & items), frozenset(items))


# ---------------------------------------------------------------- the allowance


@dataclass(frozen=True, slots=True)
class ModuleImports:
    """What each in-file module of the original imports, resolved: full paths under their names, and globs."""

    named: frozenset[tuple[Path, Path, str]]  # (scope, resolved path, name)
    globbed: frozenset[tuple[Path, Path]]  # (scope, resolved module)


def kept_imports(pair: tuple[Source, Source], paths: Resolver) -> ModuleImports:
    """The imports the original has and the candidate keeps, in the same module: only those vouch for a new one."""
    before, after = (resolved_imports(source, paths) for source in pair)
    return ModuleImports(before.named & after.named, before.globbed & after.globbed)


def resolved_imports(source: Source, paths: Resolver) -> ModuleImports:
    named: set[tuple[Path, Path, str]] = set()
    globbed: set[tuple[Path, Path]] = set()
    for statement in module_imports(source):
        if statement.scope is None:
            continue
        for entry in statement.entries:
            where = paths.resolve(entry.path, statement.scope)
            if where is None:
                continue
            if entry.name == GLOB:
                globbed.add((statement.scope, where[:-1]))
            else:
                named.add((statement.scope, where, entry.name))
    return ModuleImports(frozenset(named), frozenset(globbed))


def changes_nothing(statement: Import, entry: Entry, had: ModuleImports, paths: Resolver) -> bool:
    """Whether this entry of a new `use` provably leaves every name of its module meaning what it did."""
    scope = statement.scope
    if scope is None or not statement.plain:
        return False
    where = paths.resolve(entry.path, scope)
    if where is None or len(where) < 2:
        return False
    if entry.name == GLOB:
        return (scope, where[:-1]) in had.globbed
    if (scope, where, entry.name) in had.named:
        return True
    if entry.name != entry.path[-1] or entry.name in ("self", "super", "crate", "_"):
        return False
    module = where[:-1]
    if module == paths.absolute(scope):
        return True  # a name of this module: the item it names already, or a compile error
    local = (scope, entry.name) in paths.items or any(s == scope and n == entry.name for s, _, n in had.named)
    return (scope, module) in had.globbed and not local
