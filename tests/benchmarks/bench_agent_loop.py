"""Benchmark: the agent loop's own overhead per round (everything except model and verus time).

It runs `prove` on rust_fixtures/agent/count_up.rs for N rounds with the scripted model (a stand-in for a
model) answering a new wrong proof each round and the verus stand-in (not verus) rejecting it, then takes
from the run record the wall time of the run minus the model latency and the verus run durations.

Run: python -m tests.benchmarks.bench_agent_loop [--rounds N]
"""

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from tests.paths import REPO_ROOT

STANDIN = REPO_ROOT / "tools" / "verus_standin.py"
TASK = REPO_ROOT / "rust_fixtures" / "agent" / "count_up.rs"


def wrong_proof(index: int) -> str:
    invariant = f"    while r < n\n        invariant\n            r < n + {index},\n        decreases n - r,\n    {{\n"
    return TASK.read_text().replace("    while r < n {\n", invariant)


def write_inputs(folder: Path, rounds: int) -> None:
    replies = [{"text": f"```rust\n{wrong_proof(i)}```"} for i in range(rounds)]
    (folder / "script.json").write_text(json.dumps({"replies": replies}))
    rule = {
        "verdict": "failed",
        "errors": [{"message": "invariant not satisfied at end of loop body", "line_contains": "r < n +"}],
    }
    (folder / "scenario.json").write_text(json.dumps({"rules": [rule]}))
    (folder / "count_up.rs").write_text(TASK.read_text())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=8)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        write_inputs(folder, args.rounds)
        os.environ.update(
            VERUSAGENT_SCRIPT=str(folder / "script.json"),
            VERUSAGENT_CACHE_DIR=str(folder / "cache"),
            VERUS_STANDIN_SCENARIO=str(folder / "scenario.json"),
        )
        from verusagent.llm.provider import load_litellm

        from tests.agent.agent_harness import run_agent

        load_litellm()  # the import of litellm is start-up cost, not per-round overhead
        started = time.perf_counter()
        run_agent(
            "prove",
            folder / "count_up.rs",
            model="scripted/bench",
            strategies=1,
            rounds=args.rounds,
            verus=str(STANDIN),
            runs_dir=folder / "runs",
            as_json=True,
            jobs=1,
        )
        wall = time.perf_counter() - started
        report(folder / "runs", wall, args.rounds)
    return 0


def report(runs: Path, wall: float, rounds: int) -> None:
    events = [json.loads(line) for line in next(runs.glob("*/events.jsonl")).read_text().splitlines()]
    model = sum(e.get("latency_s", 0.0) for e in events if e["kind"] == "model_reply")
    verus = sum(e.get("duration_s", 0.0) for e in events if e["kind"] == "verus_run")
    overhead = wall - model - verus
    print(
        f"agent loop: {rounds} rounds, wall {wall * 1000:.0f} ms; model {model * 1000:.0f} ms (scripted), "
        f"verus {verus * 1000:.0f} ms (stand-in)",
        file=sys.stderr,
    )
    print(
        f"  loop overhead {overhead * 1000:.0f} ms in all, {overhead * 1000 / rounds:.1f} ms per round "
        f"(includes the baseline run's bookkeeping)",
        file=sys.stderr,
    )


if __name__ == "__main__":
    sys.exit(main())
