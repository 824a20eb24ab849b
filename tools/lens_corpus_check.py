#!/usr/bin/env python3
"""The lens over every .rs file of some folders, in one process: no crash, no problems (on files that verus
accepts, every problem is spurious), and every `fn NAME` item inside a function of the model (`macro_rules!`
bodies excepted: they are templates, not items). Prints what it found and where it failed.

    python tools/lens_corpus_check.py [DIR ...]     # default: ../shared/corpus/verusage-bench

Exit 0 when every file passes, 1 otherwise. The suite runs the same checks on a sample (tests/lens/test_corpus.py).
"""

import os
import sys
import time
import traceback
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from verusagent.lens import SourceModel, TokenStream, parse_with_tokens
from verusagent.lens.positions import LineIndex

REPO = Path(__file__).resolve().parents[1]


@dataclass
class FileReport:
    path: Path
    crash: str | None = None
    problems: list[str] = field(default_factory=list)
    missing_fns: list[str] = field(default_factory=list)  # "line:col" of `fn NAME` items outside every function
    counts: Counter = field(default_factory=Counter)

    @property
    def ok(self) -> bool:
        return self.crash is None and not self.problems and not self.missing_fns


def _skipped_ranges(stream: TokenStream) -> list[tuple[int, int]]:
    """Byte ranges of attributes (`#[...]`) and of `macro_rules!` bodies."""
    tokens = stream.tokens
    ranges = []
    for i, token in enumerate(tokens):
        if token.kind == "punct" and token.text == "#":
            open_index = i + 2 if stream.is_punct(i + 1, "!") else i + 1
            if stream.is_punct(open_index, "["):
                ranges.append((token.start, tokens[stream.close_of(open_index)].end))
        elif token.text in ("macro_rules!", "macro_rules"):
            j = i + 1
            while j < len(tokens) and not stream.is_punct(j, "{", "(", "["):
                j += 1
            if j < len(tokens):
                ranges.append((token.start, tokens[stream.close_of(j)].end))
    return ranges


def fn_item_offsets(stream: TokenStream) -> list[int]:
    """Offsets of `fn NAME` tokens outside comments, strings, attributes and macro_rules! bodies."""
    skipped = _skipped_ranges(stream)
    tokens = stream.tokens
    return [
        t.start
        for i, t in enumerate(tokens)
        if t.kind == "ident"
        and t.text == "fn"
        and stream.is_ident(i + 1)
        and not any(start <= t.start < end for start, end in skipped)
    ]


def uncovered(offsets: list[int], model: SourceModel) -> list[int]:
    """The offsets that lie in no function's header."""
    headers = sorted((f.header.start, f.header.end) for f in model.functions)
    starts = [start for start, _ in headers]
    missing = []
    for offset in offsets:
        index = bisect_right(starts, offset) - 1
        if index < 0 or not offset < headers[index][1]:
            missing.append(offset)
    return missing


def check_file(path: Path) -> FileReport:
    report = FileReport(path)
    data = path.read_bytes()
    try:
        model, stream = parse_with_tokens(data)
    except Exception:  # a crash is what this tool reports, with its traceback
        report.crash = traceback.format_exc(limit=4)
        return report
    lines = LineIndex(data)
    report.problems = [f"{p.span.line if p.span else '?'}: {p.message}" for p in model.problems]
    report.missing_fns = [
        f"{line}:{col}" for line, col in (lines.line_col(o) for o in uncovered(fn_item_offsets(stream), model))
    ]
    machines = model.state_machines
    report.counts.update(
        files=1,
        lines=data.count(b"\n") + 1,
        functions=len(model.functions),
        state_machines=len(machines),
        operations=sum(len(m.operations) for m in machines),
        inductive_lemmas=sum(f.macro_role == "inductive" for f in model.functions),
        structs_with_invariants=len(model.structs_with_invariants),
    )
    return report


def default_dirs() -> list[Path]:
    shared = Path(os.environ.get("VERUSAGENT_CORPUS", REPO.parent / "shared"))
    return [shared / "corpus" / "verusage-bench"]


def main(argv: list[str]) -> int:
    dirs = [Path(a) for a in argv] or default_dirs()
    files = sorted(p for d in dirs for p in d.rglob("*.rs"))
    if not files:
        print(f"no .rs files under {', '.join(map(str, dirs))}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    reports = [check_file(p) for p in files]
    totals = sum((r.counts for r in reports), Counter())
    failed = [r for r in reports if not r.ok]
    for r in failed[:30]:
        detail = r.crash or f"problems {r.problems[:3]} missing fns {r.missing_fns[:5]}"
        print(f"FAIL {r.path}: {detail}")
    print(f"lens corpus check: {len(files)} files, {dict(totals)}, {time.perf_counter() - started:.1f} s")
    print(
        f"  crashes {sum(r.crash is not None for r in reports)}, files with problems "
        f"{sum(bool(r.problems) for r in reports)}, fn items outside any function "
        f"{sum(len(r.missing_fns) for r in reports)}"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
