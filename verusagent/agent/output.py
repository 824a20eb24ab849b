"""Where an agent run's input comes from and its proof goes.

A file: the proof goes to `--out FILE`, else FILE.verified.rs beside it (FILE.standin-verified.rs when the verus
stand-in answered), a partial proof to FILE.partial.rs; `--in-place` writes over FILE after a backup FILE.bak.

A crate (`plan_crate`: the crate of an input path, its files as the original candidate text, the target's file,
and the `--fn` names resolved in it): `--out DIR` (a copy of the crate with the proof), `--in-place` (each changed
file written after a backup FILE.bak), else a copy beside the crate folder (`CRATE.verified`, `CRATE.partial`,
`CRATE.standin-verified` when the verus stand-in answered; for a root `.rs` without Cargo.toml, `ROOT.verified/`
beside it, holding its module files). The user's files change only with --in-place."""

import shutil
from pathlib import Path, PurePosixPath

from pydantic import BaseModel

from verusagent.agent.config import Task
from verusagent.crate.discover import find_crate
from verusagent.crate.layout import CrateError, CrateLayout, CrateTask
from verusagent.crate.model import CrateModel, read_sources
from verusagent.crate_text import join_files
from verusagent.verus.sources import SKIPPED_FOLDERS, tree_digest


def default_out_path(source: Path) -> Path:
    return source.with_name(source.stem + ".verified.rs")


def partial_path(task: Task) -> Path:
    """A partial proof never takes the verified proof's name: FILE.partial.rs, beside --out if given."""
    return task.out_path.with_name(task.source_path.stem + ".partial.rs")


def backup_path(source: Path) -> Path:
    candidate = source.with_name(source.name + ".bak")
    number = 1
    while candidate.exists():
        candidate = source.with_name(f"{source.name}.bak.{number}")
        number += 1
    return candidate


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
        shutil.copytree(
            layout.tree,
            folder,
            ignore=lambda _, names: {n for n in names if n in SKIPPED_FOLDERS},
            dirs_exist_ok=True,
            symlinks=True,
        )
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


class CratePlan(BaseModel):
    """A crate input, or (crate None) a single file as before crates."""

    crate: CrateTask | None
    original: str | None = None  # the crate's files as one text (None for a single file: the caller reads it)
    targets: list[str] = []  # the --fn names; in a crate, resolved: paths from the crate root (`net::send`)
    out: Path | None = None


def plan_crate(source: Path, package: str | None, names: list[str], out: Path | None, in_place: bool) -> CratePlan:
    """Raises CrateError (one line) for a path that is no crate, an unreadable or non-UTF-8 file, a missing module
    file, or a `--fn` name that matches no function or several."""
    located = find_crate(source, package)
    layout = located.layout
    if layout.problems:
        raise CrateError(f"the crate at {layout.folder} cannot be verified as it is: {'; '.join(layout.problems)}")
    if layout.is_single_file and not source.is_dir():  # the names as given (the caller checks them in the file)
        return CratePlan(crate=None, targets=list(names))
    texts = _texts(layout)
    model = CrateModel(layout, texts)
    resolved = [model.resolve(name) for name in names]
    targets = [function.qualified for _, function in resolved]
    target = located.target or (resolved[0][0] if resolved else _default_target(model))
    if out is not None and not in_place:
        problem = out_folder_problem(out, layout)
        if problem:
            raise CrateError(problem)
    digest = _tree_digest(layout)
    return CratePlan(
        crate=CrateTask(layout=layout, target=target, tree_digest=digest),
        original=join_files(texts, layout.paths),
        targets=targets,
        out=out or default_name(layout, "verified"),
    )


def _texts(layout: CrateLayout) -> dict[str, str]:
    texts = {}
    for path, data in read_sources(layout).items():
        try:
            texts[path] = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise CrateError(f"{path} is not UTF-8 (byte {error.start}); verus reads UTF-8 source") from error
    return texts


def _default_target(model: CrateModel) -> str:
    """The root file, unless it holds no function: then the first module file that does."""
    for path, file_model in model.models.items():
        if file_model.functions:
            return path
    return model.layout.root


def _tree_digest(layout: CrateLayout) -> str:
    return tree_digest(layout.tree) if layout.tree is not None else ""
