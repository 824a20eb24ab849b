"""Does a prompt show what a proof needs? Measured against a ground truth the slicer never sees: the needed
definitions of verusagent.bench.needed, each of which the prompt must hold (a spec function, type or constant
whole, a proof or exec function by its attributes, signature and specs)."""

from pydantic import BaseModel

from verusagent.agent.config import AgentConfig, Task, TaskMode
from verusagent.agent.strategies import portfolio
from verusagent.bench.needed import DEPTH_CLASSES, WHY_ORDER, CrateDefinitions, Needed, coverage, depth_class
from verusagent.bench.verusage import SplicedPair, VerusageTask, spliced_pair, target_of
from verusagent.choices import CONTEXT_CEILING_TOKENS
from verusagent.commands.dry_run import dry_run
from verusagent.lens import parse_with_tokens
from verusagent.llm.settings import ModelSettings
from verusagent.llm.tokens import count_messages_o200k
from verusagent.prompt import chat
from verusagent.prompt.proposal import prove_prompt


class TaskMeasure(BaseModel):
    """One VeruSAGE task's `prove --fn TARGET --dry-run` prompt: its size, and its coverage of the ground truth."""

    task: str
    project: str
    target: str
    lines: int
    sliced: bool
    prompt_tokens: int  # o200k, instructions included
    over_budget: bool = False  # the needed definitions alone exceed the context budget (the slicer says so)
    method_target: bool = False  # the target is a method of a type the file defines
    needed: int | None = None  # None: no ground truth to measure against
    needed_by_reason: dict[str, int] = {}
    missing: list[str] = []  # the labels of the needed definitions the prompt does not show
    missing_by_reason: dict[str, int] = {}
    needed_by_depth: dict[str, int] = {}  # named by the ground truth, its spec family one call down, deeper
    missing_by_depth: dict[str, int] = {}
    floor_tokens: int | None = None  # a prompt with full coverage holds at least this many tokens


def measure_task(
    task: VerusageTask, context_tokens: int | None = None, ceiling: int | None = CONTEXT_CEILING_TOKENS
) -> TaskMeasure | None:
    """None when the file names no unique target. The prompt is the first strategy's, counted with o200k_base;
    context_tokens: the slice budget (None: the default); ceiling: what the prompt never exceeds but by its targets
    alone (None: none; `--context-budget N` makes both N)."""
    text = task.task_path.read_bytes().decode("utf-8", "replace")
    pair = spliced_pair(task)
    target = pair.target if isinstance(pair, SplicedPair) else target_of(task, text)
    if target is None:
        return None
    request = prove_request(task, text, target, context_tokens, ceiling)
    measure = TaskMeasure(
        task=task.task_id,
        project=task.project,
        target=target,
        lines=text.count("\n") + 1,
        sliced=request.sliced,
        prompt_tokens=request.prompt_tokens,
        over_budget=request.over_budget,
    )
    if not isinstance(pair, SplicedPair):
        return measure
    model, stream = parse_with_tokens(text)
    function = model.function(target)
    if function is None:  # the target is not a function of the task's text: nothing to measure coverage of
        return measure
    found = coverage(
        CrateDefinitions([(model, stream)]), function, pair.ground_truth_function, request.messages[1]["content"]
    )
    floor = _floor_tokens(task, target, pair.ground_truth_function, found.needed)
    return measure.model_copy(
        update={
            "needed": len(found.needed),
            "missing": [m.label for m in found.missing],
            "floor_tokens": floor,
            "needed_by_reason": _by_reason(found.needed),
            "missing_by_reason": _by_reason(found.missing),
            "needed_by_depth": _by_depth(found.needed),
            "missing_by_depth": _by_depth(found.missing),
            "method_target": any(n.why == "self_type" for n in found.needed),
        }
    )


def _by_reason(entries: list[Needed]) -> dict[str, int]:
    return {why: sum(e.why == why for e in entries) for why in WHY_ORDER}


def _by_depth(entries: list[Needed]) -> dict[str, int]:
    return {name: sum(depth_class(e.depth) == name for e in entries) for name in DEPTH_CLASSES}


def prove_request(
    task: VerusageTask, text: str, target: str, context_tokens: int | None, ceiling: int | None = CONTEXT_CEILING_TOKENS
):
    """`prove --fn TARGET --dry-run`'s first request on the task (its prompt within the cap, counted)."""
    config = AgentConfig(
        mode=TaskMode.PROVE,
        targets=[target],
        strategies=1,
        model_settings=ModelSettings(model="o200k/unknown-model"),
        context_tokens=context_tokens,
        context_ceiling=ceiling,
    )
    return dry_run(Task(source_path=task.task_path, original=text, out_path=task.task_path), config).requests[0]


def _floor_tokens(task: VerusageTask, target: str, target_text: str, needed: list[Needed]) -> int:
    """The instructions, the target and the smallest text of each needed definition, as one prompt."""
    texts = [min(n.texts, key=len) for n in needed]
    source = "\n\n".join([target_text, *texts])
    task_name, context = prove_prompt(task.task_path.name, source, [target], portfolio(1)[0].name, "items")
    return count_messages_o200k(chat(task_name, **context))
