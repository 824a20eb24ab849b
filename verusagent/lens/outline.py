"""Outline token streams and cut-off code, both read from the lexer's tokens.

Outline: the inside of a `{ }` group that opens no items (a function body, a block in a clause, a struct's
fields, an operation of a state machine) is dropped and only its braces kept, so functions and clauses parse the
same while bodies cost nothing (indexes over many files, such as the lemma index).

Cut off: a reply (or one function of it) that ends inside a group, a string or a block comment, as a truncated
reply does.
"""

import re
from itertools import compress, count
from typing import TypeVar

_ITEM_OPENERS = frozenset({"impl", "trait", "mod", "group"})
_ITEM_MACROS = frozenset({"state_machine", "tokenized_state_machine", "tokenized_state_machine_vstd"})
_STOPS = frozenset({";", "{", "}"})
# A closed string token: `"..."`, `b"..."`, `r#"..."#`, `cr"..."`.
_CLOSED_STRING = re.compile(r'[bc]?(?:"(?:\\.|[^"\\])*"|r(#*)".*"\1)', re.DOTALL)
_BLOCK_PARTS = re.compile(r"/\*|\*/")
_T = TypeVar("_T")


def dropped_ranges(texts: list[str], kinds: list[str], match: list[int]) -> list[tuple[int, int]]:
    """Token index ranges [first, stop) inside the `{ }` groups that open no items, outermost only."""
    ranges = []
    resume = 0
    for i in compress(count(), map("{".__eq__, texts)):
        if i < resume or kinds[i] != "punct" or _opens_items(texts, kinds, i):
            continue
        close = match[i] if match[i] >= 0 else len(texts)
        if close > i + 1:
            ranges.append((i + 1, close))
        resume = close
    return ranges


def _opens_items(texts: list[str], kinds: list[str], brace: int) -> bool:
    """Whether the `{` at brace opens items: a macro's body, an impl, trait, mod or broadcast group, the body of
    a state machine (`state_machine! { Name { .. } }`)."""
    if brace > 0 and texts[brace - 1] == "!":
        return True
    header: set[str] = set()
    depth = 0  # inside ( ) or [ ]: `impl<T, const N: usize> View for [T; N]` holds a `;`
    j = brace - 1
    while j >= 0:
        text = texts[j]
        if kinds[j] == "ident":
            header.add(text)
        elif text in (")", "]"):
            depth += 1
        elif text in ("(", "["):
            depth -= 1
            if depth < 0:  # the group holding the brace: `tokenized_state_machine!( Name { .. } )`
                break
        elif depth <= 0 and text in _STOPS:
            break
        j -= 1
    if j >= 2 and texts[j] in ("{", "(", "[") and texts[j - 1] == "!" and texts[j - 2] in _ITEM_MACROS:
        return True
    return "fn" not in header and not header.isdisjoint(_ITEM_OPENERS)


def keep_outside(values: list[_T], ranges: list[tuple[int, int]]) -> list[_T]:
    """The values outside the ranges (sorted, disjoint)."""
    kept: list[_T] = []
    position = 0
    for first, stop in ranges:
        kept += values[position:first]
        position = stop
    return kept + values[position:]


def cut_off(texts: list[str], kinds: list[str], unbalanced: list[int], comments: list[str]) -> bool:
    """A bracket without its partner, a string without its closing quote, a block comment left open."""
    if unbalanced:
        return True
    strings = (t for t, k in zip(texts, kinds) if k == "lit" and '"' in t and not t.startswith(("'", "b'")))
    if any(_CLOSED_STRING.fullmatch(t) is None for t in strings):
        return True
    return any(c.startswith("/*") and not _closed_comment(c) for c in comments)


def _closed_comment(text: str) -> bool:
    depth = 0
    for part in _BLOCK_PARTS.finditer(text):
        depth += 1 if part.group() == "/*" else -1
        if depth == 0:
            return part.end() == len(text)
    return False
