"""What makes a verus run an acceptance, and whether the stored candidate is the content that was accepted."""

import hashlib
import re
from pathlib import Path

from verusagent.record.events import VerusRun
from verusagent.record.runs import CANDIDATES_DIR

# Flags that narrow what verus checks: a success under them says nothing about the whole file.
NARROWING_FLAG_PREFIXES = ("--verify-", "--no-verify")
SHA256_HEX = re.compile(r"[0-9a-f]{64}")


def short(sha256: str | None) -> str:
    return sha256[:12] if sha256 else "-"


def acceptance_shortfall(run: VerusRun, verus_version: str | None) -> str | None:
    """Why ``run`` is not a whole-file success of the run's verus (``verus_version``), or None when it is one."""
    if run.verdict != "verified":
        return f"#{run.seq} ended {run.verdict}"
    if run.partial:
        return f"#{run.seq} was a partial run"
    narrowing = [flag for flag in run.flags if flag.startswith(NARROWING_FLAG_PREFIXES)]
    if narrowing:
        return f"#{run.seq} ran with {' '.join(narrowing)}"
    if verus_version is None:
        return f"#{run.seq} cannot be matched: the run_started records no verus_version"
    if run.verus_version != verus_version:
        origin = "a cached result" if run.from_cache else "a result"
        return f"#{run.seq} is {origin} of verus {run.verus_version}, not of this run's verus {verus_version}"
    return None


def stored_candidate_problem(folder: Path, sha256: str) -> str | None:
    """What is wrong with ``candidates/<sha256>.rs`` (missing, or other content), or None when it matches."""
    if not SHA256_HEX.fullmatch(sha256):
        return f"{sha256!r} is not a lowercase sha256 hex digest"
    path = folder / CANDIDATES_DIR / f"{sha256}.rs"
    if not path.is_file():
        return f"the stored candidate {CANDIDATES_DIR}/{short(sha256)}….rs is missing"
    actual = hashlib.sha256(path.read_bytes()).hexdigest()
    if actual != sha256:
        return f"the stored candidate {CANDIDATES_DIR}/{short(sha256)}….rs holds other content ({short(actual)}…)"
    return None
