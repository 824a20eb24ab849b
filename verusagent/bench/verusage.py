"""VeruSAGE-Bench tasks and their honest (task, proof) pairs.

A VeruSAGE-Bench folder holds project folders; each project has `unverified/<name>.rs` tasks (specs, code and
surrounding definitions, with the proof of one target function removed), ground truths under `verified/**`, and a
`mapping_*.txt` pairing them. A ground truth is the upstream extraction, not "the task plus a proof", so the honest
pair is the task with the ground truth's target function spliced in place of the task's function of that name.

The target is named by the file: the last `__`-separated part of its stem, read with the naming conventions the
projects use (`impl1_erase` is `erase`; storage's `inv_L_name` is `lemma_name`, `logimpl_name` is `name`). It must be
one proof or exec function, unique by name in both files; otherwise the task has no pair and says why.
"""

import re
from pathlib import Path

from pydantic import BaseModel

from verusagent.guard.source import analyse
from verusagent.lens import Function, Mode, parse

_IMPL_PREFIX = re.compile(r"^impl\d+_")
_PROVABLE = frozenset({Mode.PROOF, Mode.EXEC})


class VerusageTask(BaseModel):
    project: str
    name: str  # the task file's stem
    task_path: Path
    ground_truth_path: Path | None  # None when the mapping names none or the file is missing

    @property
    def task_id(self) -> str:
        return f"{self.project}/{self.name}"


class SplicedPair(BaseModel):
    """The task as given, and the same file with the ground truth's target function in place of its own."""

    task: VerusageTask
    target: str
    original: str
    spliced: str
    ground_truth_function: str  # the target's text in the ground truth, attributes to closing brace


class NoPair(BaseModel):
    task: VerusageTask
    reason: str


def is_project(folder: Path) -> bool:
    return (folder / "unverified").is_dir() and any(folder.glob("mapping_*.txt"))


def discover(root: Path) -> list[VerusageTask]:
    """Every task of a VeruSAGE-Bench folder (of project folders) or of one project folder, in sorted order."""
    projects = [root] if is_project(root) else sorted(p for p in root.iterdir() if p.is_dir() and is_project(p))
    return [task for project in projects for task in project_tasks(project)]


def project_tasks(project: Path) -> list[VerusageTask]:
    mapping = read_mapping(project)
    tasks = []
    for path in sorted((project / "unverified").glob("*.rs")):
        truth = mapping.get(path.name)
        truth_path = project / truth if truth else None
        tasks.append(VerusageTask(project=project.name, name=path.stem, task_path=path,
                                  ground_truth_path=truth_path if truth_path and truth_path.is_file() else None))
    return tasks


def read_mapping(project: Path) -> dict[str, str]:
    """`<task>.rs -> verified/<dir>/<task>.rs` lines of the project's mapping file(s)."""
    pairs: dict[str, str] = {}
    for mapping in sorted(project.glob("mapping_*.txt")):
        for line in mapping.read_text(encoding="utf-8", errors="replace").splitlines():
            left, arrow, right = line.partition("->")
            if arrow and left.strip().endswith(".rs"):
                pairs[left.strip()] = right.strip()
    return pairs


def target_candidates(stem: str) -> list[str]:
    """The function names a task file's stem may mean, most literal first."""
    last = stem.split("__")[-1]
    names = [last, _IMPL_PREFIX.sub("", last)]
    module, sep, rest = last.partition("_")
    if sep:
        names += ["lemma_" + rest[2:]] if rest.startswith("L_") else [rest]
    return list(dict.fromkeys(n for n in names if n))


def unique_provable(functions: list[Function], name: str) -> Function | None:
    """The one proof or exec function of that name, or None when there is none or more than one."""
    named = [f for f in functions if f.name == name]
    return named[0] if len(named) == 1 and named[0].mode in _PROVABLE and named[0].body is not None else None


def target_of(task: VerusageTask, task_text: str) -> str | None:
    functions = parse(task_text).functions
    return next((n for n in target_candidates(task.name) if unique_provable(functions, n)), None)


def spliced_pair(task: VerusageTask) -> SplicedPair | NoPair:
    """The honest pair for a task, or why it has none."""
    if task.ground_truth_path is None:
        return NoPair(task=task, reason="no ground truth")
    try:
        original = task.task_path.read_bytes().decode("utf-8")
        truth = task.ground_truth_path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return NoPair(task=task, reason=f"unreadable: {error}")
    return _splice(task, original, truth)


def _splice(task: VerusageTask, original: str, truth: str) -> SplicedPair | NoPair:
    # The task is parsed through the guard's analysis cache: guarding the pair next reuses that parse.
    task_model, truth_model = analyse(original.encode("utf-8")).model, parse(truth)
    for name in target_candidates(task.name):
        mine, theirs = unique_provable(task_model.functions, name), unique_provable(truth_model.functions, name)
        if mine is None:
            continue
        if theirs is None:
            return NoPair(task=task, reason=f"the ground truth has no unique proof or exec fn `{name}`")
        proof = truth_model.slice(theirs.span)
        data = task_model.data
        spliced = (data[: mine.span.start] + proof.encode("utf-8") + data[mine.span.end :]).decode("utf-8")
        return SplicedPair(task=task, target=name, original=original, spliced=spliced, ground_truth_function=proof)
    return NoPair(task=task, reason=f"no unique proof or exec fn named by the file ({', '.join(target_candidates(task.name))})")


def pairs(root: Path) -> list[SplicedPair | NoPair]:
    return [spliced_pair(task) for task in discover(root)]
