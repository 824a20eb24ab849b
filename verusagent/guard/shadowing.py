"""New items and names that could change what a name of the original resolves to.

Rust resolves a name to a local item before a glob import (`use defs::*`), to an explicit import before a glob
one, to an inherent method before a trait method (`x.inv()`; `x@` is `x.view()`), and a trait brought into scope
adds methods to any type (a by-value `view(self)` found before `View::view(&self)` on `u64`). So a candidate can
change what a spec or exec code means without touching one of its tokens. The rule does not try to tell which
additions would matter; it bars every addition that could:

- no new trait, trait impl, type (struct, enum, union, alias), const, static, macro or item-level macro call
  (a new inline module is reported by `modules`);
- no new `use` that brings in a name the original spells anywhere, or a type, trait or constant (a trait in
  scope adds methods); a glob only of a vstd module without traits or re-exports, whose names (`vstd_names`) the
  original never spells; new imports of fresh lemma names stay (a `broadcast use` only offers proved lemmas to the
  prover and brings no name);
- a new function, of any mode, in a new or an existing impl, in any module, needs a name that the original never
  spells (its functions, methods, fields, imported and glob-imported items, locals: every identifier of it), that no
  trait of vstd declares as a method (`view`, `deep_view`, `spec_index`, ...) and that verus's syntax does not call
  on its own (`spec_add` for `+` in spec code, `get` for a tracked pattern, ...).

In a crate, the names spelled by the crate's other files count too (`guard(.., names=..)`).
"""

from bisect import bisect_left
from collections import Counter
from functools import lru_cache
from itertools import compress

from verusagent.guard.evidence import function_violation
from verusagent.guard.imports import (
    GLOB,
    Entry,
    Import,
    Path,
    Resolver,
    changes_nothing,
    kept_imports,
    module_imports,
    resolver,
)
from verusagent.guard.report import Evidence, Rule, Violation
from verusagent.guard.source import Source, spelled_at
from verusagent.guard.tokens import canonical
from verusagent.guard.vstd_names import GLOB_MODULES, TRAIT_METHODS
from verusagent.lens import Function, TokenStream
from verusagent.lens.lexer import Lexed, lex
from verusagent.lens.model import Definition, DefinitionKind

# Methods that verus's `verus!` rewriting calls by name (builtin_macros' syntax.rs): arithmetic and comparison in
# spec code (`a + b` is `a.spec_add(b)`), `x[i]` (`spec_index`), `x@` (`view`), `has`, negation, and the for-loop
# and tracked-pattern expansions (`get`, `borrow_mut`, `wf`, `seq`, `decrease`, `peek`, `unwrap_or`).
SYNTAX_METHODS = frozenset(
    {
        "view",
        "spec_index",
        "spec_add",
        "spec_sub",
        "spec_mul",
        "spec_euclidean_or_real_div",
        "spec_euclidean_mod",
        "spec_lt",
        "spec_le",
        "spec_gt",
        "spec_ge",
        "spec_neg",
        "spec_bitand",
        "spec_bitor",
        "spec_bitxor",
        "spec_shl",
        "spec_shr",
        "spec_has",
        "get",
        "borrow_mut",
        "wf",
        "seq",
        "decrease",
        "peek",
        "unwrap_or",
        "into_iter",
        "next",
    }
)
RESERVED = TRAIT_METHODS | SYNTAX_METHODS
_BARRED = {
    DefinitionKind.TRAIT: "trait",
    DefinitionKind.TYPE: "type",
    DefinitionKind.CONST: "const",
    DefinitionKind.STATIC: "static",
    DefinitionKind.STRUCT: "struct",
    DefinitionKind.ENUM: "enum",
    DefinitionKind.UNION: "union",
    DefinitionKind.MACRO_RULES: "macro",
    DefinitionKind.MACRO: "macro invocation",
}


def shadowing_violations(
    pair: tuple[Source, Source], new: list[Function], names: frozenset[str], root: Path | None = None
) -> list[Violation]:
    """`new`: the candidate's functions the original lacks; `names`: further names spelled elsewhere (a crate);
    `root`: the file's module path in its crate, None when unknown."""
    return [
        *_new_items(pair),
        *_new_imports(pair, names, root),
        *_new_function_names(pair, new, names),
        *_items_in_bodies(pair),
    ]


# Items that take effect beyond the block that declares them (an impl is global wherever it is written).
_BODY_ITEM_WORDS = frozenset({"impl", "trait", "macro_rules", "mod"})
# Words in a macro's definition that let a call of it make an item with effect beyond the body it stands in: an
# impl is global wherever it is written, and so is a `#[macro_export]` macro (other items in a block are local).
_ITEM_MAKING_WORDS = frozenset({"impl", "macro_rules"})


def _items_in_bodies(pair: tuple[Source, Source]) -> list[Violation]:
    """`impl`, `trait`, `macro_rules!` and `mod` items inside function bodies, beyond the original's: the lens
    reads items at module level, and an impl inside a lemma's body is as global as any. So are calls of one of the
    file's macros whose definition can make such an item (`macro_rules! m { ($t:ident) => { impl $t { .. } } }`).
    Only functions whose text changed (or that are new) can have more."""
    original, candidate = pair
    found = []
    for g in candidate.model.functions:
        f = original.by_id.get(g.id)
        if g.body is None or (f is not None and _same_text(pair, f, g)):
            continue
        had = _body_items(original, f) if f is not None else Counter()
        for word, count in _body_items(candidate, g).items():
            if count > had[word]:
                reason = (
                    f"`{word}` item added inside the body of `{g.qualified}`: a proof adds no item"
                    if not word.endswith("!")
                    else f"`{word}` called inside the body of `{g.qualified}`: its expansion can make items (an "
                    "impl is global wherever it stands), which the guard cannot vouch for"
                )
                found.append(function_violation(Rule.NAME_SHADOWED, pair, (f, g), reason))
    return found


def _item_macros(source: Source) -> frozenset[str]:
    """The file's macros (at item level or in a body) whose definition can make an impl or a macro."""
    return source.derived("item_macros", _item_macros_in)


def _item_macros_in(source: Source) -> frozenset[str]:
    stream = source.stream
    making = set()
    for i in spelled_at(stream, ("macro_rules",)):
        if stream.is_punct(i + 1, "!") and stream.is_ident(i + 2) and stream.is_punct(i + 3, "(", "[", "{"):
            close = stream.close_of(i + 3)
            if any(stream.is_ident(k) and stream.texts[k] in _ITEM_MAKING_WORDS for k in range(i + 4, close)):
                making.add(stream.texts[i + 2])
    return frozenset(making)


def _same_text(pair: tuple[Source, Source], f: Function, g: Function) -> bool:
    return pair[0].data[f.span.start : f.span.end] == pair[1].data[g.span.start : g.span.end]


def _body_items(source: Source, function: Function) -> Counter[str]:
    if function.body is None:
        return Counter()
    stream = source.stream
    first, stop = source.token_range(function.body.start, function.body.end)
    positions = source.derived("body_item_words", lambda s: spelled_at(s.stream, _BODY_ITEM_WORDS))
    inside = positions[bisect_left(positions, first) : bisect_left(positions, stop)]
    found = Counter(stream.texts[i] for i in inside if stream.is_keyword(i))
    making = _item_macros(source)
    if making:
        calls = spelled_at(stream, making)
        for i in calls[bisect_left(calls, first) : bisect_left(calls, stop)]:
            if stream.is_punct(i + 1, "!") and stream.is_punct(i + 2, "(", "[", "{"):
                found[stream.texts[i] + "!"] += 1
    return found


def spelled_names(source: Source) -> frozenset[str]:
    """Every identifier the file spells."""
    return source.derived("spelled_names", lambda s: _identifiers(s.stream))


@lru_cache(maxsize=256)
def spelled(data: bytes) -> frozenset[str]:
    """Every identifier a file's bytes spell (the crate guard's other files: their tokens alone)."""
    return _identifiers(lex(data))


def _identifiers(stream: TokenStream | Lexed) -> frozenset[str]:
    return frozenset(compress(stream.texts, map("ident".__eq__, stream.kinds)))


def _new_function_names(pair: tuple[Source, Source], new: list[Function], names: frozenset[str]) -> list[Violation]:
    if not new:
        return []
    taken = spelled_names(pair[0]) | names
    found = []
    for g in new:
        if g.name in taken or g.name in RESERVED:
            why = (
                "a name the original spells"
                if g.name in taken
                else "the name of a method of a vstd trait or one verus's syntax calls"
            )
            reason = (
                f"new fn `{g.qualified}` has {why}: a new function could be found before the `{g.name}` "
                "the original's code means (an inherent method before a trait's, a local item before an "
                "import); name it anew"
            )
            found.append(function_violation(Rule.NAME_SHADOWED, pair, (None, g), reason))
    return found


def _new_items(pair: tuple[Source, Source]) -> list[Violation]:
    original, candidate = pair
    had = Counter(_item_key(d) for d in original.model.definitions if _barred(d))
    found = []
    for definition in candidate.model.definitions:
        if not _barred(definition):
            continue
        key = _item_key(definition)
        if had[key] > 0:
            had[key] -= 1
            continue
        found.append(_item_violation(candidate, definition))
    return found


def _barred(definition: Definition) -> bool:
    kind = definition.kind
    if kind == DefinitionKind.MOD:  # an inline `mod x { .. }` (a `mod x;` line is an outside-file read)
        return definition.body is not None
    return kind in _BARRED or (kind == DefinitionKind.IMPL and definition.trait_name is not None)


def _item_key(definition: Definition) -> tuple[DefinitionKind, str, str | None, str | None]:
    return definition.kind, definition.name, definition.trait_name, definition.container


def _item_violation(candidate: Source, definition: Definition) -> Violation:
    if definition.kind == DefinitionKind.MOD:
        reason = (
            f"module `{definition.name}` was added: a proof adds no module (its items would be new names, and a "
            "module's `use` lines reach what the original's code may mean)"
        )
        return _added_item(candidate, definition, Rule.MODULE_CHANGED, reason)
    if definition.kind == DefinitionKind.IMPL:
        what = f"impl of trait `{definition.trait_name}` for `{definition.name}`"
    else:
        what = f"{_BARRED[definition.kind]} `{definition.name}`"
    reason = (
        f"new {what}: a proof adds no trait, trait impl, type, const, static or macro (a new item can change "
        "what the original's names resolve to)"
    )
    return _added_item(candidate, definition, Rule.NAME_SHADOWED, reason)


def _added_item(candidate: Source, definition: Definition, rule: Rule, reason: str) -> Violation:
    span = definition.span
    return Violation(
        rule=rule,
        function=None,
        candidate=candidate.location(span.start, span.end),
        original=None,
        reason=reason,
        evidence=Evidence(original="", candidate=candidate.snippet(span.start, span.end)),
    )


def _new_imports(
    pair: tuple[Source, Source], names: frozenset[str] = frozenset(), root: Path | None = None
) -> list[Violation]:
    """New `use` declarations that bring in a name the original spells, or another file of its crate does (an
    explicit import beats a glob one, also the glob that another module makes of this one: `use super::*`), unless
    the import provably changes no name's meaning (`imports.changes_nothing`). An import the original has in the
    same scope is not new; one moved to another scope is."""
    original, candidate = pair
    if _raw_imports(original) == _raw_imports(candidate):
        return []  # the same `use` lines, as written
    had = Counter(_placed_key(original, statement) for statement in module_imports(original))
    paths = resolver(original, root)
    known = kept_imports(pair, paths)
    spelled = spelled_names(original) | names
    found = []
    for statement in module_imports(candidate):
        key = _placed_key(candidate, statement)
        if had[key] > 0:
            had[key] -= 1
            continue
        for entry in statement.entries:
            if not changes_nothing(statement, entry, known, paths):
                found.extend(_entry_violations(candidate, statement, entry, spelled, paths))
    return found


def _placed_key(source: Source, statement: Import) -> tuple[Path | str | None, tuple[str, ...]]:
    """A `use` as written, with where it takes effect: its module, or the function whose body holds it."""
    where = statement.scope if statement.scope is not None else source.unit_at(source.stream.starts[statement.first])
    return where, _use_key(source, statement.first, statement.last)


def _entry_violations(
    candidate: Source, statement: Import, entry: Entry, spelled: frozenset[str], paths: Resolver
) -> list[Violation]:
    written = _written(entry.path)
    if entry.name == GLOB:
        problem = _glob_problem(entry, statement, spelled, paths)
        advice = f"write the path of each item you use (`{written[:-3]}::name`) instead of the glob"
        return [_import_violation(candidate, statement, GLOB, problem, advice)] if problem else []
    leaf = entry.path[-2] if entry.name in ("_", "self") and len(entry.path) > 1 else entry.name
    if leaf in spelled:
        why = "a name the original's code spells: an explicit import is found before a glob one"
    elif leaf[:1].isupper():
        why = "a type, trait or constant: a trait brought into scope adds methods that can be found first"
    else:
        return []
    return [_import_violation(candidate, statement, leaf, why, _advice(entry, written))]


def _advice(entry: Entry, written: str) -> str:
    if entry.path[-1].startswith("lemma_") or entry.path[0] == "vstd":
        return f"call it by its path instead (`{written}(..)`)"
    return f"write `{written}` where you use it instead"


def _written(path: tuple[str, ...]) -> str:
    return "::".join(path).replace("::::", "::")


def _glob_problem(entry: Entry, statement: Import, spelled: frozenset[str], paths: Resolver) -> str | None:
    """Why a new glob import could change a name, or None: a glob of a vstd module without traits whose names
    the original never spells (`use vstd::arithmetic::mul::*;`) brings only new lemma names. A `vstd` that is a
    module the file declares is not the crate."""
    module = _written(entry.path[:-1]).removeprefix("::")
    scope = statement.scope
    local = scope is None or (scope, "vstd") in paths.declared
    names = None if local else GLOB_MODULES.get(module)
    if names is None:
        return (
            "a glob import of a module the guard cannot list (only vstd modules without traits: a trait in "
            "scope adds methods that can be found first)"
        )
    taken = sorted(names & spelled)
    return f"a glob import that brings `{taken[0]}`, a name the original's code spells" if taken else None


def _raw_imports(source: Source) -> Counter[tuple[Path | int, tuple[str, ...]]]:
    """The `use` lines as written, each with its module (a block-scoped one with -1): the quick equality test."""
    texts = source.stream.texts
    return source.derived(
        "raw_imports",
        lambda s: Counter(
            (u.scope if u.scope is not None else -1, tuple(texts[u.first : u.last + 1])) for u in module_imports(s)
        ),
    )


def _use_key(source: Source, first: int, last: int) -> tuple[str, ...]:
    return tuple(t.text for t in canonical(source.stream.token_slice(first, last + 1)))


def _import_violation(candidate: Source, statement: Import, leaf: str, why: str, advice: str) -> Violation:
    tokens = candidate.stream.token_slice(statement.first, statement.last + 1)
    return Violation(
        rule=Rule.NAME_SHADOWED,
        function=None,
        candidate=candidate.tokens_location(tokens),
        original=None,
        reason=f"new import of `{leaf}`, {why}; {advice}",
        evidence=Evidence(original="", candidate=candidate.tokens_snippet(tokens)),
    )
