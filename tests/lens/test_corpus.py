"""The lens over the shared corpus: no crash, every `fn` and loop keyword accounted for; inside state machines
and struct_with_invariants! too; on a sample of VeruSAGE files (all of them: tools/lens_corpus_check.py)."""

from collections import Counter
from pathlib import Path

import pytest

from verusagent.lens import parse, parse_with_tokens, tokenize
from verusagent.lens.positions import LineIndex
from verusagent.lens.scan_state import ScanContext

LOOP_WORDS = ("while", "loop", "for")
VERUSAGE_SAMPLE_STEP = 25  # every 25th file (sorted), unverified and verified alike


def _attribute_token_ranges(data: bytes) -> tuple[list, list[tuple[int, int]]]:
    """The file's tokens and the byte ranges of its attributes (`#[...]`, `#![...]`)."""
    stream = tokenize(data)
    ctx = ScanContext(stream, LineIndex(data))
    ranges = []
    for i, token in enumerate(stream.tokens):
        if token.text == "#" and token.kind == "punct":
            open_index = i + 2 if stream.is_punct(i + 1, "!") else i + 1
            if stream.is_punct(open_index, "["):
                ranges.append((token.start, stream.tokens[ctx.group_end(open_index)].end))
    return stream.tokens, ranges


def _outside(ranges, offset: int) -> bool:
    return not any(start <= offset < end for start, end in ranges)


def loop_keyword_offsets(data: bytes) -> list[int]:
    tokens, attributes = _attribute_token_ranges(data)
    offsets = []
    for i, t in enumerate(tokens):
        if t.kind != "ident" or t.text not in LOOP_WORDS or not _outside(attributes, t.start):
            continue
        if t.text == "for" and _is_impl_for(tokens, i):
            continue
        if t.text == "loop" and i + 1 < len(tokens) and tokens[i + 1].text in ("|", "||"):
            continue  # `atomically loop |update| { }`: an atomic-update call, not a loop
        offsets.append(t.start)
    return offsets


def _is_impl_for(tokens, i: int) -> bool:
    """`impl Trait for Type` and `for<'a>` bounds use `for` without a loop."""
    if i + 1 < len(tokens) and tokens[i + 1].text == "<":
        return True
    j = i - 1
    while j >= 0 and tokens[j].text not in (";", "{", "}"):
        if tokens[j].text == "impl":
            return True
        j -= 1
    return False


def _missing_fns_and_loops(paths: list[Path], corpus_check) -> tuple[list[str], list[str], Counter]:
    missing_fns: list[str] = []
    missing_loops: list[str] = []
    totals = Counter()
    for path in paths:
        data = path.read_bytes()
        model, stream = parse_with_tokens(data)
        lines = LineIndex(data)
        for offset in corpus_check.uncovered(corpus_check.fn_item_offsets(stream), model):
            missing_fns.append(f"{path.name}:{lines.line_col(offset)}")
        for offset in loop_keyword_offsets(data):
            if not any(lp.span.start <= offset < lp.span.start + 8 for lp in model.loops):
                missing_loops.append(f"{path.name}:{lines.line_col(offset)}")
        totals.update(
            files=1,
            functions=len(model.functions),
            loops=len(model.loops),
            calls=len(model.calls),
            proof_sites=len(model.proof_sites),
            item_sites=len(model.item_sites),
            problems=len(model.problems),
            state_machines=len(model.state_machines),
            macro_functions=sum(f.macro_unit is not None for f in model.functions),
        )
    return missing_fns, missing_loops, totals


def test_corpus_files_parse_and_account_for_every_fn_and_loop(corpus_rs_files: list[Path], corpus_check) -> None:
    missing_fns, missing_loops, totals = _missing_fns_and_loops(corpus_rs_files, corpus_check)
    print(f"\nlens corpus counts: {dict(totals)}")
    assert not missing_fns, f"{len(missing_fns)} fn items not in the model: {missing_fns[:20]}"
    assert not missing_loops, f"{len(missing_loops)} loops not in the model: {missing_loops[:20]}"


def test_state_machine_programs_account_for_every_fn_inside_the_macros(machines_dir: Path, corpus_check) -> None:
    paths = sorted(machines_dir.glob("*.rs"))
    missing_fns, missing_loops, totals = _missing_fns_and_loops(paths, corpus_check)
    assert not missing_fns and not missing_loops, (missing_fns[:20], missing_loops[:20])
    assert totals["state_machines"] == 6 and totals["macro_functions"] >= 40 and totals["problems"] == 0, totals


@pytest.fixture(scope="module")
def verusage_sample(shared_dir: Path) -> list[Path]:
    return sorted((shared_dir / "corpus" / "verusage-bench").rglob("*.rs"))[::VERUSAGE_SAMPLE_STEP]


def test_verusage_sample_parses_without_crash_or_problem(verusage_sample: list[Path], corpus_check) -> None:
    """Every VeruSAGE file verifies (or is the task cut from one), so any problem the lens reports is spurious."""
    assert len(verusage_sample) >= 35
    failed = [r for r in map(corpus_check.check_file, verusage_sample) if not r.ok]
    assert not failed, [(r.path.name, r.crash, r.problems[:3], r.missing_fns[:5]) for r in failed]


def test_verusage_state_machines_are_read(shared_dir: Path) -> None:
    task = shared_dir / "corpus/verusage-bench/node-replication/unverified/spec__linearization__trick_equiv.rs"
    model = parse(task.read_bytes())
    machines = {m.name: m for m in model.state_machines}
    assert set(machines) == {"SimpleLog", "AsynchronousSingleton"} and not model.problems
    assert machines["SimpleLog"].generics == "<DT: Dispatch>"
    assert [f.name for f in machines["SimpleLog"].fields] == [
        "log",
        "version",
        "readonly_reqs",
        "update_reqs",
        "update_resps",
    ]
    assert machines["AsynchronousSingleton"].fields[0].type == "DT::View"
