"""What a crate is made of: its folder, its root file, every module file with its module path, its build files.

Paths are relative to the crate folder, with `/` as the separator (`src/net.rs`). A single `.rs` file with no
`mod x;` and no `Cargo.toml` is a crate of one file: its folder is the file's folder and its root is its name.
"""

from pathlib import Path

from pydantic import BaseModel, Field

# Files a proof never needs to change; a change to any of them is a violation (relative to the crate folder or
# to the workspace folder).
BUILD_FILES = (
    "Cargo.toml",
    "Cargo.lock",
    "build.rs",
    ".cargo/config.toml",
    ".cargo/config",
    "rust-toolchain",
    "rust-toolchain.toml",
)


class CrateError(Exception):
    """The path names no crate verusagent can work on; the message says why and what to pass instead."""


class ModuleFile(BaseModel):
    path: str  # relative to the crate folder: "src/net.rs"
    module: str  # the module path from the crate root: "" for the root, "net", "net::conn"
    declared_in: str | None = None  # the file holding its `mod` line (None for the root)
    declared_line: int | None = None


class CrateLayout(BaseModel):
    folder: Path  # absolute: where the Cargo.toml is, or the root file's folder
    root: str  # the root file, relative to `folder`
    files: list[ModuleFile]  # the root first, then each module file in declaration order (depth first)
    manifest: str | None = None  # "Cargo.toml" when the crate has one
    package: str | None = None  # the package name in Cargo.toml
    workspace: Path | None = None  # the workspace folder, when the crate is a member of a workspace
    build_files: list[str] = Field(default_factory=list)  # BUILD_FILES present, relative to `folder`
    workspace_build_files: list[str] = Field(default_factory=list)  # BUILD_FILES present in the workspace folder
    problems: list[str] = Field(default_factory=list)  # `mod` lines whose file is missing, and such

    @property
    def paths(self) -> list[str]:
        return [f.path for f in self.files]

    @property
    def is_single_file(self) -> bool:
        """A bare `.rs` file without module files: what every command took before crates."""
        return self.manifest is None and len(self.files) == 1

    def module_of(self, path: str) -> str | None:
        return next((f.module for f in self.files if f.path == path), None)

    def file_of_module(self, module: str) -> str | None:
        return next((f.path for f in self.files if f.module == module), None)

    def absolute(self, path: str) -> Path:
        return self.folder / path

    def relative(self, path: Path) -> str | None:
        """`path` relative to the crate folder, or None when it lies outside it."""
        try:
            return path.resolve().relative_to(self.folder.resolve()).as_posix()
        except ValueError:
            return None

    @property
    def tree(self) -> Path | None:
        """The folder a verus run copies (the workspace of a member, else the crate folder); None for a bare
        root file, whose module files alone are copied."""
        if self.manifest is None:
            return None
        return self.workspace or self.folder

    @property
    def tree_prefix(self) -> str:
        """The crate folder relative to the copied tree: "" or "member/" in a workspace."""
        if self.workspace is None:
            return ""
        inside = self.folder.resolve().relative_to(self.workspace.resolve()).as_posix()
        return "" if inside == "." else inside + "/"

    def describe(self) -> str:
        kind = f"package {self.package}" if self.package else "crate"
        builds = f"; build files: {', '.join(self.build_files)}" if self.build_files else ""
        return f"{kind} at {self.folder} (root {self.root}, {len(self.files)} module file(s){builds})"


class CrateTask(BaseModel):
    """What a run on a crate records of it (in the plan, for --resume): the layout and the target's file."""

    layout: CrateLayout
    target: str  # the file the prompt shows, relative to the crate folder
    tree_digest: str = ""  # of the copied folder, when the run started
