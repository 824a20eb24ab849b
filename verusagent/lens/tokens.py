"""Tokens of a Rust/Verus file, taken from tree-sitter-rust's leaves.

tree-sitter parses the whole file; inside `verus! { }` it yields a token tree whose leaves are exactly the
tokens we need (Verus keywords come out as identifiers, `==>` as `==` `>`, `~` as an ERROR leaf). Outside the
macro the structured nodes have the same leaves. So one flat token list serves both, and the scanners above it
decide Verus structure by position.
"""

import re
from dataclasses import dataclass, field

import tree_sitter_rust
from tree_sitter import Language, Parser

_ATOMIC = frozenset(
    {"string_literal", "raw_string_literal", "char_literal", "line_comment", "block_comment"}
)
_LITERALS = frozenset(
    {"string_literal", "raw_string_literal", "char_literal", "integer_literal", "float_literal"}
)
_COMMENTS = frozenset({"line_comment", "block_comment"})
# A string token as tree-sitter gives it when the string is closed: `"..."`, `b"..."`, `r#"..."#`, `cr"..."`.
_CLOSED_STRING = re.compile(r'[bc]?(?:"(?:\\.|[^"\\])*"|r(#*)".*"\1)', re.DOTALL)
OPEN_BRACKETS = {"(": ")", "[": "]", "{": "}"}
CLOSE_BRACKETS = {")": "(", "]": "[", "}": "{"}

_GROUP_NODES = frozenset({"token_tree", "block"})  # a token tree inside macros such as verus!, a block outside
_ITEM_OPENERS = frozenset({"impl", "trait", "mod", "group"})

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
    """Significant tokens (comments set apart) with their bracket pairs."""

    data: bytes
    tokens: list[Token]
    comments: list[Token]
    match: list[int]  # index of the matching bracket, or -1
    unbalanced: list[int] = field(default_factory=list)  # indices of brackets with no partner
    syntax_errors: list[tuple[int, int]] = field(default_factory=list)  # tree-sitter ERROR/MISSING ranges

    def __len__(self) -> int:
        return len(self.tokens)

    def text(self, i: int) -> str:
        return self.tokens[i].text if 0 <= i < len(self.tokens) else ""

    def is_ident(self, i: int, *values: str) -> bool:
        if not 0 <= i < len(self.tokens):
            return False
        token = self.tokens[i]
        return token.kind == "ident" and (not values or token.text in values)

    def is_punct(self, i: int, *values: str) -> bool:
        if not 0 <= i < len(self.tokens):
            return False
        token = self.tokens[i]
        return token.kind == "punct" and token.text in values

    def close_of(self, i: int) -> int:
        """The index of the bracket closing the group opened at i (the last token if unclosed)."""
        partner = self.match[i]
        return partner if partner >= 0 else len(self.tokens) - 1

    def source(self, first: int, last: int) -> str:
        """The source text from token `first` to token `last`, both included."""
        return self.data[self.tokens[first].start : self.tokens[last].end].decode("utf-8", "replace")


def tokenize(data: bytes, *, outline: bool = False) -> TokenStream:
    """The tokens of `data`. With `outline`, the inside of a `{ }` group that opens no items (a function body,
    a struct's fields, a block in a clause) is not read: only its braces are kept, so spans and the text
    between tokens stay exact while bodies cost nothing."""
    tree = _parser().parse(data)
    # In an ASCII file byte offsets are character offsets: slice one decoded string instead of many byte slices.
    text_of = data.decode("ascii").__getitem__ if data.isascii() else None
    tokens: list[Token] = []
    comments: list[Token] = []
    errors: list[tuple[int, int]] = []
    kinds: dict[str, str] = {}
    cursor = tree.walk()
    while True:
        node = cursor.node
        node_type = node.type
        if node_type in _ATOMIC or node.child_count == 0:
            start, end = node.start_byte, node.end_byte
            if start == end:
                if node.is_missing:
                    errors.append((start, end))
            else:
                text = text_of(slice(start, end)) if text_of else data[start:end].decode("utf-8", "replace")
                kind = kinds.get(node_type) or _new_kind(kinds, node_type, text, start, end, errors)
                (comments if kind == "comment" else tokens).append(Token(kind, text, start, end))
        elif outline and node_type in _GROUP_NODES and data[node.start_byte] == 0x7B and not _opens_items(tokens):
            _keep_braces(node, tokens)
        elif cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                match, unbalanced = _match_brackets(tokens)
                return TokenStream(data, tokens, comments, match, unbalanced, errors)


def is_cut_off(text: str) -> bool:
    """Whether a piece of Rust (a reply, one function of it) ends inside a group, a string or a block comment,
    as a truncated reply does: a bracket without its partner, or an opening `"` or `/*` that tree-sitter recovers
    from silently (as a token of its own, or a string token that stops short of its closing quote)."""
    stream = tokenize(text.encode("utf-8", "replace"))
    return bool(stream.unbalanced) or any(_opens_literal(token.text) for token in stream.tokens)


def _opens_literal(text: str) -> bool:
    if text.startswith("/*"):
        return True
    return '"' in text and not text.startswith(("'", "b'")) and _CLOSED_STRING.fullmatch(text) is None

def _opens_items(tokens: list[Token]) -> bool:
    """Whether a `{` after these tokens opens items: the body of an impl, trait, mod, broadcast group or macro."""
    if tokens and tokens[-1].text == "!":
        return True
    header: set[str] = set()
    depth = 0  # inside ( ) or [ ]: `impl<T, const N: usize> View for [T; N]` holds a `;`
    for token in reversed(tokens):  # back to the end of the item before
        if token.kind == "ident":
            header.add(token.text)
        elif token.text in (")", "]"):
            depth += 1
        elif token.text in ("(", "["):
            depth -= 1
        elif depth <= 0 and token.text in (";", "{", "}"):
            break
    return "fn" not in header and not header.isdisjoint(_ITEM_OPENERS)


def _keep_braces(node, tokens: list[Token]) -> None:
    start, last = node.start_byte, node.child(node.child_count - 1)
    tokens.append(Token("punct", "{", start, start + 1))
    if last is not None and last.type == "}" and not last.is_missing and last.end_byte > last.start_byte:
        tokens.append(Token("punct", "}", last.start_byte, last.end_byte))


def _new_kind(kinds: dict[str, str], node_type: str, text: str, start: int, end: int, errors: list) -> str:
    """The token kind of a node type (remembered), or of one ERROR leaf (recorded as a syntax error)."""
    if node_type != "ERROR":
        return kinds.setdefault(node_type, _kind_of(node_type, text))
    if text.strip("~"):  # `=~=` and `=~~=` put `~` in ERROR leaves: expected inside verus! { }
        errors.append((start, end))
    return _kind_of(node_type, text)


def _kind_of(node_type: str, text: str) -> str:
    if node_type in _COMMENTS:
        return "comment"
    if node_type in _LITERALS:
        return "lit"
    if text[:1].isalpha() or text[:1] == "_":
        return "ident"
    return "punct"


def _match_brackets(tokens: list[Token]) -> tuple[list[int], list[int]]:
    match = [-1] * len(tokens)
    stack: list[int] = []
    unbalanced: list[int] = []
    for i, token in enumerate(tokens):
        if token.kind != "punct":
            continue
        if token.text in OPEN_BRACKETS:
            stack.append(i)
        elif token.text in CLOSE_BRACKETS:
            _close(tokens, match, stack, unbalanced, i)
    unbalanced.extend(stack)
    return match, sorted(unbalanced)


def _close(tokens: list[Token], match: list[int], stack: list[int], unbalanced: list[int], i: int) -> None:
    opener = CLOSE_BRACKETS[tokens[i].text]
    if not any(tokens[j].text == opener for j in stack):
        unbalanced.append(i)
        return
    while tokens[stack[-1]].text != opener:  # brackets left open inside this group
        unbalanced.append(stack.pop())
    j = stack.pop()
    match[i], match[j] = j, i
