"""The crate rules in the gate: between the base revision and the working tree, a module added, deleted or
renamed, a function moved to another file of its crate, and any change to a build file (`Cargo.toml`,
`build.rs`, `.cargo/config.toml`, a toolchain file) are violations, as a proof never needs them.

A crate is the folder of a `Cargo.toml`; `.rs` files outside any such folder are single files (the file rules
alone apply to them). Violations are keyed by the repository path of the file they concern.
"""

from pathlib import Path, PurePosixPath

from verusagent.crate.discover import find_crate
from verusagent.crate.layout import BUILD_FILES, CrateError, CrateLayout
from verusagent.crate.manifest import parse_manifest
from verusagent.crate.model import read_sources
from verusagent.crate.modules import module_files
from verusagent.gate.git import Change, GitError, files_at, read_at
from verusagent.guard import GuardPolicy, Rule, Violation
from verusagent.guard.crate import CrateSnapshot, build_file_violation, guard_crate

_BUILD_CHANGES = {"added": "added", "untracked": "added", "deleted": "deleted"}  # git's status -> the rule's word


def crate_violations(changes: list[Change], base: str, root: Path, policy: GuardPolicy) -> dict[str, list[Violation]]:
    at_base = files_at(base, "", root)
    crates = {_folder(p) for p in at_base if PurePosixPath(p).name == "Cargo.toml"}
    crates |= {_folder(p) for c in changes for p in (c.path, c.base_path) if p and PurePosixPath(p).name == "Cargo.toml"}
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
                found.setdefault(path, []).append(build_file_violation(path, _BUILD_CHANGES.get(change.status, "changed")))
            elif path.endswith(".rs"):
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
    return path if folder in ("", ".") else path[len(folder.rstrip("/")) + 1:]


def _join(folder: str, path: str) -> str:
    return path if folder in ("", ".") else f"{folder}/{path}"


def _module_rules(folder: str, base: str, root: Path, at_base: set[str], policy: GuardPolicy,
                  added: set[str]) -> list[Violation]:
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
    after = CrateSnapshot(layout=now, sources=read_sources(now), stray=sorted(new_files - set(now.paths)))
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
    layout = CrateLayout(folder=(root / folder).resolve(), root=crate_root, files=files, manifest="Cargo.toml",
                         package=manifest.package, problems=problems)
    return CrateSnapshot(layout=layout, sources={f.path: read(f.path) or b"" for f in files})
