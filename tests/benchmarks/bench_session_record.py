"""Benchmark: how an agent-mode session's run record grows with its turns. The record must grow linearly: each
event holds what is new, and a text recorded once (a model request's earlier messages) is referred to by hash.

A session of N turns on the demo task with the scripted model (a stand-in for a real model) and the verus
stand-in (not verus): N-1 distinct `view` calls, then `submit`. Prints events.jsonl bytes per N, the bytes per
turn and the largest event kinds, so that a quadratic term shows as bytes per turn growing with N.

Run: python -m tests.benchmarks.bench_session_record [--turns 10 20 40]
"""

import argparse
import io
import json
import os
import tempfile
from collections import Counter
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from tests.paths import REPO_ROOT

DEMO = REPO_ROOT / "rust_fixtures" / "demo"


def replies(turns: int) -> list[dict]:
    views = [
        {"tool_calls": [{"name": "view", "arguments": {"target": f"{1 + k % 20}-{7 + k}"}}]} for k in range(turns - 1)
    ]
    return [*views, {"tool_calls": [{"name": "submit", "arguments": {"summary": "done"}}]}]


def run_session(folder: Path, turns: int) -> Path:
    from verusagent.llm import Script
    from verusagent.llm.provider import install_script

    from tests.agent.agent_harness import run_agent

    script = folder / "script.json"
    script.write_text(json.dumps({"replies": replies(turns)}), encoding="utf-8")
    install_script(Script.load(script))
    source = folder / "double.rs"
    source.write_text((DEMO / "double.rs").read_text(), encoding="utf-8")
    os.environ["VERUS_STANDIN_SCENARIO"] = str(DEMO / "demo_standin.json")
    settings = {
        "file": source,
        "model": "scripted/bench",
        "strategy": ["agent"],
        "rounds": 1,
        "samples": 1,
        "verus": str(REPO_ROOT / "tools" / "verus_standin.py"),
        "runs_dir": folder / "runs",
        "as_json": True,
        "jobs": 1,
        "session_tool_calls": turns + 5,
    }
    out = io.StringIO()
    with redirect_stdout(out), redirect_stderr(io.StringIO()):
        run_agent("prove", **settings)
    return Path(json.loads(out.getvalue())["run_folder"])


def sizes_by_kind(events: Path) -> Counter:
    sizes: Counter = Counter()
    for line in events.read_bytes().splitlines():
        sizes[json.loads(line)["kind"]] += len(line) + 1
    return sizes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, nargs="+", default=[10, 20, 40])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["VERUSAGENT_CACHE_DIR"] = str(Path(tmp) / "cache")
        print(f"{'turns':>6} {'events.jsonl bytes':>19} {'bytes/turn':>11}   largest kinds")
        for turns in args.turns:
            folder = Path(tmp) / f"t{turns}"
            folder.mkdir()
            events = run_session(folder, turns) / "events.jsonl"
            size = events.stat().st_size
            top = ", ".join(f"{kind} {count}" for kind, count in sizes_by_kind(events).most_common(3))
            print(f"{turns:>6} {size:>19,} {size // turns:>11,}   {top}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
