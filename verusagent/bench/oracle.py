"""`--oracle`: the scripted model (a stand-in) answers each task with its published ground truth.

Verus-Bench: the whole ground-truth file, with the input's `fn main` put back (MBPP ground truths add `assert_eq!`
tests there, exec code a proof would not add). VeruSAGE-Bench: the ground truth's target function as an item (inside
its impl header where its name is not unique), which reply extraction splices in by name. With no `--verus`, the
verus stand-in answers: it calls a file verified when it holds a line the ground truth added, and failed otherwise.
What such a run measures is our side only: extraction, the guard, the record and acceptance carry an honest proof
through.
"""

import difflib

from pydantic import BaseModel

from verusagent.bench.suites import BenchTask, read_source
from verusagent.bench.verusage import NoPair, VerusageTask, spliced_pair
from verusagent.lens import parse

ORACLE_MODEL = "scripted/oracle"


class OracleAnswer(BaseModel):
    reply: str  # the scripted model's one reply
    expected: str  # the file the reply should turn the task into
    target: str | None = None  # VeruSAGE: the function the ground truth proves, as `--fn` names it
    target_name: str | None = None  # and its own name


def oracle_answer(task: BenchTask, task_text: str) -> OracleAnswer | str:
    """The oracle's reply for a task, or why the task has none (then it is skipped)."""
    answer = _verusage_answer(task) if task.suite == "verusage-bench" else _verus_bench_answer(task, task_text)
    if isinstance(answer, OracleAnswer) and answer.expected == task_text:
        return "the ground truth is the task itself (its proof is already there): nothing to carry through"
    return answer


def _verus_bench_answer(task: BenchTask, task_text: str) -> OracleAnswer | str:
    truth, problem = read_source(task.ground_truth_path, "ground truth")
    if truth is None:
        return problem or "no ground truth"
    expected = without_main_tests(task_text, truth)
    return OracleAnswer(reply=fenced(expected), expected=expected)


def _verusage_answer(task: BenchTask) -> OracleAnswer | str:
    if task.task_path is None:
        return "no task file"
    pair = spliced_pair(
        VerusageTask(
            project=task.source,
            name=task.task_path.stem,
            task_path=task.task_path,
            ground_truth_path=task.ground_truth_path,
        )
    )
    if isinstance(pair, NoPair):
        return pair.reason
    return OracleAnswer(
        reply=fenced(pair.reply_item), expected=pair.spliced, target=pair.target, target_name=pair.target_name
    )


def fenced(code: str) -> str:
    return f"```rust\n{code if code.endswith(chr(10)) else code + chr(10)}```\n"


def without_main_tests(unverified: str, verified: str) -> str:
    """The ground truth with the input's `fn main` body in place of its own."""
    before, after = parse(unverified).function("main"), parse(verified).function("main")
    if before is None or after is None or before.body is None or after.body is None:
        return verified
    body = unverified.encode()[before.body.start : before.body.end]
    data = verified.encode()
    return (data[: after.body.start] + body + data[after.body.end :]).decode()


def first_added_line(before: str, after: str) -> str | None:
    """The first line of `after` that `before` does not contain anywhere: the stand-in's sign of the proof."""
    for line in difflib.ndiff(before.splitlines(), after.splitlines()):
        if line.startswith("+ ") and line[2:].strip() and line[2:].strip() not in before:
            return line[2:].strip()
    return None


def standin_scenario(task_text: str, answer: OracleAnswer) -> dict | str:
    """The verus stand-in's rules for an oracle task, or why the stand-in cannot tell the proof apart."""
    marker = first_added_line(task_text, answer.expected)
    if marker is None:
        return "the ground truth adds no line of its own, so the verus stand-in cannot tell it from the task"
    error: dict = {"message": "postcondition not satisfied"}
    anchor = "ensures" if "ensures" in task_text else (f"fn {answer.target_name}" if answer.target_name else None)
    if anchor and anchor in task_text:
        error["line_contains"] = anchor
    return {
        "name": "oracle (verus stand-in: verified when the ground truth's proof is present)",
        "rules": [{"when_contains": marker, "verdict": "verified"}, {"verdict": "failed", "errors": [error]}],
    }
