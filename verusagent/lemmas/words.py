"""Identifier tokens for ranking: identifiers split at `_` and at CamelCase humps, lowercased.

`lemma_seq_take_len` gives `lemma seq take len`; `SetLike` gives `set like`; `to_multiset` gives `to multiset`
and the whole `to_multiset` (an exact compound word is worth more than its parts).
"""

import re
from functools import lru_cache

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_HUMPS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
# Words of the language and of clause syntax: they say nothing about what a lemma proves.
STOP_WORDS = frozenset(
    """
    a as assert by const else ensures exists false fn for forall if impl in is let match mut proof pub ref
    requires return self spec tracked ghost trigger true where while open closed broadcast use the of
    """.split()
)


def words(text: str) -> list[str]:
    """All index words of a text, in order, repeats kept (term frequency counts them)."""
    found: list[str] = []
    for identifier in _IDENTIFIER.findall(text):
        found.extend(identifier_words(identifier))
    return found


@lru_cache(maxsize=65536)
def identifier_words(identifier: str) -> tuple[str, ...]:
    parts = [p.lower() for p in _HUMPS.findall(identifier)]
    kept = [p for p in parts if len(p) > 1 and not p.isdigit() and p not in STOP_WORDS]
    whole = identifier.lower().strip("_")
    if len(parts) > 1 and whole not in STOP_WORDS:
        kept.append(whole)
    return tuple(kept)
