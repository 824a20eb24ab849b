"""Two versions of a crate on disk, compared by the crate guard (`verusagent check ORIGINAL CANDIDATE` with two
crate folders), and the report as text."""

import os
from pathlib import Path

from verusagent.crate.discover import find_crate
from verusagent.crate.guard import CrateReport, CrateSnapshot, guard_crate
from verusagent.crate.layout import CrateError, CrateLayout
from verusagent.crate.model import read_sources
from verusagent.guard import GuardPolicy
from verusagent.guard.render import render_report, render_violation


def snapshot(layout: CrateLayout) -> CrateSnapshot:
    return CrateSnapshot(layout=layout, sources=read_sources(layout), build=build_files(layout),
                         stray=stray_files(layout))


def stray_files(layout: CrateLayout) -> list[str]:
    """The `.rs` files beside and below the crate's root file (`src/`) that are no module file of it (build
    files, `target/` and hidden folders apart)."""
    known = {*layout.paths, *layout.build_files}
    source = (layout.folder / layout.root).parent
    found = []
    for path in sorted(source.rglob("*.rs")):
        relative = path.relative_to(layout.folder)
        if relative.parts[0] == "target" or any(part.startswith(".") for part in relative.parts):
            continue
        if relative.as_posix() not in known:
            found.append(relative.as_posix())
    return found


def build_files(layout: CrateLayout) -> dict[str, bytes]:
    """The crate's build files, and its workspace's, by their path relative to the crate folder."""
    found = {name: layout.folder / name for name in layout.build_files}
    if layout.workspace is not None:
        for name in layout.workspace_build_files:
            found[os.path.relpath(layout.workspace / name, layout.folder)] = layout.workspace / name
    try:
        return {name: path.read_bytes() for name, path in found.items()}
    except OSError as error:
        raise CrateError(f"cannot read a build file of {layout.folder}: {error}") from error


def compare_folders(original: Path, candidate: Path, package: str | None, policy: GuardPolicy) -> CrateReport:
    """Raises CrateError when either folder is no crate."""
    before = snapshot(find_crate(original, package).layout)
    after = snapshot(find_crate(candidate, package).layout)
    return guard_crate(before, after, policy)


def render_crate_report(report: CrateReport, name: str, against: str) -> str:
    """One block per file that changed, then the crate's own violations, then the verdict."""
    blocks = [render_report(f.report, _label(f), against=None) for f in report.files if f.status != "unchanged"]
    for violation in report.crate:
        blocks.extend(render_violation(violation, violation.file or name))
    unchanged = sum(1 for f in report.files if f.status == "unchanged")
    verdict = "clean" if report.clean else f"{report.error_count()} violation(s)"
    blocks.append(f"{name}: {verdict} against {against} ({len(report.files)} module files, {unchanged} unchanged)")
    return "\n".join(blocks)


def _label(file) -> str:
    if file.status == "renamed":
        return f"{file.path} (was {file.original_path})"
    return file.path if file.status == "modified" else f"{file.path} ({file.status})"
