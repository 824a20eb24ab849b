"""The rendered prompts stay byte for byte what they were when their text was captured (tests/prompt/data/prompts/):
response caches and scripted replies are keyed by the prompt, so a change of wording must be a deliberate one.

To change a prompt on purpose, change the template, then rewrite the captured text with
`python -m tests.prompt.test_prompt_text` and review the diff.
"""

from pathlib import Path

import pytest

from verusagent.prompt.templates import PromptDiagnostic, chat, system_prompt

CAPTURED = Path(__file__).parent / "data" / "prompts"
SOURCE = (
    "use vstd::prelude::*;\n\nverus! {\n\nfn sum_to(n: u32) -> (r: u64)\n    ensures\n        r == n * (n + 1) / 2,\n"
    "{\n    let mut i: u32 = 0;\n    let mut s: u64 = 0;\n    while i < n {\n        i = i + 1;\n"
    "        s = s + i as u64;\n    }\n    s\n}\n\n} // verus!\n"
)
FEEDBACK = [
    "The guard rejected the candidate: escape hatch `assume(false)` added in `sum_to`.",
    "Your reply was cut off before any function was complete.",
]
DIAGNOSTICS = [
    PromptDiagnostic(
        kind="invariant_end_of_loop",
        message="invariant not satisfied at end of loop body",
        location="line 12 in fn:sum_to/loop#1",
        excerpt="    while i < n {\n        i = i + 1;",
        related=["at the end of the loop body: line 14"],
    ),
    PromptDiagnostic(kind="arithmetic_overflow", message="possible arithmetic overflow", location="line 13"),
    PromptDiagnostic(
        kind="invariant_end_of_loop", message="invariant not satisfied at end of loop body", location="line 12"
    ),
]
COMMON = {"file_name": "sum_to.rs", "source": SOURCE}
DESCRIPTION = "Sum the numbers from 1 to n with a loop.\nThe hard part is the absence of overflow.\n"
CASES = {
    "prove_targets_file": (
        "prove",
        COMMON | {"targets": ["sum_to"], "strategy": "", "feedback": [], "reply_format": "file"},
    ),
    "prove_all_items_feedback": (
        "prove",
        COMMON | {"targets": [], "strategy": "Write invariants first.", "feedback": FEEDBACK, "reply_format": "items"},
    ),
    "repair_file": (
        "repair",
        COMMON | {"diagnostics": DIAGNOSTICS, "strategy": "", "feedback": [], "reply_format": "file"},
    ),
    "repair_items_feedback": (
        "repair",
        COMMON
        | {
            "diagnostics": DIAGNOSTICS[1:],
            "strategy": "Use lemmas.",
            "feedback": FEEDBACK[:1],
            "reply_format": "items",
        },
    ),
    "synth_targets": (
        "synth",
        COMMON | {"targets": ["sum_to"], "strategy": "", "feedback": [], "reply_format": "file"},
    ),
    "synth_no_targets_feedback": (
        "synth",
        COMMON | {"targets": [], "strategy": "Keep loops simple.", "feedback": FEEDBACK, "reply_format": "items"},
    ),
    "synth_description": (
        "synth",
        COMMON
        | {"targets": ["sum_to"], "strategy": "", "feedback": [], "reply_format": "file", "description": DESCRIPTION},
    ),
    "repair_synth_writes": (
        "repair",
        COMMON
        | {
            "diagnostics": DIAGNOSTICS[1:],
            "strategy": "",
            "feedback": [],
            "reply_format": "file",
            "description": DESCRIPTION,
            "writes": ["sum_to"],
        },
    ),
}


def rendered(case: str) -> str:
    task, context = CASES[case]
    messages = chat(task, **context)
    writes_code = task == "synth" or bool(context.get("writes"))
    assert messages[0]["content"] == system_prompt(writes_code)
    return messages[1]["content"]


def test_the_system_prompt_is_the_captured_text():
    assert system_prompt() == (CAPTURED / "system.txt").read_text(encoding="utf-8")
    assert system_prompt(writes_code=True) == (CAPTURED / "system_writes_code.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("case", CASES)
def test_each_task_prompt_is_the_captured_text(case):
    assert rendered(case) == (CAPTURED / f"{case}.txt").read_text(encoding="utf-8")


def _capture() -> None:
    CAPTURED.mkdir(parents=True, exist_ok=True)
    (CAPTURED / "system.txt").write_text(system_prompt(), encoding="utf-8")
    (CAPTURED / "system_writes_code.txt").write_text(system_prompt(writes_code=True), encoding="utf-8")
    for case in CASES:
        (CAPTURED / f"{case}.txt").write_text(rendered(case), encoding="utf-8")


if __name__ == "__main__":
    _capture()
