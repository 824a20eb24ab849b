"""What verusagent reads of a `Cargo.toml`: the package name, the root file, and the workspace's members."""

import tomllib
from collections.abc import Callable
from pathlib import Path

from pydantic import BaseModel, Field

from verusagent.crate.layout import CrateError


class Manifest(BaseModel):
    path: Path  # the Cargo.toml itself
    package: str | None = None  # [package] name; None for a virtual workspace manifest
    lib_path: str | None = None  # [lib] path
    bin_paths: list[str] = Field(default_factory=list)  # [[bin]] path, in order
    members: list[str] | None = None  # [workspace] members (globs); None when the manifest has no [workspace]
    exclude: list[str] = Field(default_factory=list)
    workspace_path: str | None = None  # [package] workspace = "..."

    @property
    def folder(self) -> Path:
        return self.path.parent

    def root_file(self, exists: Callable[[str], bool] | None = None) -> str | None:
        """The crate root relative to the package folder: [lib] path, src/lib.rs, the first [[bin]], src/main.rs.
        `exists` says whether a file of the package folder exists (default: on disk)."""
        exists = exists or (lambda path: (self.folder / path).is_file())
        for candidate in (self.lib_path, "src/lib.rs", *self.bin_paths, "src/main.rs"):
            if candidate and exists(Path(candidate).as_posix()):
                return Path(candidate).as_posix()
        return None


def read_manifest(path: Path) -> Manifest:
    try:
        return parse_manifest(path.read_bytes(), path.resolve())
    except OSError as error:
        raise CrateError(f"cannot read {path}: {error.strerror or error}") from error


def parse_manifest(data: bytes, path: Path) -> Manifest:
    try:
        document = tomllib.loads(data.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise CrateError(f"{path} is not a valid Cargo.toml: {error}") from error
    return _manifest(document, path)


def _manifest(data: dict, path: Path) -> Manifest:
    package, workspace = _table(data, "package"), data.get("workspace")
    return Manifest(
        path=path,
        package=_text(package.get("name")),
        lib_path=_text(_table(data, "lib").get("path")),
        bin_paths=[p for p in (_text(b.get("path")) for b in _tables(data.get("bin"))) if p],
        members=_texts(workspace.get("members", [])) if isinstance(workspace, dict) else None,
        exclude=_texts(workspace.get("exclude", [])) if isinstance(workspace, dict) else [],
        workspace_path=_text(package.get("workspace")),
    )


def _table(data: dict, key: str) -> dict:
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def _tables(value) -> list[dict]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _text(value) -> str | None:
    return value if isinstance(value, str) else None


def _texts(value) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def nearest_manifest(start: Path) -> Path | None:
    """The Cargo.toml of `start`'s folder or of the nearest folder above it."""
    folder = start.resolve()
    folder = folder if folder.is_dir() else folder.parent
    for candidate in (folder, *folder.parents):
        if (candidate / "Cargo.toml").is_file():
            return candidate / "Cargo.toml"
    return None


def member_manifests(workspace: Manifest) -> list[Manifest]:
    """The workspace's member packages (globs expanded, `exclude` left out), in the order written."""
    found: list[Manifest] = []
    excluded = {(workspace.folder / e).resolve() for e in workspace.exclude}
    for pattern in workspace.members or []:
        for folder in sorted(workspace.folder.glob(pattern)):
            manifest = folder / "Cargo.toml"
            if (
                manifest.is_file()
                and folder.resolve() not in excluded
                and all(m.path != manifest.resolve() for m in found)
            ):
                found.append(read_manifest(manifest))
    if workspace.package and all(m.path != workspace.path for m in found):
        found.insert(0, workspace)
    return found


def workspace_of(manifest: Manifest) -> Manifest | None:
    """The workspace a package belongs to: `package.workspace`, else the nearest manifest above with a
    [workspace] whose members include it (or its own [workspace])."""
    if manifest.members is not None:
        return manifest
    if manifest.workspace_path:
        return read_manifest((manifest.folder / manifest.workspace_path / "Cargo.toml").resolve())
    for folder in manifest.folder.parents:
        candidate = folder / "Cargo.toml"
        if candidate.is_file():
            above = read_manifest(candidate)
            if above.members is not None:  # cargo stops at the first workspace above, as does this
                return above if any(m.path == manifest.path for m in member_manifests(above)) else None
    return None
