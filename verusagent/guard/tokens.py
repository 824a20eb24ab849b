"""Token sequences: erase byte ranges, drop trigger annotations, and find where two sequences differ."""

from dataclasses import dataclass
from difflib import SequenceMatcher

from verusagent.lens import Token

_TRIGGER_WORDS = frozenset({"trigger", "auto"})


@dataclass(frozen=True)
class Hunk:
    """One difference: tokens a[a_first:a_stop] of the original became b[b_first:b_stop] of the candidate."""

    tag: str  # "replace", "delete" or "insert"
    a_first: int
    a_stop: int
    b_first: int
    b_stop: int


def texts(tokens: list[Token]) -> list[str]:
    return [token.text for token in tokens]


def differences(a: list[Token], b: list[Token]) -> list[Hunk]:
    a_texts, b_texts = texts(a), texts(b)
    if a_texts == b_texts:
        return []
    matcher = SequenceMatcher(None, a_texts, b_texts, autojunk=False)
    return [Hunk(tag, i1, i2, j1, j2) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"]


def erase(tokens: list[Token], ranges: list[tuple[int, int]]) -> list[Token]:
    """The tokens that start in none of the byte ranges [start, end) (ranges may nest or overlap)."""
    if not ranges:
        return tokens
    merged = _merged(ranges)
    kept: list[Token] = []
    index = 0
    for token in tokens:
        while index < len(merged) and merged[index][1] <= token.start:
            index += 1
        if index == len(merged) or token.start < merged[index][0]:
            kept.append(token)
    return kept


def _merged(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(ranges):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def attribute_end(tokens: list[Token], i: int) -> int | None:
    """If tokens[i] starts `#[...]` or `#![...]`, the index of its closing `]`; else None."""
    if tokens[i].text != "#" or tokens[i].kind != "punct":
        return None
    open_index = i + 2 if i + 1 < len(tokens) and tokens[i + 1].text == "!" else i + 1
    if open_index >= len(tokens) or tokens[open_index].text != "[":
        return None
    depth = 0
    for j in range(open_index, len(tokens)):
        depth += {"[": 1, "]": -1}.get(tokens[j].text, 0) if tokens[j].kind == "punct" else 0
        if depth == 0:
            return j
    return len(tokens) - 1


def drop_triggers(tokens: list[Token]) -> list[Token]:
    """Without `#[trigger]`, `#![trigger e]` and `#![auto]`: triggers guide the solver, not the meaning."""
    if not any(token.text in _TRIGGER_WORDS for token in tokens):
        return tokens
    kept: list[Token] = []
    i = 0
    while i < len(tokens):
        end = attribute_end(tokens, i)
        if end is not None and _first_word(tokens, i, end) in _TRIGGER_WORDS:
            i = end + 1
            continue
        kept.append(tokens[i])
        i += 1
    return kept


def _first_word(tokens: list[Token], first: int, last: int) -> str:
    return next((t.text for t in tokens[first : last + 1] if t.kind == "ident"), "")


def canonical(tokens: list[Token]) -> list[Token]:
    """Without trailing commas that Rust ignores: before `]` and `}`, and before `)` unless it makes a 1-tuple."""
    kept: list[Token] = []
    commas: list[int] = []  # top-level commas seen in each open group
    for token in tokens:
        text = token.text if token.kind == "punct" else ""
        if text in ("(", "[", "{"):
            commas.append(0)
        elif text == "," and commas:
            commas[-1] += 1
        elif text in (")", "]", "}"):
            count = commas.pop() if commas else 0
            if kept and kept[-1].text == "," and kept[-1].kind == "punct" and (text != ")" or count >= 2):
                kept.pop()
        kept.append(token)
    return kept


def slides(run: list[Token], start: int, stop: int):
    """Equivalent positions of a run inserted (or deleted) at [start, stop): slid along equal tokens."""
    yield start, stop
    s, e = start, stop
    while s > 0 and run[s - 1].text == run[e - 1].text:
        s, e = s - 1, e - 1
        yield s, e
    s, e = start, stop
    while e < len(run) and run[s].text == run[e].text:
        s, e = s + 1, e + 1
        yield s, e


def readable(hunk: Hunk, a: list[Token], b: list[Token]) -> Hunk:
    """The same insertion or deletion slid, where possible, to whole statements (`x = 1;`), for the reason text."""
    if hunk.tag == "replace":
        return hunk
    side, first, stop = (b, hunk.b_first, hunk.b_stop) if hunk.tag == "insert" else (a, hunk.a_first, hunk.a_stop)
    for s, e in slides(side, first, stop):
        starts_clean = s == 0 or side[s - 1].text in (";", "{", "}")
        if starts_clean and side[e - 1].text in (";", "}"):
            shift = s - first
            return Hunk(hunk.tag, hunk.a_first + shift, hunk.a_stop + shift, hunk.b_first + shift, hunk.b_stop + shift)
    return hunk
