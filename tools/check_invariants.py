#!/usr/bin/env python3
"""Check a run record against its invariants; the same audit as `verusagent audit RUN`.

    python tools/check_invariants.py RUN [--runs-dir DIR] [--json]

RUN is a run folder, a run id (or a unique prefix of one) under --runs-dir, or 'latest'.
Exit 0: every invariant holds; 1: a breach, printed with the events involved; 2: no such run.
"""

import argparse
import sys
from pathlib import Path

from verusagent.audit import audit_run
from verusagent.audit.render import render_text
from verusagent.commands.exits import EXIT_BROKEN, EXIT_OK, EXIT_USAGE
from verusagent.record import DEFAULT_RUNS_DIR, RunNotFound, resolve_run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", help="a run folder, a run id (or a unique prefix), or 'latest'")
    parser.add_argument("--runs-dir", type=Path, default=DEFAULT_RUNS_DIR, help="where run folders live")
    parser.add_argument("--json", action="store_true", help="print the audit report as JSON")
    args = parser.parse_args(argv)
    try:
        report = audit_run(resolve_run(args.run, args.runs_dir))
    except (RunNotFound, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_USAGE
    print(report.model_dump_json(indent=2) if args.json else "\n".join(render_text(report)))
    return EXIT_OK if report.ok else EXIT_BROKEN


if __name__ == "__main__":
    sys.exit(main())
