"""From what a user names (a `Cargo.toml`, a crate folder, a root `.rs`, a module file) to a crate layout.

A `.rs` file inside a cargo package's module tree belongs to that package, and becomes the target; any other
`.rs` file is the root of its own crate (as `verus FILE` takes it), which is a crate of one file unless it has
`mod x;` declarations. In a workspace, `--package NAME` picks the member; by default the member holding the path.
"""

from pathlib import Path

from pydantic import BaseModel

from verusagent.crate.layout import BUILD_FILES, CrateError, CrateLayout
from verusagent.crate.manifest import Manifest, member_manifests, nearest_manifest, read_manifest, workspace_of
from verusagent.crate.modules import module_files


class Located(BaseModel):
    layout: CrateLayout
    target: str | None  # the module file named by the path, relative to the crate folder (None: the crate itself)


def find_crate(path: Path, package: str | None = None) -> Located:
    """Raises CrateError with a one-line reason (and what to pass instead) when `path` names no crate."""
    if not path.exists():
        raise CrateError(f"{path} does not exist")
    if path.is_dir():
        return _from_folder(path, package)
    if path.name == "Cargo.toml":
        return Located(layout=_package_layout(read_manifest(path), package), target=None)
    if path.suffix != ".rs":
        raise CrateError(f"{path} is neither a .rs file, a crate folder nor a Cargo.toml")
    return _from_file(path, package)


def _from_folder(folder: Path, package: str | None) -> Located:
    manifest = folder / "Cargo.toml"
    if not manifest.is_file():
        roots = [name for name in ("src/lib.rs", "src/main.rs", "lib.rs", "main.rs") if (folder / name).is_file()]
        hint = (
            f"; pass its root file, e.g. {folder / roots[0]}" if roots else "; pass a crate folder or a root .rs file"
        )
        raise CrateError(f"{folder} holds no Cargo.toml{hint}")
    return Located(layout=_package_layout(read_manifest(manifest), package), target=None)


def _from_file(file: Path, package: str | None) -> Located:
    found = nearest_manifest(file)
    if found is not None:
        manifest = read_manifest(found)
        try:
            layout = _package_layout(manifest, package, holding=file)
        except CrateError:
            if package is not None:
                raise
            layout = None
        target = layout.relative(file) if layout else None
        if layout is not None and target in layout.paths:
            return Located(layout=layout, target=target)
        if package is not None:
            raise CrateError(f"{file} is not a module file of package {package}")
    return Located(layout=bare_layout(file), target=None)


def bare_layout(root: Path) -> CrateLayout:
    """A root `.rs` without a Cargo.toml: its folder, and the module files its `mod` lines name."""
    folder = root.resolve().parent
    files, problems = module_files(folder, root.name)
    return CrateLayout(folder=folder, root=root.name, files=files, problems=problems)


def _package_layout(manifest: Manifest, package: str | None, holding: Path | None = None) -> CrateLayout:
    workspace = workspace_of(manifest)
    chosen = _choose_package(manifest, workspace, package, holding)
    root = chosen.root_file()
    if root is None:
        raise CrateError(
            f"package {chosen.package} ({chosen.path}) has no root file: no [lib] path, src/lib.rs, "
            "[[bin]] path or src/main.rs"
        )
    files, problems = module_files(chosen.folder, root)
    shared = workspace.folder if workspace is not None and workspace.folder != chosen.folder else None
    return CrateLayout(
        folder=chosen.folder,
        root=root,
        files=files,
        manifest="Cargo.toml",
        package=chosen.package,
        workspace=workspace.folder if workspace is not None else None,
        build_files=_present(chosen.folder),
        workspace_build_files=_present(shared) if shared else [],
        problems=problems,
    )


def _choose_package(
    manifest: Manifest, workspace: Manifest | None, package: str | None, holding: Path | None
) -> Manifest:
    members = member_manifests(workspace) if workspace is not None else [manifest]
    if package is not None:
        chosen = [m for m in members if m.package == package]
        if not chosen:
            names = ", ".join(m.package or "?" for m in members)
            raise CrateError(f"no package {package!r} here; the packages are: {names}")
        return chosen[0]
    if manifest.package is not None:
        return manifest
    return _member_holding(members, holding, manifest)


def _member_holding(members: list[Manifest], holding: Path | None, workspace: Manifest) -> Manifest:
    if holding is not None:
        inside = [m for m in members if holding.resolve().is_relative_to(m.folder)]
        if inside:
            return max(inside, key=lambda m: len(m.folder.parts))
    names = ", ".join(m.package or "?" for m in members)
    raise CrateError(
        f"{workspace.path} is a workspace: pass --package NAME (its packages: {names}) or a member's folder"
    )


def _present(folder: Path) -> list[str]:
    return [name for name in BUILD_FILES if (folder / name).is_file()]
