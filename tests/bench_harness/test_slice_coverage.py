"""Sliced prompts on a sample of real VeruSAGE-Bench tasks: within the token goal, and showing every definition
the ground-truth proof mentions (tools/slice_report.py measures all of them)."""

from pathlib import Path

import pytest

from verusagent.bench.slice_coverage import coverage, measure_task
from verusagent.bench.verusage import VerusageTask, discover

GOAL_TOKENS = 6000
# (project, task, shown as): small files whole, a large one that fits the budget whole, sliced ones
SAMPLE = [
    ("vest", "properties__SecureSpecBombinator__lemma_serialize_productive", "whole"),
    ("memory-allocator", "bin_sizes__idx_in_range_has_bin_size", "whole"),
    ("storage", "subregion_read_absolute_aligned", "whole"),
    ("storage", "setup_write_setup_metadata_to_region", "sliced"),
    ("ironkv", "single_delivery_model_v__impl2__retransmit_un_acked_packets", "sliced"),
    ("anvil-controller", "vreplicaset_controller__proof__liveness__proof__lemma_from_reconcile_idle_to_scheduled",
     "sliced"),
]


@pytest.fixture(scope="module")
def tasks(shared_dir: Path) -> dict[str, VerusageTask]:
    return {t.task_id: t for t in discover(shared_dir / "corpus" / "verusage-bench")}


@pytest.mark.parametrize("project, name, shown", SAMPLE)
def test_the_prompt_is_within_the_goal_and_shows_what_the_proof_mentions(tasks, project, name, shown):
    task = tasks[f"{project}/{name}"]
    measured = measure_task(task)
    assert measured is not None and measured.needed
    assert measured.sliced == (shown == "sliced")
    assert measured.prompt_tokens <= GOAL_TOKENS
    assert measured.missing == [], measured.missing
    if project == "anvil-controller":
        assert measured.lines > 4000 and measured.needed >= 25  # the large systems-proof case


def test_coverage_counts_a_definition_only_when_the_prompt_shows_it_whole():
    task = "verus! {\npub open spec fn double(x: int) -> int { 2 * x }\nstruct S { a: u8 }\n" \
           "proof fn lemma_d(x: int) requires x > 0 ensures double(x) > x { }\n" \
           "proof fn target(x: int) requires x > 1 ensures double(x) > 1 { }\n}\n"
    proof = "proof fn target(x: int) requires x > 1 ensures double(x) > 1 { lemma_d(x); let s = S { a: 1 }; }"
    shown = "pub open spec fn double(x: int) -> int { 2 * x }\nproof fn lemma_d(x: int) requires x > 0 ensures double(x) > x\n"
    found = coverage(task, proof, "target", shown)
    assert found.needed == ["fn double", "fn lemma_d", "struct S"] and found.missing == ["struct S"]
    assert coverage(task, proof, "target", "pub open spec fn double(x: int) -> int {")\
        .missing == ["fn double", "fn lemma_d", "struct S"]  # a spec function needs its body
