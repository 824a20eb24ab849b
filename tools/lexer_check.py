#!/usr/bin/env python3
"""The lens's lexer against tree-sitter-rust's leaves, file by file over a corpus; and its syntax errors against
a full walk of the tree.

Inside macro token trees (`verus! { }`, where nearly all Verus code is) the two must agree token for token.
Outside them tree-sitter parses Rust structure and splits a few tokens by their role: `>>` closing two generic
lists, `&&` of a double reference, `||` of a closure without parameters, `x.0.1` as `0` `.` `1`, and in a
`macro_rules!` definition `macro_rules!` and `$x` as one token each; the lexer keeps the token-tree reading there
too. Such differences are counted by kind; any other difference is a failure.

The lens leaves clean `verus! { }` blocks out of tree-sitter's parse (tokens.py says why); `--fuzz N` checks on N
mutated corpus files (a byte deleted, or a bracket, quote, backtick, backslash, comment opener, ... inserted) that
the syntax errors are still exactly those of a parse of the whole file.

    python tools/lexer_check.py [DIR ...]                  # default: ../shared/corpus
    python tools/lexer_check.py --fuzz 2000 [--seed 1] [DIR ...]
"""

import os
import random
import sys
from collections import Counter
from difflib import SequenceMatcher
from pathlib import Path

from verusagent.lens.tokens import _ATOMIC, _parser, tokenize

REPO = Path(__file__).resolve().parents[1]
# tree-sitter's split of one token -> what the lexer gives, outside token trees
_STRUCTURED_SPLITS = {(">", ">"): ">>", ("&", "&"): "&&", ("|", "|"): "||", (">", ">="): ">>="}


def tree_leaves(data: bytes) -> tuple[list[tuple[str, int, int]], list[tuple[str, int, int]], list]:
    """(tokens, comments, syntax errors) by the walk over every leaf of tree-sitter's tree."""
    tree = _parser().parse(data)
    tokens, comments, errors = [], [], []
    cursor = tree.walk()
    while True:
        node = cursor.node
        if node.type in _ATOMIC or node.child_count == 0:
            start, end = node.start_byte, node.end_byte
            if start == end:
                if node.is_missing:
                    errors.append((start, end))
            else:
                text = data[start:end].decode("utf-8", "replace")
                if node.type == "ERROR" and text.strip("~"):
                    errors.append((start, end))
                is_comment = node.type in ("line_comment", "block_comment")
                (comments if is_comment else tokens).append((text, start, end))
        elif cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return tokens, comments, errors


def macro_rules_ranges(stream) -> list[tuple[int, int]]:
    """Byte ranges of `macro_rules! name { .. }` definitions (templates: tree-sitter reads them its own way)."""
    found = []
    for i, token in enumerate(stream.tokens):
        if token.text == "macro_rules" and stream.is_punct(i + 1, "!") and stream.is_punct(i + 3, "{", "(", "["):
            found.append((token.start, stream.tokens[stream.close_of(i + 3)].end))
    return found


def _explained(a: list[tuple], b: list[tuple], templates: list[tuple[int, int]]) -> str | None:
    """The kind of a structured-code difference (tree-sitter's a, the lexer's b), None if it is not one."""
    where = (a or b)[0][1]
    if any(start <= where < end for start, end in templates):
        return "inside macro_rules!"
    texts_a, texts_b = tuple(t[0] for t in a), tuple(t[0] for t in b)
    if len(texts_b) == 1 and texts_a in _STRUCTURED_SPLITS and _STRUCTURED_SPLITS[texts_a] == texts_b[0]:
        return f"{' '.join(texts_a)} -> {texts_b[0]}"
    joined = "".join(texts_a)
    if joined == "".join(texts_b) and all(t.replace(".", "").isdigit() for t in texts_a + texts_b):
        return "tuple index x.0.1"
    return None


def compare(data: bytes) -> tuple[Counter, list[str]]:
    """(explained differences by kind, unexplained ones)"""
    leaves, comments, errors = tree_leaves(data)
    stream = tokenize(data)
    mine = [("r#" + t.text if i in stream.raw else t.text, t.start, t.end) for i, t in enumerate(stream.tokens)]
    failures = []
    if [(c.text, c.start, c.end) for c in stream.comments] != comments:
        failures.append("comments differ")
    if sorted(stream.syntax_errors) != sorted(errors):
        failures.append(f"syntax errors differ: {sorted(errors)[:4]} vs {sorted(stream.syntax_errors)[:4]}")
    explained = Counter()
    templates = macro_rules_ranges(stream)
    matcher = SequenceMatcher(None, leaves, mine, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        kind = _explained(leaves[i1:i2], mine[j1:j2], templates)
        if kind is None:
            failures.append(f"{op} {leaves[i1:i2][:4]} -> {mine[j1:j2][:4]}")
        else:
            explained[kind] += 1
    return explained, failures


_INSERTS = [
    b"{",
    b"}",
    b"(",
    b")",
    b"[",
    b"]",
    b'"',
    b"'",
    b"`",
    b"\\",
    b"/*",
    b"*/",
    b"//",
    b"fn ",
    b";",
    b'r#"',
    "\u20ac".encode(),
    "\u00a0".encode(),
    b"\xff",
    b"verus! {",
    b"=~=",
    b"~",
]


def mutated(data: bytes, rng: random.Random) -> bytes:
    at = rng.randrange(len(data) + 1)
    if rng.random() < 0.4 and data:
        return data[:at] + data[at + rng.randint(1, 3) :]
    return data[:at] + rng.choice(_INSERTS) + data[at:]


def syntax_error_mismatch(data: bytes) -> str | None:
    """A difference between the lens's syntax errors and those of a walk over the whole file's tree."""
    expected = sorted(tree_leaves(data)[2])
    found = sorted(tokenize(data).syntax_errors)
    return None if found == expected else f"expected {expected[:4]}, found {found[:4]}"


def fuzz(files: list[Path], count: int, seed: int) -> int:
    rng = random.Random(seed)
    failed = 0
    for n in range(count):
        path = rng.choice(files)
        data = mutated(path.read_bytes(), rng)
        mismatch = syntax_error_mismatch(data)
        if mismatch:
            failed += 1
            print(f"FAIL mutation {n} of {path}: {mismatch}")
    print(f"syntax-error fuzz: {count} mutated files, {failed} differ from a whole-file parse")
    return 1 if failed else 0


def main(argv: list[str]) -> int:
    shared = Path(os.environ.get("VERUSAGENT_CORPUS", REPO.parent / "shared"))
    count, seed = None, 1
    if argv[:1] == ["--fuzz"]:
        count, argv = int(argv[1]), argv[2:]
    if argv[:1] == ["--seed"]:
        seed, argv = int(argv[1]), argv[2:]
    dirs = [Path(a) for a in argv] or [shared / "corpus"]
    files = sorted(p for d in dirs for p in d.rglob("*.rs"))
    if count is not None:
        return fuzz(files, count, seed)
    explained, failed = Counter(), 0
    for path in files:
        kinds, failures = compare(path.read_bytes())
        explained += kinds
        if failures:
            failed += 1
            print(f"FAIL {path}: {failures[:3]}")
    print(
        f"lexer check: {len(files)} files, {failed} with unexplained differences; "
        f"structured-code differences: {dict(explained)}"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
