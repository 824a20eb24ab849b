"""Rust/Verus tokens from one regular expression, as parallel lists (kinds, texts, starts, ends).

The tokens are those tree-sitter-rust gives inside a macro's token tree, which is what a `verus! { }` block is:
maximal-munch punctuation (`==>` is `==` `>`, `<==>` is `<=` `=>`, `>>` stays one token), a lifetime is `'` and
its name, `=~~=` is `=` `~~` `=`, doc comments (`///`, `//!`) keep their newline. `tools/lexer_check.py` compares
them with tree-sitter's leaves over a corpus.

Speed: `findall` cuts the whole text into pieces (whitespace runs included, so offsets are running sums of the
pieces' lengths) and the kinds come from a table of first characters; Python code runs only for the pieces whose
first character leaves the kind open (`/`, `'`, `b`, `r`, `c`, non-ASCII). Nested block comments and raw strings
with more than three `#` take the exact path (`finditer`, one match at a time).

Raw identifiers: `r#admit` is the name `admit` to rustc and verus, so its text is `admit` (its offsets still span
`r#admit`) and its index is in `raw`: a raw identifier is never a keyword, which the scanners check where a word
decides structure (`r#assert(x)` calls a function, `r#proof { }` is no proof block). A raw Rust keyword keeps its
`r#` (`r#fn`, `r#loop`): it is a name that no other spelling gives.
"""

import re
import unicodedata
from itertools import accumulate, compress, count
from operator import itemgetter, methodcaller, not_, sub
from typing import NamedTuple

from verusagent.lens.keywords import RUST_KEYWORDS

_PUNCT = [
    ">>=",
    "<<=",
    "...",
    "..=",
    "..",
    "::",
    "->",
    "=>",
    "==",
    "!=",
    "<=",
    ">=",
    "&&",
    "||",
    "+=",
    "-=",
    "*=",
    "/=",
    "%=",
    "^=",
    "&=",
    "|=",
    "<<",
    ">>",
]
_SUFFIX = r"(?:[ui](?:8|16|32|64|128|size)|f32|f64)?"  # 1u64, 2.5f32; `0int` is `0` `int` (Verus's casts)
_CHAR_BODY = r"(?:[^'\\\n\r]|\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F_]*\}|.))"
_NUMBER = (
    rf"0[xX][0-9a-fA-F_]+{_SUFFIX}|0[oO][0-7_]+{_SUFFIX}|0[bB][01_]+{_SUFFIX}"
    rf"|[0-9][0-9_]*\.[0-9][0-9_]*(?:[eE][+-]?[0-9_]+)?{_SUFFIX}"
    rf"|[0-9][0-9_]*[eE][+-]?[0-9_]+{_SUFFIX}"
    r"|[0-9][0-9_]*\.(?![.A-Za-z_0-9])"
    rf"|[0-9][0-9_]*{_SUFFIX}"
)
_STRING = r"[bc]?\"(?:[^\"\\]|\\.)*(?:\"|\Z)"
_RAW_STRINGS = "|".join(rf"[bc]?r{h}\"(?:[^\"]|\"(?!{h}))*(?:\"{h})?" for h in ("", "#", "##", "###"))
_TAIL = rf"|b?'{_CHAR_BODY}'|{_NUMBER}|r#[^\W\d]\w*|[^\W\d]\w*|~+|" + "|".join(map(re.escape, _PUNCT)) + r"|\S"
# The most frequent pieces first (whitespace, identifiers that cannot prefix a literal, brackets and separators).
_PIECES = re.compile(
    r"\s+|[A-Zadefghijklmnopqstuvwxyz_]\w*|[(){}\[\],;]|//(?:/(?!/)|!)[^\n]*\n?|//[^\n]*|/\*(?:[^*]|\*(?!/))*\*/|/\*.*|"
    + _RAW_STRINGS
    + "|"
    + _STRING
    + _TAIL,
    re.S,
)
# The exact path: the same tokens, block comments and raw strings ended by a scan of their own.
_EXACT = re.compile(r"(\s+)|(//(?:/(?!/)|!)[^\n]*\n?|//[^\n]*)|(/\*)|([bc]?r#*\")|(" + _STRING + _TAIL + ")", re.S)
_NEEDS_EXACT = re.compile(r"/\*(?:[^*]|\*(?!/))*/\*|r#{4,}\"", re.S)  # a comment opened in a comment; r####"
_BLOCK_PARTS = re.compile(r"/\*|\*/")

_FIRST_KIND = {" ": "ws", "\n": "ws", "\t": "ws", "\r": "ws", "\x0b": "ws", "\x0c": "ws", '"': "lit"}
_FIRST_KIND.update((c, "ident") for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZadefghijklmnopqstuvwxyz_")
_FIRST_KIND.update((c, "lit") for c in "0123456789")
_FIRST_KIND.update((c, "punct") for c in "!#$%&()*+,-.:;<=>?@[\\]^`{|}~")
_SIGNIFICANT = frozenset({"ident", "lit", "punct"})
_first = itemgetter(0)
_utf8 = methodcaller("encode", "utf-8", "surrogateescape")


class Lexed(NamedTuple):
    kinds: list[str]  # "ident", "lit", "punct"
    texts: list[str]
    starts: list[int]  # byte offsets
    ends: list[int]
    comments: list[tuple[str, int, int]]  # (text, start, end), byte offsets
    odd_spaces: bool  # whitespace other than ASCII (a no-break space, ...): not Rust whitespace
    raw: frozenset[int] = frozenset()  # indices of raw identifiers (`r#name`, text `name`)
    normalized: frozenset[int] = frozenset()  # indices of identifiers whose text is their NFC form, not their bytes


def lex(data: bytes) -> Lexed:
    """The tokens of a file's bytes (non-UTF-8 bytes read one character each, texts with replacements)."""
    ascii_only = data.isascii()
    text = data.decode("ascii") if ascii_only else data.decode("utf-8", "surrogateescape")
    pieces = _exact_pieces(text) if _needs_exact(text) else _PIECES.findall(text)
    kinds = list(map(_FIRST_KIND.get, map(_first, pieces)))
    comment_indices = _settle_kinds(pieces, kinds)
    if not ascii_only:
        comment_indices = _join_identifier_parts(pieces, kinds, comment_indices)
    ends = list(accumulate(map(len, pieces) if ascii_only else map(len, map(_utf8, pieces))))
    comments = [(_readable(pieces[i]), ends[i - 1] if i else 0, ends[i]) for i in comment_indices]
    odd_spaces = not ascii_only and not all(map(str.isascii, compress(pieces, map("ws".__eq__, kinds))))
    keep = list(map(_SIGNIFICANT.__contains__, kinds))
    texts = list(compress(pieces, keep))
    token_ends = list(compress(ends, keep))
    if ascii_only:  # a token starts its length before its end
        token_starts = list(map(sub, token_ends, map(len, texts)))
    else:
        token_starts = list(compress([0, *ends[:-1]], keep))
    if _has_surrogates(text, ascii_only):
        texts = list(map(_readable, texts))
    raw = _unraw(texts) if "r#" in text else frozenset()
    token_kinds = list(filter(None, compress(kinds, keep)))  # no None: settled, and kept kinds are significant
    normalized = frozenset() if ascii_only else _nfc_identifiers(texts, token_kinds)
    return Lexed(token_kinds, texts, token_starts, token_ends, comments, odd_spaces, raw, normalized)


def _unraw(texts: list[str]) -> frozenset[int]:
    """Texts of raw identifiers without their `r#` (in place); returns their indices."""
    raw = set()
    for i in compress(count(), map(_starts_raw, texts)):
        piece = texts[i]
        if piece[2:3].isidentifier() and piece[2:] not in RUST_KEYWORDS:  # not a raw string `r#"..."#`
            texts[i] = piece[2:]
            raw.add(i)
    return frozenset(raw)


_starts_raw = methodcaller("startswith", "r#")


def _join_identifier_parts(pieces: list[str], kinds: list[str | None], comments: list[int]) -> list[int]:
    """Identifiers with combining marks (`gro\u0308\u00dfe`): Rust's identifiers are XID_Continue runs, which hold marks
    that the pattern's `\\w` leaves out; the parts are joined into one identifier piece (in place). Only pieces next to
    a non-ASCII one can be parts. Returns the comments' indices after the joins."""
    suspects = set(compress(count(), map(not_, map(str.isascii, pieces))))
    joins = sorted({i for j in suspects for i in (j, j + 1) if 0 < i < len(pieces)})
    dropped = set()
    for i in joins:
        head = i - 1
        while head in dropped:
            head -= 1
        if kinds[head] == "ident" and kinds[i] in ("ident", "punct") and _is_name(pieces[head] + pieces[i]):
            pieces[head] += pieces[i]
            dropped.add(i)
    if not dropped:
        return comments
    kept = [k for k in range(len(pieces)) if k not in dropped]
    pieces[:] = [pieces[k] for k in kept]
    kinds[:] = [kinds[k] for k in kept]
    renumber = {old: new for new, old in enumerate(kept)}
    return [renumber[c] for c in comments]


def _is_name(piece: str) -> bool:
    return (piece[2:] if piece.startswith("r#") else piece).isidentifier()


def _nfc_identifiers(texts: list[str], kinds: list[str]) -> frozenset[int]:
    """Identifiers as rustc compares them: in NFC (RFC 2457; U+212A KELVIN SIGN is `K`, `o` + U+0308 is `\u00f6`).
    Texts change in place; returns the indices whose text is no longer their bytes."""
    changed = set()
    for i in compress(count(), map(not_, map(str.isascii, texts))):
        if kinds[i] == "ident":
            form = unicodedata.normalize("NFC", texts[i])
            if form != texts[i]:
                texts[i] = form
                changed.add(i)
    return frozenset(changed)


def _needs_exact(text: str) -> bool:
    """`_NEEDS_EXACT.search(text)`, skipped (at C speed) in a text with neither a block comment nor `####"`."""
    return ("/*" in text or '####"' in text) and _NEEDS_EXACT.search(text) is not None


def _has_surrogates(text: str, ascii_only: bool) -> bool:
    """Invalid UTF-8 bytes became lone surrogates (surrogateescape)."""
    if ascii_only:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _readable(piece: str) -> str:
    """A piece's text as the bytes decode with replacement characters (invalid bytes are lone surrogates here)."""
    if piece.isascii():
        return piece
    return piece.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _settle_kinds(pieces: list[str], kinds: list[str | None]) -> list[int]:
    """Fill in the kinds the first character left open; returns the indices of the comments."""
    comments = []
    for i in _open_kinds(kinds):
        piece = pieces[i]
        first = piece[0]
        if first == "/":
            kind = "comment" if piece.startswith(("//", "/*")) else "punct"
        elif first == "'":
            kind = "lit" if len(piece) > 1 else "punct"
        elif first in "brc":
            kind = "lit" if ('"' in piece or "'" in piece) else "ident"
        elif piece.isspace():
            kind = "ws"
        else:
            kind = "ident" if first.isidentifier() else "punct"
        kinds[i] = kind
        if kind == "comment":
            comments.append(i)
    return comments


def _open_kinds(kinds: list[str | None]) -> list[int]:
    """The indices of the kinds left open (None): few, found by list.index's C loop."""
    found: list[int] = []
    index, i = kinds.index, -1
    try:
        while True:
            i = index(None, i + 1)
            found.append(i)
    except ValueError:
        return found


def _exact_pieces(text: str) -> list[str]:
    """The pieces, one match at a time, with nested block comments and raw strings of any `#` count."""
    pieces: list[str] = []
    position, size = 0, len(text)
    while position < size:
        match = _EXACT.match(text, position)
        assert match is not None  # `\S` and `\s+` match any character
        group = match.lastindex
        if group == 3:
            end = _block_comment_end(text, position)
        elif group == 4:
            end = _raw_string_end(text, match)
        else:
            end = match.end()
        pieces.append(text[position:end])
        position = end
    return pieces


def _raw_string_end(text: str, match: re.Match[str]) -> int:
    closing = '"' + "#" * match.group(4).count("#")
    found = text.find(closing, match.end())
    return len(text) if found < 0 else found + len(closing)


def _block_comment_end(text: str, start: int) -> int:
    depth = 0
    for part in _BLOCK_PARTS.finditer(text, start):
        depth += 1 if part.group() == "/*" else -1
        if depth == 0:
            return part.end()
    return len(text)
