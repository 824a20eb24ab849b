"""Benchmark: what crates cost verusagent itself (not verus): finding a crate's module tree, the lens on every
file, a candidate's models when one file changed, and a crate run's overhead (scratch copy, digest, key).

Run: python -m tests.benchmarks.bench_crate [--crate DIR] [--runs N]
Default crate: vstd from the shared corpus (../shared/corpus/vstd), else rust_fixtures/crates/netlib. The verus
stand-in (tools/verus_standin.py) plays verus for the run overhead; its process time is left out.
"""

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

from tests.paths import REPO_ROOT

STANDIN = REPO_ROOT / "tools" / "verus_standin.py"


def timed(action) -> tuple[float, object]:
    start = time.perf_counter()
    value = action()
    return time.perf_counter() - start, value


def default_crate() -> Path:
    vstd = REPO_ROOT.parent / "shared" / "corpus" / "vstd"
    return vstd if vstd.is_dir() else REPO_ROOT / "rust_fixtures" / "crates" / "netlib"


def model_figures(crate: Path) -> None:
    from verusagent.crate.discover import find_crate
    from verusagent.crate.model import read_sources
    from verusagent.crate.workspace import CrateWorkspace
    from verusagent.crate_text import join_files

    found_s, located = timed(lambda: find_crate(crate))
    layout = located.layout
    texts = {p: d.decode("utf-8", "replace") for p, d in read_sources(layout).items()}
    lines = sum(t.count("\n") for t in texts.values())
    workspace = CrateWorkspace(layout, layout.root)
    text = join_files(texts, layout.paths)
    first_s, _ = timed(lambda: workspace.models(text))
    changed = workspace.with_files(text, {layout.paths[-1]: texts[layout.paths[-1]] + "\n// changed\n"})
    again_s, _ = timed(lambda: workspace.models(changed))
    print(f"crate {layout.describe()}: {len(layout.files)} module files, {lines} lines")
    print(f"  module tree found in {found_s * 1000:.0f} ms")
    print(f"  the lens on every file: {first_s:.2f} s ({first_s * 1000 / max(lines, 1) * 1000:.0f} ms per 1,000 lines)")
    print(f"  a candidate that changes one file: {again_s * 1000:.0f} ms (the other files' models are reused)")


def run_overhead(runs: int) -> None:
    from verusagent.crate.discover import find_crate
    from verusagent.crate.model import read_sources
    from verusagent.crate.workspace import crate_sources
    from verusagent.verus import RunOptions, find_verus, run_verus
    from verusagent.verus.sources import tree_digest

    with tempfile.TemporaryDirectory() as folder:
        scenario = Path(folder) / "verified.json"
        scenario.write_text(json.dumps({"verdict": "verified"}))
        os.environ.update(
            VERUS_STANDIN_SCENARIO=str(scenario),
            VERUSAGENT_CACHE_DIR=str(Path(folder) / "cache"),
            VERUS_STANDIN_LOG=str(Path(folder) / "log.jsonl"),
        )
        install = find_verus(str(STANDIN))
        layout = find_crate(REPO_ROOT / "rust_fixtures" / "crates" / "netlib").layout
        files = read_sources(layout)
        digest_s, digest = timed(lambda: tree_digest(layout.tree))
        log = Path(folder) / "log.jsonl"

        def overhead(source) -> float:
            wall, _ = timed(lambda: run_verus(install, source, options=RunOptions()))
            process = json.loads(log.read_text().splitlines()[-1])
            return wall - (process["end"] - process["start"])

        crate, single = [], []
        for index in range(runs):
            files[layout.root] = files[layout.root] + f"\n// run {index}\n".encode()
            crate.append(overhead(crate_sources(layout, dict(files), digest, None)))
            single.append(overhead(files[layout.root]))
        print(f"run overhead (wall time minus the stand-in's own time, which starts after its Python), {runs} runs:")
        print(
            f"  netlib as a crate ({len(files)} files, folder copied): median {statistics.median(crate) * 1000:.0f} ms;"
            f" its root file alone: median {statistics.median(single) * 1000:.0f} ms; tree digest "
            f"{digest_s * 1000:.1f} ms once per verusagent run"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--crate", type=Path, default=None)
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    model_figures(args.crate or default_crate())
    run_overhead(args.runs)


if __name__ == "__main__":
    main()
