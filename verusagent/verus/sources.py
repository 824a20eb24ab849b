"""What one verus run verifies: the files written into its scratch folder, the root it is given, and whether
`cargo verus` runs instead of `verus ROOT`. A single file is a crate of one file with no folder to copy."""

import hashlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from verusagent.crate_text import join_bytes

SKIPPED_FOLDERS = frozenset({"target", ".git", ".verusagent", "node_modules", "__pycache__", ".venv"})
MAX_TREE_BYTES = 256 * 1024 * 1024  # a crate folder copied for every run; beyond this, verusagent refuses


class TreeTooLarge(OSError):
    pass


class CrateSources(BaseModel):
    model_config = ConfigDict(frozen=True)

    files: dict[str, bytes]  # the module files, relative to the crate folder, in the crate's order
    root: str  # the root file, relative to the crate folder
    tree: Path | None = None  # copied first (the crate folder, or its workspace); None: the files alone
    tree_digest: str = ""  # of every file of the tree, for the cache key
    crate_prefix: str = ""  # the crate folder inside the tree: "" or "member/"
    package: str | None = None
    crate_name: str | None = None  # passed as --crate-name to `verus ROOT` (a file stem may be no crate name)
    cargo_verus: str | None = None  # run `cargo verus verify` with this cargo-verus
    extra_key: tuple[str, ...] = Field(
        default_factory=tuple
    )  # more that the answer depends on (cargo-verus's identity)

    @classmethod
    def single(cls, file_name: str, data: bytes) -> "CrateSources":
        return cls(files={file_name: data}, root=file_name)

    @property
    def is_single_file(self) -> bool:
        return self.tree is None and len(self.files) == 1 and self.cargo_verus is None

    @property
    def root_data(self) -> bytes:
        return self.files[self.root]

    def content(self) -> bytes:
        """The files as one text: the file itself for a single file (what content_sha256 is taken of)."""
        return join_bytes(self.files)

    def key_parts(self) -> list[str]:
        runner = f"cargo-verus {self.package or ''}" if self.cargo_verus else "verus"
        return [runner, self.root, self.crate_prefix, self.tree_digest, self.crate_name or "", *self.extra_key]

    def write(self, scratch: Path) -> Path:
        """Copy the tree and write the files into `scratch`; returns the crate folder inside it."""
        if self.tree is not None:
            copy_tree(self.tree, scratch)
        crate = scratch / self.crate_prefix
        for path, data in self.files.items():
            target = crate / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        return crate


def _skipped(folder: str, names: list[str]) -> set[str]:
    return {name for name in names if name in SKIPPED_FOLDERS}


def copy_tree(tree: Path, scratch: Path) -> None:
    size = tree_size(tree)
    if size > MAX_TREE_BYTES:
        raise TreeTooLarge(
            f"{tree} holds {size} bytes of files (target/ and .git/ left out); verusagent copies at "
            f"most {MAX_TREE_BYTES} for a verus run"
        )
    shutil.copytree(tree, scratch, ignore=_skipped, dirs_exist_ok=True, symlinks=True)


def _walk(tree: Path) -> Iterator[Path]:
    for folder, subfolders, names in os.walk(tree):
        subfolders[:] = sorted(s for s in subfolders if s not in SKIPPED_FOLDERS)
        for name in sorted(names):
            yield Path(folder) / name


def tree_size(tree: Path) -> int:
    return sum(path.stat().st_size for path in _walk(tree) if path.is_file())


def tree_digest(tree: Path) -> str:
    """Every file of the tree (target/ and .git/ left out) by path and bytes: a key part of each crate run."""
    digest = hashlib.sha256()
    for path in _walk(tree):
        if path.is_file():
            digest.update(path.relative_to(tree).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()
