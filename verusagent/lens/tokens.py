"""Tokens of a Rust/Verus file, with their bracket pairs and the file's syntax errors.

Inside `verus! { }` tree-sitter-rust sees only a token tree, so its leaves there are plain tokens (Verus keywords
are identifiers, `==>` is `==` `>`, `~` an ERROR leaf); the lexer (`lexer.py`) gives the same tokens for the whole
file, faster than a walk over the tree's leaves. tree-sitter still parses the whole file: its ERROR and MISSING
nodes are the syntax errors. The scanners above decide Verus structure by position in the flat token list.
"""

from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import compress, count
from operator import not_
from typing import cast

import tree_sitter_rust
from tree_sitter import Language, Node, Parser, Tree

from verusagent.lens.gc_pause import paused_gc
from verusagent.lens.lexer import Lexed, lex
from verusagent.lens.outline import cut_off, dropped_ranges, keep_outside

_ATOMIC = frozenset({"string_literal", "raw_string_literal", "char_literal", "line_comment", "block_comment"})
OPEN_BRACKETS = {"(": ")", "[": "]", "{": "}"}
CLOSE_BRACKETS = {")": "(", "]": "[", "}": "{"}
_BRACKETS = frozenset({*OPEN_BRACKETS, *CLOSE_BRACKETS})
_ODD_TOKENS = frozenset({"\\", "`"})  # characters no Rust token starts with

_PARSER: Parser | None = None


def _parser() -> Parser:
    global _PARSER
    if _PARSER is None:
        _PARSER = Parser(Language(tree_sitter_rust.language()))
    return _PARSER


@dataclass(slots=True)
class Token:
    kind: str  # "ident", "punct", "lit", "comment"
    text: str
    start: int  # byte offsets
    end: int


@dataclass
class TokenStream:
    """Significant tokens (comments set apart) with their bracket pairs.

    The tokens are kept as parallel lists (`kinds`, `texts`, `starts`, `ends`): the scanners index them directly.
    `tokens`, the same as Token objects, is made on first use (the guard compares Token lists).
    """

    data: bytes
    kinds: list[str]  # "ident", "punct", "lit"
    texts: list[str]
    starts: list[int]  # byte offsets
    ends: list[int]
    comments: list[Token]
    match: list[int]  # index of the matching bracket, or -1
    unbalanced: list[int] = field(default_factory=list)  # indices of brackets with no partner
    syntax_errors: list[tuple[int, int]] = field(default_factory=list)  # tree-sitter ERROR/MISSING ranges
    raw: frozenset[int] = frozenset()  # indices of raw identifiers (`r#name`: text `name`, never a keyword)
    normalized: frozenset[int] = frozenset()  # indices of identifiers whose text is their NFC form, not their bytes
    _tokens: list[Token] | None = field(default=None, repr=False)
    lines: object = field(
        default=None, repr=False, compare=False
    )  # the LineIndex of `data`, set by the parse that made it

    @property
    def tokens(self) -> list[Token]:
        if self._tokens is None:
            with paused_gc():
                self._tokens = list(map(Token, self.kinds, self.texts, self.starts, self.ends))
        return self._tokens

    def token_slice(self, first: int, stop: int) -> list[Token]:
        """`tokens[first:stop]`, made for the slice alone while the whole list is not needed (equal tokens, not
        always the same objects)."""
        if self._tokens is not None:
            return self._tokens[first:stop]
        return list(
            map(Token, self.kinds[first:stop], self.texts[first:stop], self.starts[first:stop], self.ends[first:stop])
        )

    def __len__(self) -> int:
        return len(self.texts)

    def text(self, i: int) -> str:
        return self.texts[i] if 0 <= i < len(self.texts) else ""

    def is_ident(self, i: int, *values: str) -> bool:
        if not 0 <= i < len(self.texts):
            return False
        return self.kinds[i] == "ident" and (not values or self.texts[i] in values)

    def is_keyword(self, i: int, *values: str) -> bool:
        """`is_ident`, and not written raw: `r#invariant` is a name, never the clause keyword."""
        return self.is_ident(i, *values) and not (self.raw and i in self.raw)

    def is_punct(self, i: int, *values: str) -> bool:
        if not 0 <= i < len(self.texts):
            return False
        return self.kinds[i] == "punct" and self.texts[i] in values

    def close_of(self, i: int) -> int:
        """The index of the bracket closing the group opened at i (the last token if unclosed)."""
        partner = self.match[i]
        return partner if partner >= 0 else len(self.texts) - 1

    def source(self, first: int, last: int) -> str:
        """The source text from token `first` to token `last`, both included ("" when there is none, as at the
        end of a truncated file)."""
        last = min(last, len(self.texts) - 1)
        if first > last:
            return ""
        return self.data[self.starts[first] : self.ends[last]].decode("utf-8", "replace")


def tokenize(data: bytes, *, outline: bool = False) -> TokenStream:
    """The tokens of a file (the lexer) and its syntax errors (tree-sitter's parse). With `outline`, the inside
    of a `{ }` group that opens no items (a function body, a struct's fields, a block in a clause) is left out:
    only its braces are kept, so spans and the text between tokens stay exact while bodies cost nothing."""
    lexed = lex(data)
    match, unbalanced = _match_brackets(lexed.texts)
    parsed = _without_clean_verus_blocks(data, lexed, match, unbalanced)
    tree = _parser().parse(parsed)
    if parsed is not data and tree.root_node.has_error:  # broken around a block: its content may matter there
        tree = _parser().parse(data)
    errors = syntax_errors(tree, data)
    comments = [Token("comment", text, start, end) for text, start, end in lexed.comments]
    if outline:
        return _outline(data, lexed, match, comments, errors)
    return TokenStream(
        data,
        lexed.kinds,
        lexed.texts,
        lexed.starts,
        lexed.ends,
        comments,
        match,
        unbalanced,
        errors,
        raw=lexed.raw,
        normalized=lexed.normalized,
    )


def _outline(
    data: bytes, lexed: Lexed, match: list[int], comments: list[Token], errors: list[tuple[int, int]]
) -> TokenStream:
    ranges = dropped_ranges(lexed.texts, lexed.kinds, match)
    texts = keep_outside(lexed.texts, ranges)
    starts = keep_outside(lexed.starts, ranges)
    bytes_out = [
        (lexed.starts[first], lexed.starts[stop] if stop < len(lexed.starts) else len(data)) for first, stop in ranges
    ]
    kept_comments = [c for c in comments if not any(a <= c.start < b for a, b in bytes_out)] if ranges else comments
    outline_match, unbalanced = _match_brackets(texts)
    raw: frozenset[int] = frozenset()
    normalized: frozenset[int] = frozenset()
    if lexed.raw or lexed.normalized:  # the raw (and normalised) identifiers' indices among the tokens kept
        kept = keep_outside(list(range(len(lexed.texts))), ranges)
        raw = frozenset(new for new, old in enumerate(kept) if old in lexed.raw)
        normalized = frozenset(new for new, old in enumerate(kept) if old in lexed.normalized)
    return TokenStream(
        data,
        keep_outside(lexed.kinds, ranges),
        texts,
        starts,
        keep_outside(lexed.ends, ranges),
        kept_comments,
        outline_match,
        unbalanced,
        errors,
        raw=raw,
        normalized=normalized,
    )


def is_cut_off(text: str) -> bool:
    """Whether a piece of Rust (a reply, one function of it) ends inside a group, a string or a block comment,
    as a truncated reply does."""
    lexed = lex(text.encode("utf-8", "replace"))
    unbalanced = _match_brackets(lexed.texts)[1]
    return cut_off(lexed.texts, lexed.kinds, unbalanced, [c[0] for c in lexed.comments])


def _without_clean_verus_blocks(data: bytes, lexed: Lexed, match: list[int], unbalanced: list[int]) -> bytes:
    """The bytes tree-sitter parses: the file, with the inside of each clean `verus! { }` cut out (`{ }` left).

    Inside a macro's token tree tree-sitter reports only unclosed brackets and characters that are no Rust
    token (a backslash, a backtick, a non-ASCII symbol, a no-break space); in a file whose brackets all close, a
    block without such a character holds no syntax error and is left out of the parse (most of its time). When
    the rest does not parse cleanly, the caller parses the whole file: a block can change how tree-sitter recovers
    around it. So only whether the cut text has an error is read, never where: its offsets need not match the
    file's (cut, not blanked: tree-sitter's time on a run of spaces is most of a parse's).
    tools/lexer_check.py compares both ways over a corpus and on mutated files (`--fuzz`).
    """
    if lexed.odd_spaces or unbalanced:  # an unclosed bracket anywhere moves tree-sitter's recovery: parse it all
        return data
    texts, starts = lexed.texts, lexed.starts
    odd = list(compress(count(), map(_ODD_TOKENS.__contains__, texts)))
    if not data.isascii():
        odd += [i for i in compress(count(), map(not_, map(str.isascii, texts))) if lexed.kinds[i] == "punct"]
    suspects = sorted(odd)
    kept: list[bytes] = []
    done = 0  # the end of the last block cut out (a verus! inside it is already gone)
    for i in compress(count(), map("verus".__eq__, texts)):
        opener = i + 2
        if opener >= len(texts) or texts[i + 1] != "!" or texts[opener] != "{" or starts[i] < done:
            continue
        close = match[opener]
        if close < 0 or bisect_right(suspects, close) != bisect_right(suspects, opener):
            continue  # a suspect inside: tree-sitter reads this block itself
        kept.append(data[done : starts[opener] + 1])
        done = starts[close]
    if not done:
        return data
    kept.append(data[done:])
    return b" ".join(kept)


def syntax_errors(tree: Tree, data: bytes) -> list[tuple[int, int]]:
    """tree-sitter's ERROR leaves and MISSING nodes, visiting only the subtrees that hold one. An ERROR leaf that
    is only `~` is expected inside verus! { } (`=~=`, `=~~=`) and not reported."""
    if not tree.root_node.has_error:
        return []
    errors: list[tuple[int, int]] = []
    cursor = tree.walk()
    while True:
        node = cast(Node, cursor.node)  # a cursor from tree.walk() is always on a node
        if node.is_missing:
            errors.append((node.start_byte, node.end_byte))
        elif node.child_count == 0 or node.type in _ATOMIC:
            if node.type == "ERROR" and data[node.start_byte : node.end_byte].strip(b"~"):
                errors.append((node.start_byte, node.end_byte))
        elif node.has_error and cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return errors


def _match_brackets(texts: list[str]) -> tuple[list[int], list[int]]:
    """Bracket partners; a bracket's text is exactly one character (a literal's text holds its quotes). A closing
    bracket with no opener of its kind open is unbalanced; openers left open inside a closed group are too."""
    brackets = list(compress(count(), map(_BRACKETS.__contains__, texts)))
    nested = _nested_match(texts, brackets)
    if nested is not None:
        return nested, []
    match = [-1] * len(texts)
    stack: list[int] = []
    unbalanced: list[int] = []
    open_counts = dict.fromkeys(OPEN_BRACKETS, 0)
    for i in brackets:
        text = texts[i]
        if text in open_counts:
            stack.append(i)
            open_counts[text] += 1
            continue
        opener = CLOSE_BRACKETS[text]
        if not open_counts[opener]:
            unbalanced.append(i)
            continue
        while texts[stack[-1]] != opener:
            unbalanced.append(stack.pop())
            open_counts[texts[unbalanced[-1]]] -= 1
        j = stack.pop()
        open_counts[opener] -= 1
        match[i], match[j] = j, i
    unbalanced.extend(stack)
    return match, sorted(unbalanced)


def _nested_match(texts: list[str], brackets: list[int]) -> list[int] | None:
    """The partners when every bracket closes the last one opened (the usual file); None at the first that does
    not, where `_match_brackets` recovers."""
    match = [-1] * len(texts)
    stack: list[int] = []
    push, pop = stack.append, stack.pop
    for i in brackets:
        opener = CLOSE_BRACKETS.get(texts[i])
        if opener is None:
            push(i)
        elif stack and texts[stack[-1]] == opener:
            j = pop()
            match[i], match[j] = j, i
        else:
            return None
    return None if stack else match
