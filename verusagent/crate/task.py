"""What an agent command (prove, repair, synth) makes of its input path: the crate, its files as the original
candidate text, the target's file, where the proof goes, and the `--fn` names resolved in the crate."""

from pathlib import Path

from pydantic import BaseModel

from verusagent.crate.discover import find_crate
from verusagent.crate_text import join_files
from verusagent.crate.layout import CrateError, CrateLayout, CrateTask
from verusagent.crate.model import CrateModel, read_sources
from verusagent.crate.output import default_name, out_folder_problem


class CratePlan(BaseModel):
    """A crate input, or (crate None) a single file as before crates."""

    crate: CrateTask | None
    original: str | None = None  # the crate's files as one text (None for a single file: the caller reads it)
    targets: list[str] = []  # the --fn names; in a crate, resolved: paths from the crate root (`net::send`)
    out: Path | None = None


def plan_crate(source: Path, package: str | None, names: list[str], out: Path | None,
               in_place: bool) -> CratePlan:
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
    return CratePlan(crate=CrateTask(layout=layout, target=target, tree_digest=digest),
                     original=join_files(texts, layout.paths), targets=targets,
                     out=out or default_name(layout, "verified"))


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
    from verusagent.verus.sources import tree_digest

    return tree_digest(layout.tree) if layout.tree is not None else ""
