"""The lens over every .rs file of the shared corpus: no crash, every `fn` and loop keyword accounted for."""

from collections import Counter
from pathlib import Path


from verusagent.lens import parse, tokenize
from verusagent.lens.context import ScanContext
from verusagent.lens.positions import LineIndex

LOOP_WORDS = ("while", "loop", "for")


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


def fn_item_offsets(data: bytes) -> list[int]:
    """Offsets of `fn NAME` tokens outside comments, strings and attributes (not `fn(...)` pointer types)."""
    tokens, attributes = _attribute_token_ranges(data)
    return [
        t.start
        for i, t in enumerate(tokens)
        if t.kind == "ident" and t.text == "fn" and i + 1 < len(tokens) and tokens[i + 1].kind == "ident"
        and _outside(attributes, t.start)
    ]


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


def test_corpus_files_parse_and_account_for_every_fn_and_loop(corpus_rs_files: list[Path]) -> None:
    missing_fns: list[str] = []
    missing_loops: list[str] = []
    totals = Counter()
    for path in corpus_rs_files:
        data = path.read_bytes()
        model = parse(data)
        starts = {f.span.start for f in model.functions} | {f.header.start for f in model.functions}
        fn_starts = {f.header.start for f in model.functions}
        for offset in fn_item_offsets(data):
            if not any(f.header.start <= offset < f.header.end for f in model.functions):
                missing_fns.append(f"{path.name}:{LineIndex(data).line_col(offset)}")
        loop_starts = {lp.span.start for lp in model.loops} | {
            lp.span.start + 0 for lp in model.loops
        }
        for offset in loop_keyword_offsets(data):
            if not any(lp.span.start <= offset < lp.span.start + 8 for lp in model.loops):
                missing_loops.append(f"{path.name}:{LineIndex(data).line_col(offset)}")
        totals.update(
            files=1, functions=len(model.functions), loops=len(model.loops), calls=len(model.calls),
            proof_sites=len(model.proof_sites), item_sites=len(model.item_sites), problems=len(model.problems),
        )
        del starts, fn_starts, loop_starts
    print(f"\nlens corpus counts: {dict(totals)}")
    assert not missing_fns, f"{len(missing_fns)} fn items not in the model: {missing_fns[:20]}"
    assert not missing_loops, f"{len(missing_loops)} loops not in the model: {missing_loops[:20]}"
