"""The tree a server works on: its root (one file, or a crate's folder), the original snapshotted at start, and
snapshots of the current tree read from disk when a tool asks. Paths from the client are confined to the root."""

from dataclasses import dataclass
from pathlib import Path

from verusagent.crate.discover import find_crate
from verusagent.crate.layout import CrateError, CrateLayout
from verusagent.crate.model import CrateModel, read_sources
from verusagent.crate_text import join_files


class ToolError(Exception):
    """A bad request from the client (a path outside the root, an unknown function): told to it, not a crash."""


@dataclass(frozen=True)
class Snapshot:
    """The tree's files at one moment, read once: every tool that judges it judges exactly these bytes."""

    layout: CrateLayout
    files: dict[str, bytes]  # path relative to the crate folder (a single file: its name) -> bytes
    single_file: bool

    @property
    def texts(self) -> dict[str, str]:
        try:
            return {path: data.decode("utf-8") for path, data in self.files.items()}
        except UnicodeDecodeError as error:
            raise ToolError(f"a file of the tree is not UTF-8 ({error}): verus reads UTF-8 only") from error

    @property
    def text(self) -> str:
        """The files as one text (verusagent.crate_text): what the record stores and hashes."""
        texts = self.texts
        return texts[self.layout.root] if self.single_file else join_files(texts, self.layout.paths)

    def model(self) -> CrateModel:
        return CrateModel(self.layout, self.files)


@dataclass
class Tree:
    root: Path  # the file, or the crate's folder
    single_file: bool
    original: Snapshot

    @classmethod
    def open(cls, path: Path) -> "Tree":
        root = path.resolve()
        if not root.exists():
            raise ToolError(f"{path} does not exist")
        layout = _layout(root)
        single_file = layout.is_single_file and root.is_file()
        root = root if single_file else layout.folder.resolve()
        return cls(root=root, single_file=single_file, original=_read(layout, single_file))

    @property
    def folder(self) -> Path:
        """Where the client's relative paths start: the file's folder, or the crate's."""
        return self.root.parent if self.single_file else self.root

    def snapshot(self) -> Snapshot:
        """The tree as it is on disk now (a crate's module files found again: a new `mod m;` file counts)."""
        return _read(_layout(self.root), self.single_file)

    def resolve(self, path: str | None) -> str:
        """A client's path (relative to the root's folder, or absolute) as the snapshot names it: refused when it
        leaves the root (`..`, an absolute path elsewhere, a symbolic link out) or is not one of its files."""
        snapshot = self.snapshot()
        if not path:
            return snapshot.layout.root
        wanted = Path(path)
        full = (wanted if wanted.is_absolute() else self.folder / wanted).resolve()
        inside = full == self.root if self.single_file else full.is_relative_to(self.root)
        if not inside:
            raise ToolError(f"{path} is outside the root {self.root}: the server works on that only")
        name = full.name if self.single_file else full.relative_to(self.root).as_posix()
        if name not in snapshot.files:
            raise ToolError(f"{path} is not a source file of the root (its files: {', '.join(snapshot.files)})")
        return name


def _layout(root: Path) -> CrateLayout:
    try:
        return find_crate(root).layout
    except CrateError as error:
        raise ToolError(str(error)) from error


def _read(layout: CrateLayout, single_file: bool) -> Snapshot:
    try:
        return Snapshot(layout=layout, files=read_sources(layout), single_file=single_file)
    except CrateError as error:
        raise ToolError(str(error)) from error
