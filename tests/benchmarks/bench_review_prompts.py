"""Benchmark: the size of the review's proposer prompt per unit on the largest shared VeruSAGE candidates.

The candidate is a task with its ground-truth proof spliced in (verusagent.bench.verusage), reviewed against the
task: each changed unit's `review_propose` prompt is rendered as the reviewer renders it (the unit, and the
context `review.unit_view` selects) and counted with o200k_base, as the `review_proposal` event's `prompt_tokens`
records it; also with every unit of the file (a candidate whose parent is unknown), the worst case.

Run: python -m tests.benchmarks.bench_review_prompts [SHARED_DIR] [--largest N]
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path


def shared_dir(argument: str | None) -> Path:
    if argument:
        return Path(argument)
    configured = os.environ.get("VERUSAGENT_CORPUS")
    return Path(configured) if configured else Path(__file__).resolve().parents[3] / "shared"


def unit_prompts(candidate: str, parent: str | None) -> tuple[list[int], list[int], float]:
    """(prompt tokens per unit, context tokens per unit, seconds spent selecting the contexts)."""
    from verusagent.lens import parse
    from verusagent.llm.tokens import count_messages_o200k, o200k_tokens
    from verusagent.prompt import chat
    from verusagent.review import unit_view as review_context
    from verusagent.review.units import changed_units

    model = parse(candidate)
    units = changed_units(model, parse(parent) if parent is not None else None)
    prompts, contexts, seconds = [], [], 0.0
    started = time.perf_counter()
    once = review_context.UnitView(model)  # one per candidate
    seconds += time.perf_counter() - started
    for unit in units:
        if not review_context.fits_review(unit.text):  # not reviewed whole: its loops and calls are units
            continue
        started = time.perf_counter()
        context = once.of([unit.id], [(unit.start, unit.end)], unit.text)
        seconds += time.perf_counter() - started
        messages = chat(
            "review_propose",
            file_name="candidate.rs",
            unit_id=unit.id,
            unit_kind=unit.kind.value,
            unit_text=unit.text,
            context=context,
        )
        prompts.append(count_messages_o200k(messages))
        contexts.append(o200k_tokens(context))
    return prompts, contexts, seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shared", nargs="?")
    parser.add_argument("--largest", type=int, default=1, help="how many of the largest candidates")
    args = parser.parse_args()
    from verusagent.bench.verusage import SplicedPair, discover, spliced_pair

    bench = shared_dir(args.shared) / "corpus" / "verusage-bench"
    if not bench.is_dir():
        print(f"no VeruSAGE-Bench copy at {bench}", file=sys.stderr)
        return 2
    pairs = [p for p in map(spliced_pair, discover(bench)) if isinstance(p, SplicedPair)]
    for pair in sorted(pairs, key=lambda p: -len(p.spliced.encode()))[: args.largest]:
        print(f"{pair.task.task_id}: {len(pair.spliced.encode()):,} bytes, {pair.spliced.count(chr(10)):,} lines")
        for label, parent in (("changed units", pair.original), ("every unit", None)):
            prompts, contexts, seconds = unit_prompts(pair.spliced, parent)
            if not prompts:
                continue
            print(
                f"  {label}: {len(prompts)} units; prompt tokens per unit median {statistics.median(prompts):,.0f}, "
                f"max {max(prompts):,}, total {sum(prompts):,}; context tokens median "
                f"{statistics.median(contexts):,.0f}, max {max(contexts):,}; context selection {seconds:.2f} s"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
