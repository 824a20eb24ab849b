"""Parse errors that rustc's lexer reports before any verus pass runs: what the lens's lexer reads with
certainty, anywhere in the file (inside `verus!` or not, in code `#[cfg]` removes or not: lexing comes first).

- a closing delimiter with no opener, one that closes another kind, an opener never closed;
- a character no Rust token starts with, outside strings and comments: a backtick, a backslash, a non-ASCII
  symbol (`’`, `≤`, `→`), whitespace that Rust does not count as whitespace (a no-break space);
- a string, raw string or block comment that the end of the file cuts off;
- bytes that are not UTF-8.

The messages are rustc's (verus prints rustc's diagnostics unchanged); verus-reference.md section 7 names
`unknown start of token: \\u{2019}` (prose pasted into the file) among verus's syntax errors.
"""

import re
from bisect import bisect_right

from verusagent.lens import TokenStream
from verusagent.precheck.model import PrecheckFinding, PrecheckRule
from verusagent.precheck.render import Message, Place, diagnostic

MAX_PER_FILE = 10
_OPENERS = {"(": ")", "[": "]", "{": "}"}
_CLOSERS = frozenset(_OPENERS.values())
# Unicode whitespace that Python's lexer skips but Rust's does not (Rust: Pattern_White_Space only).
_NOT_RUST_SPACE = re.compile("[\x1c-\x1f\xa0\u1680\u2000-\u200a\u202f\u205f\u3000]")
_TERMINATED_STRING = re.compile(r'[bc]?"(?:[^"\\]|\\.)*"', re.DOTALL)
_RAW_STRING_START = re.compile(r'[bc]?r(#*)"')
_BOM = "\ufeff"


def parse_findings(place: Place, stream: TokenStream) -> list[PrecheckFinding]:
    cut_off = _unterminated(place, stream)  # an unclosed delimiter then follows from the literal
    found = _encoding(place) + cut_off + (_delimiters(place, stream) if not cut_off else [])
    found += _odd_characters(place, stream)
    return found[:MAX_PER_FILE]


def _finding(place: Place, start: int, end: int, message: Message) -> PrecheckFinding:
    return PrecheckFinding(rule=PrecheckRule.PARSE_ERROR, diagnostic=diagnostic(place, start, end, message))


def _encoding(place: Place) -> list[PrecheckFinding]:
    try:
        place.data.decode("utf-8")
    except UnicodeDecodeError as error:
        message = Message(f"couldn't read `{place.file}`: stream did not contain valid UTF-8")
        return [_finding(place, error.start, error.end, message)]
    return []


def _delimiters(place: Place, stream: TokenStream) -> list[PrecheckFinding]:
    """The first delimiter problem, as rustc's token-tree builder meets it (later ones follow from it)."""
    texts, kinds, starts, ends = stream.texts, stream.kinds, stream.starts, stream.ends
    stack: list[int] = []
    for i, text in enumerate(texts):
        if kinds[i] != "punct":
            continue
        if text in _OPENERS:
            stack.append(i)
        elif text in _CLOSERS:
            if stack and _OPENERS[texts[stack[-1]]] == text:
                stack.pop()
                continue
            if not stack:
                message = Message(f"unexpected closing delimiter: `{text}`", "unexpected closing delimiter")
                return [_finding(place, starts[i], ends[i], message)]
            # rustc's primary span is the delimiter left open (the mismatched closer is a second label)
            opener = stack[-1]
            message = Message(f"mismatched closing delimiter: `{text}`", "unclosed delimiter")
            return [_finding(place, starts[opener], ends[opener], message)]
    if stack:  # rustc points at the end of the file (its last character), where the delimiter is still open
        end = max(len(place.data.rstrip(b"\n")) - 1, 0)
        message = Message("this file contains an unclosed delimiter", "unclosed delimiter")
        return [_finding(place, end, end + 1, message)]
    return []


def _odd_characters(place: Place, stream: TokenStream) -> list[PrecheckFinding]:
    found = []
    for i, text in enumerate(stream.texts):
        if stream.kinds[i] == "punct" and _no_token_starts_with(text) and not (stream.starts[i] == 0 and text == _BOM):
            found.append(_unknown_start(place, stream.starts[i], stream.ends[i], text[0]))
    return found + _odd_spaces(place, stream)


def _no_token_starts_with(text: str) -> bool:
    return text in ("\\", "`") or not text[0].isascii()


def _odd_spaces(place: Place, stream: TokenStream) -> list[PrecheckFinding]:
    text = place.data.decode("utf-8", "replace")
    if text.isascii() and not re.search("[\x1c-\x1f]", text):
        return []
    found = []
    for match in _NOT_RUST_SPACE.finditer(text):
        start = len(text[: match.start()].encode("utf-8"))
        if not _inside_token_or_comment(stream, start):
            found.append(_unknown_start(place, start, start + len(match.group().encode("utf-8")), match.group()))
    return found


def _inside_token_or_comment(stream: TokenStream, offset: int) -> bool:
    i = bisect_right(stream.starts, offset) - 1
    if i >= 0 and stream.starts[i] <= offset < stream.ends[i]:
        return True
    return any(c.start <= offset < c.end for c in stream.comments)


def _unknown_start(place: Place, start: int, end: int, char: str) -> PrecheckFinding:
    return _finding(place, start, end, Message(f"unknown start of token: {_escaped(char)}"))


def _escaped(char: str) -> str:
    """As rustc prints the character: itself when printable ASCII, else `\\u{XXXX}`."""
    return char if " " <= char <= "~" else f"\\u{{{ord(char):x}}}"


def _unterminated(place: Place, stream: TokenStream) -> list[PrecheckFinding]:
    found = []
    for i, text in enumerate(stream.texts):
        if stream.kinds[i] == "lit" and text[:3].lstrip("bc").startswith(('"', "r")) and _open_string(text):
            raw = _RAW_STRING_START.match(text) is not None
            message = (
                Message("unterminated raw string", code="E0748")
                if raw
                else Message("unterminated double quote string", code="E0765")
            )
            found.append(_finding(place, stream.starts[i], stream.starts[i] + 1, message))
    for comment in stream.comments:
        if comment.text.startswith("/*") and not _closed_comment(comment.text):
            found.append(
                _finding(place, comment.start, comment.start + 2, Message("unterminated block comment", code="E0758"))
            )
    return found


def _open_string(text: str) -> bool:
    raw = _RAW_STRING_START.match(text)
    if raw is not None:
        closing = '"' + raw.group(1)
        return len(text) < raw.end() + len(closing) or not text.endswith(closing)
    if '"' not in text:
        return False
    return _TERMINATED_STRING.fullmatch(text) is None


def _closed_comment(text: str) -> bool:
    depth = 0
    for part in re.finditer(r"/\*|\*/", text):
        depth += 1 if part.group() == "/*" else -1
        if depth == 0:
            return part.end() == len(text)
    return False
