"""Does a prompt show what a proof needs? Measured against a ground truth the slicer never sees.

Every function, spec function, type and constant of the task file that the ground-truth target mentions (an
identifier token naming it) must appear in the prompt by its definition: a spec function, type or constant whole,
a proof or exec function by its attributes, signature and specs. A name defined several times in the file is
covered when one of its definitions is shown, the one its `Type::` qualifier names where it has one.
"""

from pydantic import BaseModel

from verusagent.agent.config import AgentConfig, Task, TaskMode
from verusagent.agent.strategies import portfolio
from verusagent.bench.verusage import SplicedPair, VerusageTask, spliced_pair, target_of
from verusagent.commands.dry_run import dry_run
from verusagent.lens import Function, Mode, parse, tokenize
from verusagent.lens.model import DefinitionKind, SourceModel
from verusagent.llm.tokens import count_messages_o200k
from verusagent.prompt import chat

COVERED_KINDS = frozenset(
    {DefinitionKind.STRUCT, DefinitionKind.ENUM, DefinitionKind.UNION, DefinitionKind.TYPE, DefinitionKind.TRAIT,
     DefinitionKind.CONST, DefinitionKind.STATIC}
)
_WHOLE_MODES = frozenset({Mode.SPEC, Mode.SPEC_CHECKED})


class Coverage(BaseModel):
    needed: list[str]  # "kind name" of each definition the ground truth mentions
    missing: list[str]
    needed_texts: list[str] = []  # the smallest text that covers each needed definition (a floor for a prompt)

    @property
    def complete(self) -> bool:
        return not self.missing


def coverage(task_text: str, ground_truth_function: str, target: str, prompt: str,
             model: SourceModel | None = None) -> Coverage:
    """model: the task's lens model, when the caller has it."""
    model = model if model is not None else parse(task_text)
    shown = _folded(prompt)
    definitions = _definitions(model)
    qualifiers = _qualifiers(model)
    function = model.function(target)  # target: a name, `Type::name` or a unit id, as `--fn` takes it
    own, target_name = (_owners(function), function.name) if function else (set(), target)
    needed, missing, needed_texts = [], [], []
    for name, qualifier in _mentions(ground_truth_function):
        if qualifier == "Self":
            qualifier = next(iter(own & qualifiers), None)
        elif qualifier is not None and qualifier not in qualifiers and qualifier not in ("crate", "super", "self"):
            continue  # `Seq::empty`, `T::default`: not a name of this file
        texts = _candidates(definitions, name, qualifier)
        if name == target_name or not texts:
            continue
        label = f"{texts[0][0]} {name}"
        if label in needed:
            continue
        needed.append(label)
        needed_texts.append(min((text for _, text, _ in texts), key=len))
        if not any(_folded(text) in shown for _, text, _ in texts):
            missing.append(label)
    return Coverage(needed=needed, missing=missing, needed_texts=needed_texts)


def _mentions(text: str) -> list[tuple[str, str | None]]:
    stream = tokenize(text.encode("utf-8"))
    found = []
    for i, token in enumerate(stream.tokens):
        if token.kind == "ident":
            qualified = stream.is_punct(i - 1, "::") and stream.is_ident(i - 2)
            found.append((token.text, stream.text(i - 2) if qualified else None))
    return found


def _definitions(model: SourceModel) -> dict[str, list[tuple[str, str, set[str]]]]:
    """name -> (kind, the text the prompt must hold, the names that may qualify it)."""
    table: dict[str, list[tuple[str, str, set[str]]]] = {}
    for function in model.functions:
        table.setdefault(function.name, []).append(("fn", _required_text(model, function), _owners(function)))
    for definition in model.definitions:
        if definition.kind in COVERED_KINDS and definition.name:
            entry = (definition.kind.value, model.slice(definition.span), set())
            table.setdefault(definition.name, []).append(entry)
    return table


def _qualifiers(model: SourceModel) -> set[str]:
    """The names a path in this file may start with to reach this file's items: types, traits, modules."""
    kinds = COVERED_KINDS | {DefinitionKind.MOD, DefinitionKind.IMPL}
    return {d.name for d in model.definitions if d.kind in kinds and d.name}


def _required_text(model: SourceModel, function: Function) -> str:
    if function.body is None or function.mode in _WHOLE_MODES:
        return model.slice(function.span)
    return model.data[function.span.start : function.body.start].decode("utf-8", "replace")


def _owners(function: Function) -> set[str]:
    owners = set(function.qualified.split("::")[:-1])
    container = function.container or ""
    owners.update(word for word in container.replace(" for ", " ").split()[1:])
    return owners


def _candidates(definitions, name: str, qualifier: str | None) -> list[tuple[str, str, set[str]]]:
    texts = definitions.get(name, [])
    if qualifier is not None:
        narrowed = [t for t in texts if qualifier in t[2]]
        return narrowed or texts
    return texts


def _folded(text: str) -> str:
    return " ".join(text.split())


class TaskMeasure(BaseModel):
    """One VeruSAGE task's `prove --fn TARGET --dry-run` prompt: its size, and its coverage of the ground truth."""

    task: str
    project: str
    target: str
    lines: int
    sliced: bool
    prompt_tokens: int  # o200k, instructions included
    needed: int | None = None  # None: no ground truth to measure against
    missing: list[str] = []
    floor_tokens: int | None = None  # a prompt with full coverage holds at least this many tokens


def measure_task(task: VerusageTask) -> TaskMeasure | None:
    """None when the file names no unique target. The prompt is the first strategy's, counted with o200k_base."""
    text = task.task_path.read_bytes().decode("utf-8", "replace")
    pair = spliced_pair(task)
    target = pair.target if isinstance(pair, SplicedPair) else target_of(task, text)
    if target is None:
        return None
    request = _prove_request(task, text, target)
    measure = TaskMeasure(task=task.task_id, project=task.project, target=target, lines=text.count("\n") + 1,
                          sliced=request.sliced, prompt_tokens=request.prompt_tokens)
    if not isinstance(pair, SplicedPair):
        return measure
    found = coverage(text, pair.ground_truth_function, target, request.messages[1]["content"], parse(text))
    floor = _floor_tokens(task, target, pair.ground_truth_function, found.needed_texts)
    return measure.model_copy(update={"needed": len(found.needed), "missing": found.missing, "floor_tokens": floor})


def _prove_request(task: VerusageTask, text: str, target: str):
    config = AgentConfig(mode=TaskMode.PROVE, targets=[target], strategies=1, model="o200k/unknown-model")
    return dry_run(Task(source_path=task.task_path, original=text, out_path=task.task_path), config).requests[0]


def _floor_tokens(task: VerusageTask, target: str, target_text: str, needed_texts: list[str]) -> int:
    """The instructions, the target and the smallest text of each needed definition, as one prompt."""
    messages = chat("prove", file_name=task.task_path.name, source="\n\n".join([target_text, *needed_texts]),
                    targets=[target], strategy=portfolio(1)[0].approach, feedback=[], reply_format="items")
    return count_messages_o200k(messages)
