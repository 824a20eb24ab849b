"""Benchmark: the review's own overhead per candidate (everything but model latency).

On the Verus-Bench ground truths the guard passes, `verusagent review`'s path (units located by the lens,
context, prompts, finding checks, votes, scores, the run record) runs with the scripted model (a stand-in for a
model: a finding on every unit, three votes each). The overhead is the wall time minus the model latency the
record holds for each call (for the scripted model that latency is litellm's own client time). A second pass
writes no record (events kept in memory) to show what the record's fsyncs cost.

Run: python -m tests.benchmarks.bench_review [SHARED_DIR] [--limit N]
"""

import argparse
import importlib.util
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tests.paths import REPO_ROOT


def corpus_tool():
    spec = importlib.util.spec_from_file_location("review_corpus_check", REPO_ROOT / "tools" / "review_corpus_check.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def with_record(tool, pair, runs: Path) -> tuple[float, float, int, int]:
    """(wall s, model latency s, model calls, units) of one reviewed candidate, record written."""
    from verusagent.llm import Budget, ModelSettings, Script
    from verusagent.llm.provider import install_script
    from verusagent.record import read_run
    from verusagent.record.events import ModelReply
    from verusagent.review.build import load_rule
    from verusagent.review.settings import ReviewSettings
    from verusagent.review.standalone import review_files

    _, original, candidate = pair
    script, units, _ = tool.reviewer_script(original, candidate)
    install_script(Script.model_validate(script))
    started = time.perf_counter()
    result = review_files(
        Path("original.rs"),
        Path("candidate.rs"),
        (original, candidate),
        ModelSettings(model="scripted/bench"),
        ReviewSettings(),
        load_rule(None),
        Budget(),
        runs,
    )
    wall = time.perf_counter() - started
    replies = [e for e in read_run(Path(result.run_folder)).events if isinstance(e, ModelReply)]
    return wall, sum(r.latency_s for r in replies), len(replies), units


def without_record(tool, pair) -> tuple[float, float]:
    """(wall s, model latency s) of the same review with the events kept in memory."""
    from verusagent.llm import BudgetTracker, ModelSettings, Script
    from verusagent.llm.provider import install_script
    from verusagent.record.events import ModelReply
    from verusagent.review.build import build_reviewer, load_rule
    from verusagent.review.settings import ReviewSettings

    _, original, candidate = pair
    script, _, _ = tool.reviewer_script(original, candidate)
    install_script(Script.model_validate(script))
    events = []
    sink = type("Sink", (), {"emit": lambda self, event: events.append(event) or event})()
    reviewer = build_reviewer(
        ReviewSettings(), ModelSettings(model="scripted/bench"), load_rule(None), BudgetTracker(), sink, "candidate.rs"
    )
    started = time.perf_counter()
    reviewer.review("0" * 64, candidate, original, "full")
    wall = time.perf_counter() - started
    return wall, sum(e.latency_s for e in events if isinstance(e, ModelReply))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "shared", nargs="?", default=os.environ.get("VERUSAGENT_CORPUS", str(REPO_ROOT.parent / "shared"))
    )
    parser.add_argument("--limit", type=int, default=30)
    args = parser.parse_args()
    tool = corpus_tool()
    bench = Path(args.shared) / "corpus" / "verus-bench"
    pairs = [p for p in tool.pairs(bench) if tool.guard_passes(p[1], p[2])][: args.limit]
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["VERUSAGENT_CACHE_DIR"] = str(Path(tmp) / "cache")
        from verusagent.llm.provider import load_litellm

        load_litellm()  # importing litellm is start-up cost, not per-candidate overhead
        recorded = [with_record(tool, pair, Path(tmp) / "runs") for pair in pairs]
        memory = [without_record(tool, pair) for pair in pairs]
    report(recorded, memory)
    return 0


def report(recorded: list[tuple[float, float, int, int]], memory: list[tuple[float, float]]) -> None:
    overhead = [(wall - latency) * 1000 for wall, latency, _, _ in recorded]
    bare = [(wall - latency) * 1000 for wall, latency in memory]
    calls = sum(r[2] for r in recorded)
    units = sum(r[3] for r in recorded)
    latency = sum(r[1] for r in recorded) * 1000
    print(
        f"review overhead (scripted model, a stand-in; no verus): {len(recorded)} candidates, {units} units, "
        f"{calls} model calls"
    )
    print(
        f"  per candidate, record written: mean {statistics.fmean(overhead):.0f} ms, median "
        f"{statistics.median(overhead):.0f} ms, max {max(overhead):.0f} ms"
    )
    print(
        f"  per candidate, no record:      mean {statistics.fmean(bare):.0f} ms, median "
        f"{statistics.median(bare):.0f} ms"
    )
    print(
        f"  per model call: {sum(overhead) / calls:.1f} ms of review overhead beside {latency / calls:.1f} ms "
        f"of client time (litellm + the scripted provider, counted as latency)"
    )
    print(
        json.dumps(
            {
                "candidates": len(recorded),
                "units": units,
                "calls": calls,
                "overhead_ms_mean": statistics.fmean(overhead),
                "overhead_ms_median": statistics.median(overhead),
                "no_record_ms_mean": statistics.fmean(bare),
            }
        )
    )


if __name__ == "__main__":
    sys.exit(main())
