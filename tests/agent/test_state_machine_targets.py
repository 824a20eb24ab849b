"""`prove --fn` on an inductive lemma of a state machine (Verus's fifo tutorial program, its proof taken out),
with the scripted model (a stand-in for a model) replying with the lemma alone, and the verus stand-in (not
verus): the reply is spliced back inside the `tokenized_state_machine!` and the result is the original program."""

import re
from pathlib import Path

import pytest

from verusagent.prompt.targets import UnknownTarget, resolve_targets, target_names

from tests.agent.agent_harness import file_reply

LEMMA = re.compile(
    r"    #\[inductive\(produce_start\)\]\n    fn produce_start_inductive\(pre: Self, post: Self\) \{\n"
    r"(.*?)\n    \}\n",
    re.S,
)
PROVED_MARK = "assert(forall|i| pre.valid_storage_at_idx(i) ==> post.valid_storage_at_idx(i));"


@pytest.fixture
def fifo(machines_dir: Path) -> str:
    return (machines_dir / "fifo.rs").read_text()


def _task_and_reply(fifo: str) -> tuple[str, str]:
    lemma = LEMMA.search(fifo)
    task = fifo.replace(lemma.group(1), "", 1)
    reply = "\n".join(line[4:] for line in lemma.group(0).rstrip("\n").split("\n"))  # as a model writes it
    return task, reply


@pytest.mark.parametrize("target", ["sm:FifoQueue/inductive:produce_start", "produce_start_inductive"])
def test_prove_targets_an_inductive_lemma_and_splices_it_inside_the_machine(harness, fifo: str, target: str) -> None:
    task, reply = _task_and_reply(fifo)
    source = harness.task("fifo.rs", task)
    harness.script([file_reply(reply, prose="The lemma with its proof:")])
    harness.scenario(
        [
            {"when_contains": PROVED_MARK, "verdict": "verified"},
            {
                "verdict": "failed",
                "errors": [{"message": "postcondition not satisfied", "line_contains": "fn produce_start_inductive"}],
            },
        ]
    )
    run = harness.run("prove", source, fn=[target])
    assert run.exit_code == 0 and run.outcome["verdict"] == "verified", run.outcome
    assert "in sm:FifoQueue/inductive:produce_start" in run.prompts[0]  # the error, placed in the lemma
    assert (harness.tmp / "fifo.standin-verified.rs").read_text() == fifo


def test_targets_name_functions_by_name_or_unit_id(fifo: str) -> None:
    names = target_names(fifo, ["sm:FifoQueue/inductive:produce_start", "inc_wrap", "fn:Queue::wf"])
    assert names == ["FifoQueue::produce_start_inductive", "FifoQueue::inc_wrap", "Queue::wf"]
    assert [f.id for f in resolve_targets(fifo, ["produce_end_inductive"])] == ["sm:FifoQueue/inductive:produce_end"]
    with pytest.raises(UnknownTarget, match="no_such_lemma"):
        resolve_targets(fifo, ["no_such_lemma"])


def test_prove_refuses_a_target_that_names_nothing(harness, fifo: str) -> None:
    source = harness.task("fifo.rs", fifo)
    harness.script([file_reply(fifo)])
    run = harness.run("prove", source, fn=["sm:FifoQueue/inductive:no_such_transition"])
    assert run.exit_code == 2 and "no such function" in harness.last_err


def test_a_qualified_name_two_functions_share_is_named_by_unit_id() -> None:
    source = (
        "verus! {\ntrait M { fn m(&self); }\nimpl M for Vec<u8> {\n    fn m(&self) {}\n}\n"
        "impl<T> M for Vec<T> {\n    fn m(&self) {}\n}\nfn solo() {}\n}\n"
    )
    assert target_names(source, ["fn:Vec::m#2", "solo"]) == ["fn:Vec::m#2", "solo"]
