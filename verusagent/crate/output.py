"""Where a proved crate goes: `--out DIR` (a copy of the crate with the proof), `--in-place` (each changed
file written after a backup FILE.bak), else a copy beside the crate folder (`CRATE.verified`, `CRATE.partial`,
`CRATE.standin-verified` when the verus stand-in answered; for a root `.rs` without Cargo.toml, `ROOT.verified/`
beside it, holding its module files). The user's files change only with --in-place."""

import shutil
from pathlib import Path, PurePosixPath

from verusagent.crate.layout import CrateLayout
from verusagent.verus.sources import SKIPPED_FOLDERS


def default_name(layout: CrateLayout, suffix: str, number: int = 0) -> Path:
    counted = f".{number}" if number else ""
    if layout.tree is None:
        return layout.folder / f"{PurePosixPath(layout.root).stem}.{suffix}{counted}"
    return layout.tree.with_name(f"{layout.tree.name}.{suffix}{counted}")


def default_out_folder(layout: CrateLayout, suffix: str) -> Path:
    """`netlib.verified` beside the crate folder (or its workspace), numbered when it exists."""
    number = 0
    while default_name(layout, suffix, number).exists():
        number += 1
    return default_name(layout, suffix, number)


def out_folder_problem(folder: Path, layout: CrateLayout) -> str | None:
    """Why `--out DIR` cannot take a crate (None when it can): it must be new or empty, and outside the folder
    that is copied into it."""
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        return f"--out {folder} must be a new or empty folder for a crate (the proved crate is copied into it)"
    if layout.tree is not None and folder.resolve().is_relative_to(layout.tree.resolve()):
        return f"--out {folder} is inside {layout.tree}, which is copied into it: choose a folder outside it"
    parent = folder.parent
    if not parent.is_dir():
        return f"cannot write the proved crate to {folder}: {parent} is not a folder"
    return None


def write_copy(layout: CrateLayout, files: dict[str, str], folder: Path) -> Path:
    """The crate (its workspace, for a member; its module files alone, for a bare root file) copied into
    `folder`, with `files` (crate paths) written over it; returns the crate folder inside the copy."""
    if layout.tree is not None:
        shutil.copytree(layout.tree, folder, ignore=lambda _, names: {n for n in names if n in SKIPPED_FOLDERS},
                        dirs_exist_ok=True, symlinks=True)
        crate = folder / layout.tree_prefix
    else:
        crate = folder
        for path in layout.paths:
            _write(crate / path, layout.absolute(path).read_bytes())
    for path, text in files.items():
        _write(crate / path, text.encode("utf-8"))
    return crate


def write_in_place(layout: CrateLayout, changed: dict[str, str]) -> list[Path]:
    """Each changed file written after its backup (FILE.bak, numbered when taken); returns the backups."""
    from verusagent.agent.outcome import backup_path

    backups = []
    for path, text in changed.items():
        target = layout.absolute(path)
        backup = backup_path(target)
        shutil.copy2(target, backup)
        backups.append(backup)
        target.write_text(text, encoding="utf-8")
    return backups


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
