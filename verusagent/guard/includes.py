"""Files a crate reads at compile time: `include!("x.rs")`, `include_str!("x.txt")`, `include_bytes!(..)`. They
are part of the program as much as its module files, though no `mod` line names them: `verusagent check` and the
gate compare them byte for byte, and an include whose path is no plain string literal cannot be followed (the
guard cannot vouch for what it reads)."""

import posixpath
from collections.abc import Callable

from verusagent.lens.lexer import lex

INCLUDE_MACROS = frozenset({"include", "include_str", "include_bytes"})
Reader = Callable[[str], bytes | None]  # a path relative to the crate folder -> its bytes, None when absent


def include_targets(path: str, data: bytes) -> list[str | None]:
    """The paths (relative to the crate folder, as `path` is) that a file's include macros read, in order; None for
    one whose argument is not a plain string literal (`concat!(env!("OUT_DIR"), ..)`)."""
    if b"include" not in data:
        return []
    lexed = lex(data)
    texts, kinds = lexed.texts, lexed.kinds
    found: list[str | None] = []
    for i in range(len(texts) - 2):
        if texts[i] in INCLUDE_MACROS and kinds[i] == "ident" and texts[i + 1] == "!" and texts[i + 2] in "([{":
            literal = _plain_string(texts[i + 3]) if i + 4 < len(texts) and texts[i + 4] in ")]}" else None
            found.append(None if literal is None else _relative(path, literal))
    return found


def included_files(sources: dict[str, bytes], read: Reader) -> tuple[dict[str, bytes | None], list[str]]:
    """Every file the module files include (its bytes, None when absent), and the module files with an include
    that cannot be followed."""
    included: dict[str, bytes | None] = {}
    unresolved = []
    for path, data in sources.items():
        for target in include_targets(path, data):
            if target is None:
                unresolved.append(path)
            elif target not in included:
                included[target] = read(target)
    return included, sorted(set(unresolved))


def _plain_string(token: str) -> str | None:
    """The value of `"x.rs"` or `r"x.rs"` (escapes are not read: None)."""
    if token.startswith('r"') and token.endswith('"'):
        return token[2:-1]
    if token.startswith('"') and token.endswith('"') and "\\" not in token:
        return token[1:-1]
    return None


def _relative(path: str, literal: str) -> str:
    """An include's path as rustc resolves it (relative to the including file's folder), relative to the crate."""
    if literal.startswith("/"):
        return literal
    return posixpath.normpath(posixpath.join(posixpath.dirname(path), literal))
