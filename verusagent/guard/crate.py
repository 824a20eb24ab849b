"""The guard over a crate: every module file against its original (the file's own guard), and the crate's
rules: a proof never adds, deletes or renames a module, never moves a function to another file, and never
changes `Cargo.toml`, `build.rs`, `.cargo/config.toml` or a toolchain file.

Violations carry their file (relative to the crate folder) and crate unit ids (`fn:net::send`). Also here: the
guard of an agent's candidate text (`guard_workspace`), and two versions of a crate on disk compared
(`verusagent check ORIGINAL CANDIDATE` with two crate folders) with the report as text.
"""

import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, computed_field

from verusagent.crate.discover import find_crate
from verusagent.crate.layout import CrateError, CrateLayout
from verusagent.crate.model import read_sources
from verusagent.crate.modules import ModuleDecl, declarations, disk_reader
from verusagent.crate.workspace import CrateWorkspace
from verusagent.guard import Evidence, GuardPolicy, GuardReport, Rule, Severity, Violation, guard, guard_new_file
from verusagent.guard.includes import included_files
from verusagent.guard.render import render_report, render_violation
from verusagent.guard.shadowing import spelled
from verusagent.lens import parse

Status = Literal["modified", "unchanged", "added", "deleted", "renamed"]


class CrateSnapshot(BaseModel):
    """One version of a crate: its layout and the bytes of its module files and build files."""

    layout: CrateLayout
    sources: dict[str, bytes]  # module file path -> bytes
    build: dict[str, bytes] = {}  # build file (relative to the crate folder; "../" for the workspace's) -> bytes
    stray: list[str] = []  # `.rs` files in the crate folder that no `mod` line reaches (yet)
    included: dict[str, bytes | None] = {}  # files the module files include (`include_str!`, ...) -> bytes
    unresolved_includes: list[str] = []  # module files with an include whose path is no plain string literal


class FileReport(BaseModel):
    path: str  # relative to the crate folder (the candidate's path; the original's for a deleted file)
    status: Status
    original_path: str | None = None
    report: GuardReport


class CrateReport(BaseModel):
    files: list[FileReport]
    crate: list[Violation]  # the crate's own rules: modules, moved functions, build files

    @computed_field  # type: ignore[prop-decorator]
    @property
    def clean(self) -> bool:
        return all(f.report.clean for f in self.files) and not any(v.severity == Severity.ERROR for v in self.crate)

    def merged(self) -> GuardReport:
        """Every violation in one report (each naming its file), as the agent uses it."""
        violations = [*self.crate, *(v for f in self.files for v in f.report.violations)]
        return GuardReport(
            violations=violations, functions_compared=sum(f.report.functions_compared for f in self.files)
        )

    def error_count(self) -> int:
        return sum(len(f.report.errors()) for f in self.files) + sum(v.severity == Severity.ERROR for v in self.crate)


def guard_crate(original: CrateSnapshot, candidate: CrateSnapshot, policy: GuardPolicy = GuardPolicy()) -> CrateReport:
    before, after = _modules(original), _modules(candidate)
    renamed = _renames(original, candidate, before, after)
    files = [_file_report(path, original, candidate, policy) for path in after if path in before]
    files += [_new_file(path, candidate, policy, renamed.get(path)) for path in after if path not in before]
    files += [
        FileReport(path=path, status="deleted", report=GuardReport(violations=[]))
        for path in before
        if path not in after and path not in renamed.values()
    ]
    crate = _module_violations(before, after, renamed, original, candidate)
    crate += [
        _crate_violation(
            Rule.MODULE_CHANGED,
            path,
            f"file {path} was added: a `.rs` file that no `mod` line "
            "reaches yet is a module to come, and a proof adds no module",
        )
        for path in sorted(set(candidate.stray) - set(original.stray) - set(before))
    ]
    crate += _moved_functions(original, candidate, before, after, renamed)
    crate += _build_violations(original.build, candidate.build)
    crate += included_violations(original, candidate)
    for violation in crate:
        violation.severity = policy.severity(violation.rule)
    return CrateReport(files=files, crate=crate)


def _modules(snapshot: CrateSnapshot) -> dict[str, str]:
    return {f.path: f.module for f in snapshot.layout.files if f.path in snapshot.sources}


def _file_report(path: str, original: CrateSnapshot, candidate: CrateSnapshot, policy: GuardPolicy) -> FileReport:
    old, new = original.sources[path], candidate.sources[path]
    module = candidate.layout.module_of(path) or ""
    if old == new:
        return FileReport(path=path, status="unchanged", report=GuardReport(violations=[]))
    report = guard(
        old,
        new,
        policy_for_module(policy, module),
        names=_other_names(original, path),
        module=candidate.layout.module_of(path),
    )
    return FileReport(path=path, status="modified", report=_in_crate(report, path, module))


def _other_names(original: CrateSnapshot, path: str) -> frozenset[str]:
    """The identifiers the crate's other files spell: a new function of this file must not take one (a glob
    import of this module elsewhere would find it first)."""
    return frozenset().union(*(spelled(data) for other, data in original.sources.items() if other != path))


def _new_file(path: str, candidate: CrateSnapshot, policy: GuardPolicy, was: str | None) -> FileReport:
    module = candidate.layout.module_of(path) or ""
    report = _in_crate(guard_new_file(candidate.sources[path], policy_for_module(policy, module)), path, module)
    return FileReport(path=path, status="renamed" if was else "added", original_path=was, report=report)


def _in_crate(report: GuardReport, path: str, module: str) -> GuardReport:
    for violation in report.violations:
        violation.file = path
        violation.function = crate_unit_id(violation.function, module)
    return report


def crate_unit_id(unit_id: str | None, module: str) -> str | None:
    """A file's own unit id (`fn:send/loop#1`) as the crate's (`fn:net::send/loop#1`)."""
    if unit_id is None or not module or not unit_id.startswith("fn:"):
        return unit_id
    return f"fn:{module}::{unit_id[3:]}"


def policy_for_module(policy: GuardPolicy, module: str) -> GuardPolicy:
    """The policy as one file's guard reads it: crate names of that module's functions (`fn:net::send`,
    `net::send`) also in the file's own form (`fn:send`, `send`)."""
    if not module or not policy.exec_editable_functions:
        return policy
    local = set(policy.exec_editable_functions)
    for name in policy.exec_editable_functions:
        for prefix, head in ((f"fn:{module}::", "fn:"), (f"{module}::", "")):
            if name.startswith(prefix):
                local.add(head + name[len(prefix) :])
    return policy.model_copy(update={"exec_editable_functions": frozenset(local)})


def _renames(
    original: CrateSnapshot, candidate: CrateSnapshot, before: dict[str, str], after: dict[str, str]
) -> dict[str, str]:
    """New path -> old path, for a module file moved (same module) or renamed (same content)."""
    gone = [p for p in before if p not in after]
    renamed = {}
    for path in (p for p in after if p not in before):
        match = next((old for old in gone if before[old] == after[path]), None)
        match = match or next((old for old in gone if original.sources[old] == candidate.sources[path]), None)
        if match is not None:
            renamed[path] = match
            gone.remove(match)
    return renamed


def _module_violations(
    before: dict[str, str],
    after: dict[str, str],
    renamed: dict[str, str],
    original: CrateSnapshot,
    candidate: CrateSnapshot,
) -> list[Violation]:
    violations = [
        _crate_violation(
            Rule.MODULE_CHANGED, path, f"module {after[path] or 'crate root'} moved or renamed: {was} is now {path}"
        )
        for path, was in renamed.items()
    ]
    violations += [
        _crate_violation(Rule.MODULE_CHANGED, path, f"module file {path} (module {after[path]}) was added")
        for path in after
        if path not in before and path not in renamed
    ]
    violations += [
        _crate_violation(Rule.MODULE_CHANGED, path, f"module file {path} (module {before[path]}) was deleted")
        for path in before
        if path not in after and path not in renamed.values()
    ]
    if original.layout.root != candidate.layout.root:
        violations.append(
            _crate_violation(
                Rule.MODULE_CHANGED, candidate.layout.root, f"the crate root changed from {original.layout.root}"
            )
        )
    for path in (p for p in after if p in before):
        violations += _declaration_changes(path, original.sources[path], candidate.sources[path])
    return violations


def _declaration_changes(path: str, old: bytes, new: bytes) -> list[Violation]:
    """`mod x;` lines added or removed in one file (a new module file is a new trust boundary)."""

    def key(decl: ModuleDecl) -> tuple[str, str | None]:
        return ("::".join((*decl.inline, decl.name)), decl.path_attribute)

    was = {key(d): d for d in declarations(old)}
    now = {key(d): d for d in declarations(new)}
    added = [
        _crate_violation(
            Rule.MODULE_CHANGED,
            path,
            f"`mod {name};` was added{_at(path, d.line)}" + (f' (#[path = "{attr}"])' if attr else ""),
            d.line,
        )
        for (name, attr), d in now.items()
        if (name, attr) not in was
    ]
    removed = [
        _crate_violation(Rule.MODULE_CHANGED, path, f"`mod {name};` was removed from {path}")
        for (name, attr), d in was.items()
        if (name, attr) not in now
    ]
    return added + removed


def _at(path: str, line: int) -> str:
    return f" in {path} line {line}"


def _moved_functions(
    original: CrateSnapshot,
    candidate: CrateSnapshot,
    before: dict[str, str],
    after: dict[str, str],
    renamed: dict[str, str],
) -> list[Violation]:
    """A function that left one file and appeared in another (by its name inside its module: `Conn::open`);
    the functions of a renamed module file stay in it (the rename is its own violation)."""
    was = _function_homes(original, before)
    now = {name: {renamed.get(p, p) for p in paths} for name, paths in _function_homes(candidate, after).items()}
    moved = []
    for local, paths in was.items():
        arrived = sorted(now.get(local, set()) - paths)
        left = sorted(paths - now.get(local, set()))
        if arrived and left:
            into = next((new for new, old in renamed.items() if old == arrived[0]), arrived[0])
            moved.append(
                _crate_violation(Rule.FUNCTION_MOVED, into, f"function {local} moved from {left[0]} to {into}")
            )
    return moved


def _function_homes(snapshot: CrateSnapshot, modules: dict[str, str]) -> dict[str, set[str]]:
    homes: dict[str, set[str]] = {}
    for path in modules:
        for function in parse(snapshot.sources[path]).functions:
            homes.setdefault(function.qualified, set()).add(path)
    return homes


def included_violations(original: CrateSnapshot, candidate: CrateSnapshot) -> list[Violation]:
    """Files read by an include macro that changed, and includes the guard cannot follow (fail closed)."""
    found = []
    for path in sorted(set(original.included) | set(candidate.included)):
        old, new = original.included.get(path), candidate.included.get(path)
        if old != new:
            what = "added" if old is None else "removed" if new is None else "changed"
            found.append(
                _crate_violation(
                    Rule.INCLUDED_FILE_CHANGED,
                    path,
                    f"{path}, which the crate includes "
                    f"(include!, include_str!, include_bytes!), was {what}: it is part of "
                    "the program, and a proof never needs to change it",
                )
            )
    for path in candidate.unresolved_includes:
        found.append(
            _crate_violation(
                Rule.INCLUDED_FILE_CHANGED,
                path,
                f"{path} includes a file by a path that is "
                "no plain string literal: the guard cannot read what it includes",
            )
        )
    return found


def _build_violations(before: dict[str, bytes], after: dict[str, bytes]) -> list[Violation]:
    violations = []
    for name in sorted(set(before) | set(after)):
        old, new = before.get(name), after.get(name)
        if old == new:
            continue
        violations.append(
            build_file_violation(name, "added" if old is None else "deleted" if new is None else "changed")
        )
    return violations


def build_file_violation(path: str, what: str) -> Violation:
    """`path` (a build file) was `what` ("added", "deleted", "changed"): a proof never needs that."""
    return _crate_violation(
        Rule.BUILD_FILE_CHANGED, path, f"{path} was {what}: a proof never needs to change the build"
    )


def _crate_violation(rule: Rule, path: str, reason: str, line: int | None = None) -> Violation:
    return Violation(
        rule=rule,
        function=None,
        candidate=None,
        original=None,
        reason=reason,
        evidence=Evidence(original="", candidate=f"{path}:{line}" if line else path),
        file=path,
    )


# ---------------------------------------------------------------- an agent's candidate text


def guard_workspace(workspace: CrateWorkspace, original: str, candidate: str, policy: GuardPolicy) -> GuardReport:
    """The guard on a candidate text of the workspace: the file guard for a single file, else the crate guard's
    violations in one report (a text that is not of this crate's files is a violation)."""
    if workspace.is_single_file:
        return guard(original, candidate, policy, module="")  # verus compiles the one file as the crate root
    before = CrateSnapshot(layout=workspace.layout, sources=_encoded(workspace.files(original)))
    try:
        after = CrateSnapshot(layout=workspace.layout, sources=_encoded(workspace.files(candidate)))
    except ValueError as error:  # not this crate's text: nothing to vouch for
        return GuardReport(violations=[_unreadable(str(error))])
    return guard_crate(before, after, policy).merged()


def _unreadable(reason: str) -> Violation:
    return Violation(
        rule=Rule.GUARD_ERROR,
        function=None,
        candidate=None,
        original=None,
        reason=f"the candidate is not a text of this crate's files ({reason})",
        evidence=Evidence(original="", candidate=""),
    )


def _encoded(files: dict[str, str]) -> dict[str, bytes]:
    return {path: text.encode("utf-8") for path, text in files.items()}


# ---------------------------------------------------------------- two crate folders on disk


def snapshot(layout: CrateLayout) -> CrateSnapshot:
    sources = read_sources(layout)
    included, unresolved = included_files(sources, disk_reader(layout.folder))
    return CrateSnapshot(
        layout=layout,
        sources=sources,
        build=build_files(layout),
        stray=stray_files(layout),
        included=included,
        unresolved_includes=unresolved,
    )


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


def _label(file: FileReport) -> str:
    if file.status == "renamed":
        return f"{file.path} (was {file.original_path})"
    return file.path if file.status == "modified" else f"{file.path} ({file.status})"
