"""Code outside functions (structs, enums, consts, statics, type aliases, macros, trait and impl headers).

The whole text minus function items, `use` declarations, `broadcast use`/`broadcast group` and the item-level
escape hatches (reported by `hatches`) is compared as one token sequence. What the candidate may add there: the
empty shells of new `impl`/`mod`/`trait` blocks or `verus!` blocks that hold only new spec and proof functions.
"""

from collections import Counter

from verusagent.guard.evidence import hunk_violation
from verusagent.guard.imports import module_scopes
from verusagent.guard.layout import broadcast_groups, is_broadcast_use, prefix_start, use_statements
from verusagent.guard.report import Evidence, Rule, Violation
from verusagent.guard.source import Source
from verusagent.guard.tokens import canonical, differences, erase
from verusagent.lens import ItemSiteKind, Token

_SHELL_WORDS = frozenset({"impl", "mod", "trait"})


def item_violations(pair: tuple[Source, Source]) -> list[Violation]:
    if pair[0].derived("between", _between_functions) == pair[1].derived("between", _between_functions):
        return _removed_imports(pair)  # the same bytes outside functions: the same remainder
    a = pair[0].derived("remainder", remainder)
    b = _without_new_shells(a, pair[1].derived("remainder", remainder))
    changed = [
        hunk_violation(Rule.ITEM_CHANGED, None, pair, (a, b), hunk, "code outside functions")
        for hunk in differences(a, b)
    ]
    return changed + _removed_imports(pair)


def _removed_imports(pair: tuple[Source, Source]) -> list[Violation]:
    """Each `use` of the original must stay, in its own module: changing one can re-point a name that a spec
    relies on, and so can moving one to another module (the glob it stood over then answers for the name). A
    `broadcast use` may go: it only offers lemmas to the prover, and a proof that drops one is just harder."""
    original, candidate = pair
    kept = Counter(_use_key(candidate, first, last) for first, last in use_statements(candidate))
    found = []
    for first, last in use_statements(original):
        if is_broadcast_use(original, first, last):
            continue
        key = _use_key(original, first, last)
        if kept[key] > 0:
            kept[key] -= 1
        else:
            found.append(_removed_import(original, original.stream.token_slice(first, last + 1)))
    return found


def _removed_import(original: Source, tokens: list[Token]) -> Violation:
    text = original.tokens_snippet(tokens)
    return Violation(
        rule=Rule.ITEM_CHANGED,
        function=None,
        candidate=None,
        original=original.tokens_location(tokens),
        reason=f"import `{text}` of the original was removed or changed",
        evidence=Evidence(original=text, candidate=""),
    )


def _use_key(source: Source, first: int, last: int) -> tuple[tuple[str, ...] | None, tuple[str, ...]]:
    """The declaration's in-file module (None: block-scoped, inside a function the function rules compare) and
    its tokens."""
    return module_scopes(source)[first], tuple(t.text for t in canonical(source.stream.token_slice(first, last + 1)))


def remainder(source: Source) -> list[Token]:
    tokens = source.stream.tokens
    ranges = [(f.span.start, f.span.end) for f in source.model.functions]
    ranges.extend((p.span.start, p.span.end) for p in source.model.proof_sites if p.function_id is None)
    for first, last in [*use_statements(source), *broadcast_groups(source), *_trusted_specs(source)]:
        ranges.append((tokens[first].start, tokens[last].end))
    ranges.extend(_transition_proofs(source))
    return canonical(erase(tokens, ranges, source.starts))


def _transition_proofs(source: Source) -> list[tuple[int, int]]:
    """The `by { .. }` proofs of a state machine operation's statements (`assert P by { .. };`): proof code."""
    stream = source.stream
    found = []
    for machine in source.model.state_machines:
        for proof in (s.proof for op in machine.operations for s in op.statements if s.proof is not None):
            opener = source.token_range(proof.start, proof.end)[0]
            by = opener - 1 if stream.is_ident(opener - 1, "by") else opener
            found.append((stream.starts[by], proof.end))
    return found


def _between_functions(source: Source) -> bytes:
    """The file's bytes with every function cut out."""
    data = source.data
    kept, position = [], 0
    for function in sorted(source.model.functions, key=lambda f: f.span.start):
        if function.span.start >= position:
            kept.append(data[position : function.span.start])
        position = max(position, function.span.end)
    kept.append(data[position:])
    return b"\x00".join(kept)


def _trusted_specs(source: Source) -> list[tuple[int, int]]:
    """`assume_specification` items: counted as escape hatches, so not reported twice here."""
    stream = source.stream
    found = []
    for site in source.model.item_sites:
        if site.kind == ItemSiteKind.ASSUME_SPECIFICATION:
            first, stop = source.token_range(site.span.start, site.span.end)
            found.append((prefix_start(stream, first), max(stop - 1, first)))
    return found


def _without_new_shells(a: list[Token], b: list[Token]) -> list[Token]:
    """b without the empty `impl`/`mod`/`trait`/`verus!` shells it has beyond a's (new blocks of new lemmas)."""
    while True:
        known = Counter(key for _, _, key in _shells(a))
        excess = []
        for first, stop, key in _shells(b):
            if known[key] > 0:
                known[key] -= 1
            else:
                excess.append((first, stop))
        if not excess:
            return b
        drop = {i for first, stop in excess for i in range(first, stop)}
        b = [t for i, t in enumerate(b) if i not in drop]


def _shells(tokens: list[Token]) -> list[tuple[int, int, tuple[str, ...]]]:
    """Innermost empty blocks: (first index, stop index, their words)."""
    words = [t.text for t in tokens]
    found = []
    for close in range(1, len(words)):
        if words[close] == "}" and words[close - 1] == "{":
            first = _shell_start(words, close - 1)
            if first is not None:
                found.append((first, close + 1, tuple(words[first : close + 1])))
    return found


def _shell_start(words: list[str], brace: int) -> int | None:
    """The first word of `[pub[(..)]] impl|mod|trait HEADER {` or `verus! {` ending at `brace`, if it is one."""
    if brace >= 2 and words[brace - 1] == "!" and words[brace - 2] == "verus":
        return brace - 2
    i = brace - 1
    while i >= 0 and words[i] not in _SHELL_WORDS:
        if words[i] in ("{", "}", ";"):
            return None
        i -= 1
    if i < 0:
        return None
    if i >= 1 and words[i - 1] == "pub":
        return i - 1
    if i >= 1 and words[i - 1] == ")" and "pub" in words[max(0, i - 6) : i - 1]:
        return words.index("pub", max(0, i - 6), i - 1)
    return i
