"""Benchmark: parse corpus files with the lens; reports files/s and ms per 1,000 lines (wall and CPU).

Run: python -m tests.benchmarks.bench_lens [SHARED_DIR] [--corpus all|verusage|bench|examples|machines|vstd]
         [--repeat N] [--every K]
Target: under 15 ms per 1,000 lines on VeruSAGE files. On a machine shared with other jobs the wall time
counts their time too: the CPU time of this process is the steadier figure.
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

from verusagent.lens import parse

CORPORA = {
    "verusage": ["corpus/verusage-bench"],
    "bench": ["corpus/verus-bench"],
    "examples": ["corpus/verus-examples"],
    "machines": ["corpus/verus-state-machines"],
    "vstd": ["corpus/vstd"],
    "all": ["."],
}


def shared_dir(argument: str | None) -> Path:
    if argument:
        return Path(argument)
    configured = os.environ.get("VERUSAGENT_CORPUS")
    return Path(configured) if configured else Path(__file__).resolve().parents[3] / "shared"


def corpus_files(root: Path, corpus: str, every: int) -> list[Path]:
    files = sorted(p for folder in CORPORA[corpus] for p in (root / folder).rglob("*.rs"))
    return files[::every]


def timed_round(sources: list[bytes]) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    for source in sources:
        parse(source)
    return time.perf_counter() - wall, time.process_time() - cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("shared", nargs="?", help="the shared folder (default ../shared or $VERUSAGENT_CORPUS)")
    parser.add_argument("--corpus", choices=sorted(CORPORA), default="verusage")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--every", type=int, default=1, help="take every K-th file (sorted)")
    args = parser.parse_args()
    files = corpus_files(shared_dir(args.shared), args.corpus, args.every)
    if not files:
        print("no .rs files found: pass the shared folder or set VERUSAGENT_CORPUS", file=sys.stderr)
        return 2
    sources = [f.read_bytes() for f in files]
    lines = sum(s.count(b"\n") + 1 for s in sources)
    parse(sources[0])  # load the grammar once, outside the timing
    rounds = [timed_round(sources) for _ in range(args.repeat)]
    wall = statistics.median(r[0] for r in rounds)
    cpu = statistics.median(r[1] for r in rounds)
    print(f"lens on {args.corpus}: {len(files)} files, {lines} lines, {args.repeat} rounds")
    print(f"  median {wall * 1000:.0f} ms per round (wall), {cpu * 1000:.0f} ms (CPU); {len(files) / wall:.0f} files/s")
    print(
        f"  {wall * 1e6 / lines:.2f} ms per 1,000 lines (wall, median); {cpu * 1e6 / lines:.2f} (CPU, median); "
        f"best CPU {min(r[1] for r in rounds) * 1e6 / lines:.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
