"""Benchmark: how long a coding agent waits for `verusagent mcp` (goal: <= 1.5 s from starting the server to the
first answered `list_tools`, over stdio with the MCP SDK's own client). Prints the median and the worst of N
starts, on a small fixture and on the largest VeruSAGE task of the shared corpus (the original is snapshotted and
read at start).

Run: python -m tests.benchmarks.bench_mcp_start [--runs N] [--corpus DIR]
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

REPO = Path(__file__).resolve().parents[2]


async def first_list_tools(path: Path) -> float:
    started = time.perf_counter()
    server = StdioServerParameters(command=sys.executable, args=["-m", "verusagent", "mcp", str(path)])
    async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        await session.list_tools()
        return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument(
        "--corpus", type=Path, default=Path(os.environ.get("VERUSAGENT_CORPUS", REPO.parent / "shared")) / "corpus"
    )
    args = parser.parse_args()
    trees = [REPO / "rust_fixtures" / "agent" / "count_up.rs"]
    tasks = sorted((args.corpus / "verusage-bench").glob("*/unverified/*.rs"), key=lambda p: p.stat().st_size)
    trees += tasks[-1:]
    for tree in trees:
        times = [anyio.run(first_list_tools, tree) for _ in range(args.runs)]
        label = f"{tree.name} ({tree.stat().st_size:,} bytes)"
        print(
            f"mcp start to first list_tools, {label}: median {statistics.median(times):.2f} s, worst {max(times):.2f} s"
        )


if __name__ == "__main__":
    main()
