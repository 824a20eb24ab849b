"""The crate rules in the gate: between the base revision and the working tree, a module added, deleted or
renamed, a function moved to another file of its crate, and any change to a build file (`Cargo.toml`,
`build.rs`, `.cargo/config.toml`, a toolchain file) are violations, as a proof never needs them.

A crate is the folder of a `Cargo.toml`; `.rs` files outside any such folder are single files (the file rules
alone apply to them). Violations are keyed by the repository path of the file they concern.
"""

import os
from pathlib import Path, PurePosixPath

from verusagent.crate.discover import find_crate
from verusagent.crate.layout import BUILD_FILES, CrateError, CrateLayout
from verusagent.crate.manifest import parse_manifest
from verusagent.crate.model import read_sources
from verusagent.crate.modules import disk_reader, module_files
from verusagent.gate.git import Change, GitError, files_at, read_at
from verusagent.guard import Evidence, GuardPolicy, Rule, Violation
from verusagent.guard.crate import CrateSnapshot, build_file_violation, guard_crate
from verusagent.guard.includes import include_targets, included_files
from verusagent.guard.shadowing import spelled

_BUILD_CHANGES = {"added": "added", "untracked": "added", "deleted": "deleted"}  # git's status -> the rule's word


def crate_violations(changes: list[Change], base: str, root: Path, policy: GuardPolicy) -> dict[str, list[Violation]]:
    at_base = files_at(base, "", root)
    crates = {_folder(p) for p in at_base if PurePosixPath(p).name == "Cargo.toml"}
    crates |= {
        _folder(p) for c in changes for p in (c.path, c.base_path) if p and PurePosixPath(p).name == "Cargo.toml"
    }
    crates |= {_folder(str(m.relative_to(root))) for m in _manifests_above(changes, root)}
    found: dict[str, list[Violation]] = {}
    touched: set[str] = set()
    for change in changes:
        for path in {p for p in (change.path, change.base_path) if p}:
            folder = _nearest(path, crates)
            if folder is None:
                continue
            inside = _inside(path, folder)
            if inside in BUILD_FILES:
                found.setdefault(path, []).append(
                    build_file_violation(path, _BUILD_CHANGES.get(change.status, "changed"))
                )
            else:  # a module file, or a file the crate may include (`include_str!`)
                touched.add(folder)
    added = {c.path for c in changes if c.status in ("added", "untracked") and c.path.endswith(".rs")}
    for folder in sorted(touched):
        for violation in _module_rules(folder, base, root, at_base, policy, added):
            found.setdefault(_join(folder, violation.file or ""), []).append(violation)
    return found


def _folder(path: str) -> str:
    parent = str(PurePosixPath(path).parent)
    return "" if parent == "." else parent


def _manifests_above(changes: list[Change], root: Path) -> set[Path]:
    found = set()
    for change in changes:
        folder = (root / change.path).parent
        while folder != root.parent and folder.is_relative_to(root):
            if (folder / "Cargo.toml").is_file():
                found.add(folder / "Cargo.toml")
                break
            folder = folder.parent
    return found


def _nearest(path: str, crates: set[str]) -> str | None:
    """The deepest crate folder holding `path` ("" is the repository root)."""
    holding = [c for c in crates if c in ("", ".") or path.startswith(c.rstrip("/") + "/")]
    return max(holding, key=len, default=None)


def _inside(path: str, folder: str) -> str:
    return path if folder in ("", ".") else path[len(folder.rstrip("/")) + 1 :]


def _join(folder: str, path: str) -> str:
    return path if folder in ("", ".") else f"{folder}/{path}"


def _module_rules(
    folder: str, base: str, root: Path, at_base: set[str], policy: GuardPolicy, added: set[str]
) -> list[Violation]:
    """The crate's module, moved-function rules between its layout at base and now (build files apart); `added`:
    the new `.rs` files of the change (one that no `mod` line reaches is a module added too)."""
    try:
        now = find_crate(root / folder).layout if folder else find_crate(root).layout
        before = _layout_at(folder, base, root, at_base)
    except (CrateError, GitError):
        return []  # a virtual workspace, or a crate that is new or gone: the file rules alone apply
    if before is None:
        return []
    new_files = {_inside(p, folder) for p in added if folder in ("", ".") or p.startswith(folder.rstrip("/") + "/")}
    sources = read_sources(now)
    included, unresolved = included_files(sources, disk_reader(now.folder))
    after = CrateSnapshot(
        layout=now,
        sources=sources,
        stray=sorted(new_files - set(now.paths)),
        included=included,
        unresolved_includes=unresolved,
    )
    report = guard_crate(before, after, policy)
    return [v for v in report.crate if v.rule != Rule.BUILD_FILE_CHANGED]


def _layout_at(folder: str, base: str, root: Path, at_base: set[str]) -> CrateSnapshot | None:
    manifest_path = _join(folder, "Cargo.toml")
    if manifest_path not in at_base:
        return None
    manifest = parse_manifest(read_at(base, manifest_path, root), root / manifest_path)
    if manifest.package is None:
        return None

    cache: dict[str, bytes | None] = {}

    def read(path: str) -> bytes | None:
        full = _join(folder, path)
        if full not in cache:
            cache[full] = read_at(base, full, root) if full in at_base else None
        return cache[full]

    crate_root = manifest.root_file(lambda path: _join(folder, path) in at_base)
    if crate_root is None:
        return None
    files, problems = module_files(root / folder, crate_root, read)
    layout = CrateLayout(
        folder=(root / folder).resolve(),
        root=crate_root,
        files=files,
        manifest="Cargo.toml",
        package=manifest.package,
        problems=problems,
    )
    sources = {f.path: read(f.path) or b"" for f in files}
    included, unresolved = included_files(sources, read)
    return CrateSnapshot(layout=layout, sources=sources, included=included, unresolved_includes=unresolved)


def crate_names(changes: list[Change], base: str, root: Path) -> dict[str, frozenset[str]]:
    """For each changed `.rs` file of a crate: the identifiers its crate's other module files spell at the base (a
    new item or import of this file must not take one, as `verusagent check` rules)."""
    at_base = files_at(base, "", root)
    crates = {_folder(p) for p in at_base if PurePosixPath(p).name == "Cargo.toml"}
    names: dict[str, frozenset[str]] = {}
    snapshots: dict[str, CrateSnapshot | None] = {}
    for change in changes:
        folder = _nearest(change.path, crates)
        if folder is None:
            continue
        if folder not in snapshots:
            try:
                snapshots[folder] = _layout_at(folder, base, root, at_base)
            except (CrateError, GitError):
                snapshots[folder] = None
        snapshot = snapshots[folder]
        if snapshot is not None:
            inside = _inside(change.base_path or change.path, folder)
            names[change.path] = frozenset().union(
                *(spelled(data) for path, data in snapshot.sources.items() if path != inside)
            )
    return names


def single_file_includes(changes: list[Change], root: Path) -> dict[str, list[Violation]]:
    """A changed file that a `.rs` file outside any crate includes (`include_str!("x.txt")`): the crate rules
    cover crates; here every such file of the working tree is read for its includes, when a non-`.rs` file changed."""
    changed = {c.path for c in changes if not c.path.endswith(".rs")} | {
        c.base_path for c in changes if c.base_path and not c.base_path.endswith(".rs")
    }
    if not changed:
        return {}
    found: dict[str, list[Violation]] = {}
    for source in _rust_files(root):
        if _manifest_above(source, root):
            continue  # a crate's file: the crate rules compare what it includes
        relative = source.relative_to(root).as_posix()
        try:
            data = source.read_bytes()
        except OSError:
            continue
        for target in include_targets(relative, data):
            if target in changed and target not in found:
                found[target] = [_included_changed(target, relative)]
    return found


def _manifest_above(path: Path, root: Path) -> bool:
    folder = path.parent
    while folder.is_relative_to(root):
        if (folder / "Cargo.toml").is_file():
            return True
        if folder == root:
            return False
        folder = folder.parent
    return False


def _rust_files(root: Path) -> list[Path]:
    """The `.rs` files under root, build output (`target/`) and hidden folders left out, without walking them."""
    found: list[Path] = []
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = [d for d in subfolders if d != "target" and not d.startswith(".")]
        found.extend(Path(folder) / name for name in files if name.endswith(".rs"))
    return found


def _included_changed(path: str, by: str) -> Violation:
    return Violation(
        rule=Rule.INCLUDED_FILE_CHANGED,
        function=None,
        candidate=None,
        original=None,
        reason=f"{path}, which {by} includes (include!, include_str!, include_bytes!), changed: it is "
        "part of the program, and a proof never needs to change it",
        evidence=Evidence(original="", candidate=path),
        file=path,
    )
