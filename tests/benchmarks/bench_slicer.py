"""Benchmark: the slicer on the large VeruSAGE-Bench task files, beside the one lens parse it needs.

Reports, per 1,000 lines, the lens parse (`parse_with_tokens`) and the slicer's own work on top of it (outline,
names and types, the dependency closure, selection, rendering) at the default budget, for every task file the
prompt would slice, its target from the file name; then the same per task for the largest files, and the whole
prompt build there: the first strategy's prove prompt as a run builds it (the file parsed, sliced within the
prompt's cap of CONTEXT_CEILING_TOKENS counted tokens, up to prompt/capped.py's FIT_TRIES slices, rendered and
counted), against the goal of 150 ms a task. Times are CPU (process) time; the tokenizer, the templates and the
imports are loaded before, by one build on the smallest of the files.

Run: python -m tests.benchmarks.bench_slicer [SHARED_DIR] [--largest N]
"""

import os
import sys
import time
from pathlib import Path

from verusagent.bench.verusage import VerusageTask, discover, target_of
from verusagent.context import needs_slicing, slice_parsed
from verusagent.lens import parse_with_tokens
from verusagent.llm.tokens import o200k_tokens

GOAL_MS = 150  # issue 30: the prompt build per task on the five largest files


def shared_dir(argument: str | None) -> Path:
    if argument:
        return Path(argument)
    configured = os.environ.get("VERUSAGENT_CORPUS")
    return Path(configured) if configured else Path(__file__).resolve().parents[3] / "shared"


def main() -> int:
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    largest = int(sys.argv[sys.argv.index("--largest") + 1]) if "--largest" in sys.argv else 5
    arguments = [a for a in arguments if a != str(largest)]
    bench = shared_dir(arguments[0] if arguments else None) / "corpus" / "verusage-bench"
    if not bench.is_dir():
        print(f"no VeruSAGE-Bench copy at {bench}", file=sys.stderr)
        return 2
    jobs = []
    for task in discover(bench):
        text = task.task_path.read_text(encoding="utf-8", errors="replace")
        target = target_of(task, text)
        if target and needs_slicing(text):
            jobs.append((text, target, task))
    timed = []  # (lines, parse s, slice s, task)
    for text, target, task in jobs:
        started = time.process_time()
        model, stream = parse_with_tokens(text)
        parsed = time.process_time()
        slice_parsed(text, model, stream, [target])
        timed.append((text.count("\n") + 1, parsed - started, time.process_time() - parsed, task))
    lines = sum(t[0] for t in timed)
    parse_s, slice_s = sum(t[1] for t in timed), sum(t[2] for t in timed)
    print(f"{len(jobs)} large task files, {lines:,} lines")
    print(f"lens parse: {1000 * parse_s / lines * 1000:.1f} ms per 1,000 lines")
    print(
        f"slicer on top of it: {1000 * slice_s / lines * 1000:.1f} ms per 1,000 lines "
        f"({100 * slice_s / parse_s:.0f}% of the parse)"
    )
    print(f"the {largest} largest files, per task:")
    o200k_tokens("warm the tokenizer")
    prompt_build(min(timed, key=lambda t: t[0])[3])  # and the templates and imports: once per process, not per task
    for count, parse_one, slice_one, task in sorted(timed, key=lambda t: (t[0], t[3].task_id), reverse=True)[:largest]:
        built, tokens = prompt_build(task)
        print(
            f"  {task.task_id}: {count:,} lines, parse {1000 * parse_one:.0f} ms, slicer {1000 * slice_one:.0f} ms, "
            f"in all {1000 * (parse_one + slice_one):.0f} ms CPU; the capped prompt build {1000 * built:.0f} ms CPU "
            f"({tokens:,} tokens; goal {GOAL_MS})"
        )
    return 0


def prompt_build(task: VerusageTask) -> tuple[float, int]:
    """CPU seconds of the first strategy's prove prompt as a run builds it (`agent.proposer.build_prompt`: the
    file parsed, sliced within the cap, rendered and counted; `prove --dry-run`'s pre-check notes aside), and its
    prompt tokens."""
    from verusagent.agent.candidate import Candidate, Evaluation
    from verusagent.agent.config import AgentConfig, TaskMode
    from verusagent.agent.proposer import build_prompt
    from verusagent.agent.strategies import portfolio
    from verusagent.guard import GuardReport
    from verusagent.llm.tokens import prompt_size
    from verusagent.prompt import chat
    from verusagent.record import sha256_text

    text = task.task_path.read_text(encoding="utf-8", errors="replace")
    target = target_of(task, text)
    assert target is not None
    model = "o200k/unknown-model"
    config = AgentConfig(mode=TaskMode.PROVE, targets=[target], strategies=1, model=model)
    base = Evaluation(
        candidate=Candidate(text=text, sha256=sha256_text(text), strategy="baseline", round=0),
        guard=GuardReport(violations=[]),
    )
    started = time.process_time()
    name, context = build_prompt(config, task.task_path.name, portfolio(1)[0], base, [])
    tokens = prompt_size(model, chat(name, **context)).tokens
    return time.process_time() - started, tokens


if __name__ == "__main__":
    sys.exit(main())
