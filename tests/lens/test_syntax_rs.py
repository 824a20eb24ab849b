"""On the Verus repository's syntax.rs, each function has the clauses its source shows."""

import re
from pathlib import Path

from verusagent.lens import parse

CLAUSE_LINE = re.compile(
    r"^\s*(requires|ensures|recommends|decreases|returns|opens_invariants|no_unwind|default_ensures)\b"
)


def _clause_keywords_in_source(lines: list[str], first_line: int, body_line: int) -> list[str]:
    """Clause keywords that start a line between the fn line and the body's `{` (or the `;`)."""
    found = []
    for line in lines[first_line - 1 : body_line]:
        match = CLAUSE_LINE.match(line)
        if match and not line.lstrip().startswith("//"):
            found.append(match.group(1))
    return found


def test_syntax_rs_clauses_match_the_source(examples_dir: Path) -> None:
    path = examples_dir / "syntax.rs"
    data = path.read_bytes()
    lines = data.decode().splitlines()
    model = parse(data)
    checked = 0
    for function in model.functions:
        end_line = function.body.line if function.body else function.span.end_line
        expected = _clause_keywords_in_source(lines, function.header.line, end_line)
        actual = [c.kind.value for c in function.clauses if c.span.line != function.header.line]
        same_line = [c.kind.value for c in function.clauses if c.span.line == function.header.line]
        assert actual == expected, f"{function.id}: lens {actual}, source {expected}"
        checked += 1 + len(same_line) * 0
    assert checked == len(model.functions) >= 50
    with_clauses = [f for f in model.functions if f.clauses]
    assert len(with_clauses) >= 25
