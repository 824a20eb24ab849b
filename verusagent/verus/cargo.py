"""`cargo verus verify` for a crate with a `Cargo.toml`: finding `cargo-verus`, its command line, and the
paths of its diagnostics (cargo runs rustc from the workspace folder: `member/src/net.rs`).

cargo-verus refuses `--verify-*` under `verify` ("Partial verification must use `cargo verus focus`"), so a
focused run is `cargo verus focus`. Its dependencies (vstd from crates.io) are built once per crate in a target
folder in the cache folder, not in every scratch copy.
"""

import hashlib
import os
import shutil
from pathlib import Path, PurePosixPath

from verusagent.paths import cache_dir
from verusagent.verus.models import Diagnostic, RunOptions, SpanRef
from verusagent.verus.sources import CrateSources

CARGO_VERUS_ENV = "VERUSAGENT_CARGO_VERUS"


def find_cargo_verus(verus_path: str) -> str | None:
    """$VERUSAGENT_CARGO_VERUS (taken as it is), else the `cargo-verus` of the same verus release as the verus
    binary (beside it, or on PATH resolving to its folder), when `cargo` is on PATH too (cargo-verus runs it).
    Another release's cargo-verus would verify with another verus than the one the run records."""
    explicit = os.environ.get(CARGO_VERUS_ENV)
    if explicit:
        return explicit if os.access(explicit, os.X_OK) else None
    if shutil.which("cargo") is None:
        return None
    release = Path(verus_path).resolve().parent
    for candidate in (Path(verus_path).parent / "cargo-verus", shutil.which("cargo-verus")):
        if (
            candidate
            and Path(candidate).is_file()
            and os.access(candidate, os.X_OK)
            and Path(candidate).resolve().parent == release
        ):
            return str(candidate)
    return None


def identity(cargo_verus: str) -> str:
    """What of cargo-verus goes into a cache key: its path and its bytes' digest."""
    try:
        return f"{cargo_verus}:{hashlib.sha256(Path(cargo_verus).read_bytes()).hexdigest()[:16]}"
    except OSError:
        return cargo_verus


def target_dir(sources: CrateSources) -> Path:
    """One cargo target folder per crate (by its folder and package), so that dependencies build once."""
    name = hashlib.sha256(f"{sources.tree}:{sources.package}".encode()).hexdigest()[:16]
    return cache_dir() / "cargo-target" / name


def cargo_command(sources: CrateSources, flags: list[str], options: RunOptions) -> list[str]:
    """Run from the copied tree's folder; verus's flags after `--`."""
    assert sources.cargo_verus is not None
    subcommand = "focus" if options.partial else "verify"
    command = [sources.cargo_verus, "verus", subcommand, "--manifest-path", f"{sources.crate_prefix}Cargo.toml"]
    if sources.package:
        command += ["-p", sources.package]
    return [*command, "--target-dir", str(target_dir(sources)), "--", *flags]


def root_crate_output(stdout: str) -> str:
    """cargo forwards verus's flags to every crate it verifies: with a dependency verified too, stdout holds a
    JSON document per crate, and the root crate, built last, prints the last one."""
    starts = [i for i in range(len(stdout)) if stdout.startswith('{\n  "', i) and (i == 0 or stdout[i - 1] == "\n")]
    return stdout[starts[-1] :] if len(starts) > 1 else stdout


def crate_relative_spans(diagnostics: list[Diagnostic], sources: CrateSources, scratch: str) -> list[Diagnostic]:
    """Every span's file relative to the crate folder (`src/net.rs`), as the crate's files are named; `scratch`
    is the folder the run copied the crate into."""

    def relative(span: SpanRef) -> SpanRef:
        path = crate_path(span.file, sources, scratch) if span.file else None
        return span if path is None else span.model_copy(update={"file": path})

    return [
        d.model_copy(
            update={
                "spans": [relative(s) for s in d.spans],
                "location": relative(d.location) if d.location else None,
                "related": [relative(s) for s in d.related],
            }
        )
        for d in diagnostics
    ]


def crate_path(file_name: str, sources: CrateSources, scratch: str = "") -> str | None:
    """A diagnostic's file as a path of the crate, or None when it is none of the crate's files (vstd): the
    path as given, from the workspace folder (`member/src/net.rs`), or absolute in the scratch folder."""
    path = file_name.replace("\\", "/").removeprefix("./")
    if scratch and path.startswith(scratch.rstrip("/") + "/"):
        path = path[len(scratch.rstrip("/")) + 1 :]
    for candidate in (path, path.removeprefix(sources.crate_prefix) if sources.crate_prefix else path):
        normal = str(PurePosixPath(candidate))
        if normal in sources.files:
            return normal
    return None
