"""Whether a piece of Rust has balanced brackets, skipping comments, strings and character literals: the
test for "this function was not cut off"."""

import re

_TOKEN = re.compile(
    r"""//[^\n]*                      # line comment
      | /\*.*?\*/                     # block comment
      | b?r(?P<hashes>\#*)".*?"(?P=hashes)   # raw string
      | b?"(?:\\.|[^"\\])*"           # string
      | b?'(?:\\.|[^'\\])'            # character literal (a lifetime 'a has no closing quote)
      | [{}()\[\]]
    """,
    re.VERBOSE | re.DOTALL,
)
_PAIRS = {"}": "{", ")": "(", "]": "["}


def is_balanced(text: str) -> bool:
    """Every bracket closed in order, and no string or block comment left open at the end."""
    stack: list[str] = []
    for match in _TOKEN.finditer(text):
        token = match.group(0)
        if token in "{([":
            stack.append(token)
        elif token in _PAIRS:
            if not stack or stack.pop() != _PAIRS[token]:
                return False
    return not stack and not _has_open_literal(text)


def _has_open_literal(text: str) -> bool:
    """A `"` or `/*` that no token consumed: the text ends inside a string or comment."""
    rest = _TOKEN.sub("", text)
    rest = re.sub(r"'[A-Za-z_][A-Za-z0-9_]*", "", rest)  # lifetimes and labels
    return '"' in rest or "/*" in rest
