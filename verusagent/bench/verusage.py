"""VeruSAGE-Bench tasks and their honest (task, proof) pairs.

A VeruSAGE-Bench folder holds project folders; each project has `unverified/<name>.rs` tasks (specs, code and
surrounding definitions, with the proof of one target function removed), ground truths under `verified/**`, and a
`mapping_*.txt` pairing them. A ground truth is the upstream extraction, not "the task plus a proof", so the honest
pair is the task with the ground truth's target function spliced in place of the task's function of that name.

The target is named by the file (`verusagent.bench.verusage_targets`): one provable function of the task; its
counterpart in the ground truth has its name, and where that is not unique its type, impl block and signature.
Otherwise the task has no pair and says why.
"""

from pathlib import Path

from pydantic import BaseModel

from verusagent.bench.verusage_targets import find_target, reference, target_candidates
from verusagent.edit.splice import impl_header
from verusagent.guard.source import analyse
from verusagent.lens import Function, Mode, parse
from verusagent.lens.model import SourceModel

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
    target: str  # as `--fn` reads it: the name, or `Type::name` / the unit id where the name is not unique
    target_name: str  # the function's own name
    original: str
    spliced: str
    ground_truth_function: str  # the target's text in the ground truth, attributes to closing brace
    reply_item: str  # the same as an item reply splices it: inside its impl header where the name is not unique


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
        tasks.append(
            VerusageTask(
                project=project.name,
                name=path.stem,
                task_path=path,
                ground_truth_path=truth_path if truth_path and truth_path.is_file() else None,
            )
        )
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


def target_of(task: VerusageTask, task_text: str) -> str | None:
    """The `--fn` reference of the task's target (its name, or `Type::name` when the name is not unique)."""
    model = parse(task_text)
    function = find_target(task.name, model)
    return reference(model, function) if function else None


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
    mine = find_target(task.name, task_model)
    if mine is None:
        return NoPair(
            task=task,
            reason=f"no unique proof or exec fn named by the file ({', '.join(target_candidates(task.name))})",
        )
    theirs = _counterpart(task_model, mine, truth_model)
    if theirs is None:
        return NoPair(task=task, reason=f"the ground truth has no unique proof or exec fn `{mine.qualified}`")
    proof = truth_model.slice(theirs.span)
    data = task_model.data
    spliced = (data[: mine.span.start] + proof.encode("utf-8") + data[mine.span.end :]).decode("utf-8")
    target = reference(task_model, mine)
    header = impl_header(truth_model, theirs) if target != mine.name else None
    item = f"{header} {{\n{proof}\n}}\n" if header else proof
    return SplicedPair(
        task=task,
        target=target,
        target_name=mine.name,
        original=original,
        spliced=spliced,
        ground_truth_function=proof,
        reply_item=item,
    )


def _counterpart(task_model: SourceModel, mine: Function, truth_model: SourceModel) -> Function | None:
    """The ground truth's function in the target's place: same name, then same impl block, then same signature."""
    named = [f for f in truth_model.functions if f.name == mine.name and f.mode in _PROVABLE and f.body is not None]
    keys = (lambda f, m: f.qualified, lambda f, m: impl_header(m, f), lambda f, m: f.signature)
    for key in keys:
        if len(named) <= 1:
            break
        named = [f for f in named if key(f, truth_model) == key(mine, task_model)]
    return named[0] if len(named) == 1 else None


def pairs(root: Path) -> list[SplicedPair | NoPair]:
    return [spliced_pair(task) for task in discover(root)]
