"""Benchmark: parse the whole shared corpus with the lens; reports files/s and ms per 1,000 lines.

Run: python tests/bench/bench_lens.py [CORPUS_DIR] [--repeat N]   (target: under 20 ms per 1,000 lines)
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

from verusagent.lens import parse


def corpus_dir(argument: str | None) -> Path:
    if argument:
        return Path(argument)
    configured = os.environ.get("VERUSAGENT_CORPUS")
    return Path(configured) if configured else Path(__file__).resolve().parents[3] / "shared"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("corpus", nargs="?")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    files = sorted(corpus_dir(args.corpus).rglob("*.rs"))
    if not files:
        print("no .rs files found: pass the shared folder or set VERUSAGENT_CORPUS", file=sys.stderr)
        return 2
    sources = [f.read_bytes() for f in files]
    lines = sum(s.count(b"\n") + 1 for s in sources)
    parse(sources[0])  # load the grammar once, outside the timing
    rounds = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        for source in sources:
            parse(source)
        rounds.append(time.perf_counter() - start)
    best, median = min(rounds), statistics.median(rounds)
    print(f"lens: {len(files)} files, {lines} lines, {args.repeat} rounds")
    print(f"  median {median * 1000:.0f} ms per round; best {best * 1000:.0f} ms")
    print(f"  {len(files) / median:.0f} files/s; {median * 1000 / (lines / 1000):.2f} ms per 1,000 lines (median)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
