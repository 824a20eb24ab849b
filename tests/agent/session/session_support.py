"""The agent-mode tools' tests: a workspace over a fixture file, an evaluator that records into a run folder."""

from pathlib import Path

import pytest

from verusagent.agent.candidate import Candidate, Evaluation
from verusagent.agent.evaluator import Evaluator
from verusagent.agent.session.workspace import Workspace
from verusagent.guard import GuardPolicy, guard
from verusagent.record import RunWriter, read_run, sha256_text

from tests.paths import REPO_ROOT
from tests.review.pass_through import PassThroughReview

TOOLS_TASK = REPO_ROOT / "rust_fixtures" / "agent" / "session_tools.rs"


def baseline(text: str) -> Evaluation:
    candidate = Candidate(text=text, sha256=sha256_text(text), strategy="baseline", round=0)
    return Evaluation(candidate=candidate, guard=guard(text, text))


@pytest.fixture
def task_text() -> str:
    return TOOLS_TASK.read_text(encoding="utf-8")


@pytest.fixture
def workspace(task_text) -> Workspace:
    return Workspace(baseline(task_text), "session_tools.rs")


class Recorded:
    """An evaluator without verus (screening only), and the events it wrote."""

    def __init__(self, folder: Path, original: str):
        self.writer = RunWriter.create(folder, "tools-test")
        self.evaluator = Evaluator(original, GuardPolicy(), PassThroughReview(), verifier=None, record=self.writer)

    def kinds(self) -> list[str]:
        return [e.kind for e in read_run(self.writer.folder).events]


@pytest.fixture
def recorded(tmp_path, task_text) -> Recorded:
    return Recorded(tmp_path / "runs", task_text)


# the proof of session_tools.rs's `total`, as an edit gives it
LOOP = "    while i < n {\n"
PROVED_LOOP = (
    "    while i < n\n        invariant\n            i <= n,\n"
    "            r == scaled(i as int, step as int),\n            n <= 100,\n            step <= 10,\n"
    "        decreases n - i,\n    {\n"
)


def total_fn(task_text: str, loop: str = PROVED_LOOP, extra: str = "") -> str:
    text = task_text[task_text.index("fn total(") : task_text.index("fn main()")].rstrip()
    return text.replace(LOOP, loop).replace("        r = r + step;\n", "        r = r + step;\n" + extra)
