"""Where a proved crate goes: `--out DIR` (a copy of the crate with the proof), `--in-place` (each changed
file written after a backup FILE.bak), else a copy beside the crate folder (`CRATE.verified`, `CRATE.partial`,
`CRATE.standin-verified` when the verus stand-in answered). The user's files change only with --in-place."""

import shutil
from pathlib import Path

from verusagent.crate.layout import CrateLayout
from verusagent.verus.sources import SKIPPED_FOLDERS


def default_name(layout: CrateLayout, suffix: str) -> Path:
    base = layout.tree or layout.folder
    return base.with_name(f"{base.name}.{suffix}")


def default_out_folder(layout: CrateLayout, suffix: str) -> Path:
    """`netlib.verified` beside the crate folder (or its workspace), numbered when it exists."""
    base = layout.tree or layout.folder
    candidate = default_name(layout, suffix)
    number = 1
    while candidate.exists():
        candidate = base.with_name(f"{base.name}.{suffix}.{number}")
        number += 1
    return candidate


def out_folder_problem(folder: Path) -> str | None:
    """Why `--out DIR` cannot take a crate (None when it can): it must be new or empty."""
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        return f"--out {folder} must be a new or empty folder for a crate (the proved crate is copied into it)"
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
