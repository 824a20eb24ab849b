"""Where run folders live and how a run is named on the command line."""

import secrets
import time
from pathlib import Path

from verusagent.choices import DEFAULT_RUNS_DIR

EVENTS_FILE = "events.jsonl"
RESULT_FILE = "result.json"
CANDIDATES_DIR = "candidates"


def new_run_id() -> str:
    """Sortable by start time, unique across parallel runs: 20250101-120000-3fa2b1."""
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime()) + "-" + secrets.token_hex(3)


class RunNotFound(LookupError):
    pass


def resolve_run(ref: str, runs_dir: Path = DEFAULT_RUNS_DIR) -> Path:
    """A run folder from a path, a run id (or a unique prefix of one) under ``runs_dir``, or ``latest``."""
    as_path = Path(ref)
    if (as_path / EVENTS_FILE).is_file():
        return as_path
    runs = sorted(p for p in runs_dir.glob("*") if (p / EVENTS_FILE).is_file()) if runs_dir.is_dir() else []
    if ref == "latest" and runs:
        return max(runs, key=lambda p: (p / EVENTS_FILE).stat().st_mtime)
    if ref == "latest":
        raise RunNotFound(
            f"no runs in {runs_dir} yet (prove, repair and synth write one there); pass --runs-dir DIR or a run folder"
        )
    matches = [p for p in runs if p.name.startswith(ref)]
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        names = ", ".join(p.name for p in matches[:5])
        raise RunNotFound(f"{ref!r} matches several runs in {runs_dir}: {names}")
    raise RunNotFound(f"no run {ref!r}: not a run folder, and no run of that id in {runs_dir}")
