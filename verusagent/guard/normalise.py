"""Normal forms of erased exec code: rewrites that do not change what Rust computes when both versions compile.

- `if (c) {` reads as `if c {` (not a tuple: `match (a, b) {` keeps its parentheses);
- an empty block statement `{ }`, an `else { }` and an empty match arm `=> { }` go (what is left when the ghost
  code inside them is erased);
- empty statements (`;` after `;` or `{`) go, and so does the `;` closing a block's last statement;
- `let r = E; r` at the end of a block reads as `E`, and `let r = E; return r;` as `return E;` (naming a result to
  assert about it; not with a type, `let r: u64 = 5; r`, which may give the value another type);
- a match arm `=> { E }` whose block holds one expression reads as `=> E,`;
- a use of a ghost-wrapper name (`let g = Ghost(..);` then `g`) reads as the wrapper it holds, `Ghost()`.
None of them applies inside a macro invocation's token tree (`m!( .. )`), whose tokens are the macro's input.
"""

from verusagent.guard.ghost import GhostName, matching, next_at_depth
from verusagent.guard.tokens import macro_tree_mask
from verusagent.lens import Token

_CONDITION_WORDS = frozenset({"if", "while", "match"})
_STATEMENT_ENDS = frozenset({";", "{", "}"})


def drop_condition_parens(tokens: list[Token]) -> list[Token]:
    """`if (c) {` reads as `if c {` (unless the parentheses hold a tuple: `match (a, b) {`)."""
    dropped: set[int] = set()
    mask = macro_tree_mask(tokens)
    for i, token in enumerate(tokens[:-1]):
        if token.text in _CONDITION_WORDS and tokens[i + 1].text == "(" and not mask[i]:
            close = matching(tokens, i + 1)
            if close + 1 < len(tokens) and tokens[close + 1].text == "{" and not _has_top_comma(tokens, i + 1, close):
                dropped.update((i + 1, close))
    return [t for k, t in enumerate(tokens) if k not in dropped] if dropped else tokens


def _has_top_comma(tokens: list[Token], open_index: int, close: int) -> bool:
    depth = 0
    for j in range(open_index + 1, close):
        t = tokens[j]
        if t.kind == "punct":
            depth += (t.text in "([{") - (t.text in ")]}")
            if depth == 0 and t.text == ",":
                return True
    return False


def as_wrappers(tokens: list[Token], names: dict[str, list[GhostName]]) -> list[Token]:
    """Each use of a ghost-wrapper name where it is bound, as the `Wrapper ( )` it holds."""
    if not names:
        return tokens
    kept: list[Token] = []
    for i, token in enumerate(tokens):
        scopes = names.get(token.text) if token.kind == "ident" else None
        held = next((s.wrapper for s in scopes if s.start <= token.start < s.end), None) if scopes else None
        if held is None or not _is_value_use(tokens, i):
            kept.append(token)
            continue
        kept.extend(
            (
                Token("ident", held, token.start, token.end),
                Token("punct", "(", token.start, token.end),
                Token("punct", ")", token.start, token.end),
            )
        )
    return kept


def _is_value_use(tokens: list[Token], i: int) -> bool:
    """Not a field (`s.g`), a path segment (`g::x`), a struct field name (`g: v`), a call or a macro."""
    before = tokens[i - 1].text if i > 0 else ""
    after = tokens[i + 1].text if i + 1 < len(tokens) else ""
    return before not in (".", "::") and after not in (":", "::", "(", "!")


def drop_empty_blocks(tokens: list[Token]) -> list[Token]:
    """Without empty block statements, `else { }` and the `{ }` of an empty match arm."""
    kept: list[Token] = []
    mask = macro_tree_mask(tokens)
    for k, token in enumerate(tokens):
        kept.append(token)
        if token.text != "}" or len(kept) < 3 or kept[-2].text != "{" or mask[k]:
            continue
        before = kept[-3].text
        if before == "else":
            del kept[-3:]
        elif before == "=>" or before in _STATEMENT_ENDS:
            del kept[-2:]
    return kept


def drop_empty_statements(tokens: list[Token]) -> list[Token]:
    kept: list[Token] = []
    mask = macro_tree_mask(tokens)
    for k, token in enumerate(tokens):
        if token.text == ";" and kept and kept[-1].text in (";", "{") and not mask[k]:
            continue
        kept.append(token)
    return kept


def drop_final_semicolons(tokens: list[Token]) -> list[Token]:
    """`{ i += 1; }` reads as `{ i += 1 }`: when both versions compile, the two blocks compute the same.

    With `;` the block's value is `()`; without, it is the statement's value, which must then be `()` (or diverge)
    for the block to type-check where a `()` block is expected, and a `let` bound to it has no other use.
    """
    last = len(tokens) - 1
    mask = macro_tree_mask(tokens)
    return [
        t
        for k, t in enumerate(tokens)
        if not (t.text == ";" and k < last and tokens[k + 1].text == "}" and not mask[k])
    ]


def fold_named_results(tokens: list[Token]) -> list[Token]:
    """`let [mut] r = E; r }` reads as `E }`, and `let r = E; return r;` (or `return r }`) as `return E;`."""
    i = 0
    mask = macro_tree_mask(tokens)
    while i < len(tokens):
        folded = _fold_at(tokens, i) if tokens[i].text == "let" and not mask[i] else None
        if folded is not None:
            tokens = folded
            mask = macro_tree_mask(tokens)
        i += 1
    return tokens


def _fold_at(tokens: list[Token], i: int) -> list[Token] | None:
    if i > 0 and tokens[i - 1].text not in _STATEMENT_ENDS:
        return None
    name_index = i + 2 if i + 1 < len(tokens) and tokens[i + 1].text == "mut" else i + 1
    equals = next_at_depth(tokens, i, "=")
    if equals is None or name_index >= equals or not _plain_binding(tokens, name_index, equals):
        return None
    end = _end_of_statement(tokens, equals + 1)
    if end is None:
        return None
    value = tokens[equals + 1 : end]
    name = tokens[name_index].text
    rest = tokens[end + 1 :]
    if _texts(rest[:2]) == [name, "}"]:
        return tokens[:i] + value + rest[1:]
    if _texts(rest[:2]) == ["return", name] and len(rest) > 2 and rest[2].text in (";", "}"):
        return tokens[:i] + rest[:1] + value + rest[2:]
    return None


def unwrap_arm_blocks(tokens: list[Token]) -> list[Token]:
    """`=> { E }` as `=> E,` when the block holds a single expression (no `;` at its top level)."""
    kept: list[Token] = []
    mask = macro_tree_mask(tokens)
    i = 0
    while i < len(tokens):
        token = tokens[i]
        kept.append(token)
        i += 1
        if token.text != "=>" or i >= len(tokens) or tokens[i].text != "{" or mask[i - 1]:
            continue
        close = matching(tokens, i)
        if close == i + 1 or _end_of_statement(tokens[:close], i + 1) is not None:
            continue
        kept.extend(unwrap_arm_blocks(tokens[i + 1 : close]))
        if close + 1 < len(tokens) and tokens[close + 1].text not in (",", "}"):
            kept.append(Token("punct", ",", tokens[close].start, tokens[close].end))
        i = close + 1
    return kept


def _plain_binding(tokens: list[Token], name_index: int, equals: int) -> bool:
    """`let [mut] r =`: with a type (`let r: u64 = 5; r`) the value may have another type than `5` alone."""
    return tokens[name_index].kind == "ident" and name_index + 1 == equals


def _end_of_statement(tokens: list[Token], i: int) -> int | None:
    """The index of the `;` that ends the statement whose value starts at i (bracket groups skipped)."""
    depth = 0
    for j in range(i, len(tokens)):
        t = tokens[j]
        if t.kind == "punct":
            depth += (t.text in "([{") - (t.text in ")]}")
            if depth < 0:
                return None
            if depth == 0 and t.text == ";":
                return j
    return None


def _texts(tokens: list[Token]) -> list[str]:
    return [t.text for t in tokens]
