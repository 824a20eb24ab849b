"""Benchmark: where a user waits before any work. Prints the wall time of `verusagent --help`, `--version` and
`prove --help` as a ratio to a bare `python -c pass` timed side by side (goal: `--help` <= 7x), and of
`prove --dry-run` on the largest VeruSAGE task of the shared corpus (goal: <= 2 s).

Each command is run N times interleaved with the bare start (the machine's load moves both alike); the figure is
the median.

Run: python -m tests.benchmarks.bench_cli_start [--runs N] [--corpus DIR]
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BARE = [sys.executable, "-c", "pass"]
CLI = [sys.executable, "-m", "verusagent"]


def wall(command: list[str], cwd: Path) -> float:
    started = time.perf_counter()
    subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - started


def median_pair(command: list[str], runs: int, cwd: Path) -> tuple[float, float]:
    """The medians of the command's and the bare start's wall times, run alternately."""
    own, bare = [], []
    for _ in range(runs):
        bare.append(wall(BARE, cwd))
        own.append(wall(command, cwd))
    return statistics.median(own), statistics.median(bare)


def largest_verusage_task(corpus: Path) -> Path | None:
    tasks = sorted((corpus / "verusage-bench").glob("*/unverified/*.rs"), key=lambda p: p.stat().st_size)
    return tasks[-1] if tasks else None


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument(
        "--corpus", type=Path, default=Path(os.environ.get("VERUSAGENT_CORPUS", REPO.parent / "shared")) / "corpus"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        cwd = Path(folder)
        for label, extra in (
            ("--help", ["--help"]),
            ("--version", ["--version"]),
            ("prove --help", ["prove", "--help"]),
        ):
            own, bare = median_pair(CLI + extra, args.runs, cwd)
            print(
                f"verusagent {label:<13} {own * 1000:6.0f} ms  = {own / bare:4.1f} x python -c pass ({bare * 1000:.0f} ms)"  # noqa: E501 (a source text, kept on one line to read as the file reads)
            )
        task = largest_verusage_task(args.corpus)
        if task is None:
            print(f"no VeruSAGE task under {args.corpus}: dry run not timed")
            return
        lines = task.read_text(encoding="utf-8").count("\n")
        command = CLI + ["prove", str(task), "--model", "openai/gpt-4o", "--dry-run"]
        times = sorted(wall(command, cwd) for _ in range(max(3, args.runs // 5)))
        print(
            f"prove --dry-run on {task.name} ({lines:,} lines): median {statistics.median(times):.2f} s wall "
            f"(min {times[0]:.2f} s)"
        )


if __name__ == "__main__":
    main()
