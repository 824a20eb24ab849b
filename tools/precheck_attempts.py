#!/usr/bin/env python3
"""The pre-check on the collection of failing attempts (rust_fixtures/precheck_attempts/): caught (the right
rule on the right line) per category, and what it misses.

    python tools/precheck_attempts.py [--vstd DIR] [--missed]
"""

import argparse
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default_vstd = Path(os.environ.get("VERUSAGENT_CORPUS", REPO.parent / "shared")) / "corpus" / "vstd"
    parser.add_argument("--vstd", type=Path, default=default_vstd, help="the vstd source (for the name rules)")
    parser.add_argument("--missed", action="store_true", help="list the attempts not caught")
    args = parser.parse_args()
    sys.path.insert(0, str(REPO))
    from verusagent.lemmas import find_vstd
    from verusagent.precheck import vstd_methods, vstd_names

    from tests.precheck.attempts import measure

    source = find_vstd(args.vstd) if args.vstd.is_dir() else None
    table = measure(vstd_names(source), vstd_methods(source)) if source else measure(None)
    total = [sum(row[0] for row in table.values()), sum(row[1] for row in table.values())]
    for category, (hit, count, missed) in sorted(table.items()):
        print(f"  {category:16s} {hit:3d}/{count:<3d} {100 * hit / count:5.1f}%")
        if args.missed and missed:
            print(f"    missed: {', '.join(missed)}")
    print(f"  {'all':16s} {total[0]:3d}/{total[1]:<3d} {100 * total[0] / total[1]:5.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
