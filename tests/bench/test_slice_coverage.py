"""Sliced prompts on a sample of real VeruSAGE-Bench tasks: within the token goal, and showing the definitions
the ground-truth proof needs (tools/slice_report.py measures all of them); the measure itself on small cases."""

from pathlib import Path

import pytest

from verusagent.bench.needed import CrateDefinitions, coverage, needed_definitions
from verusagent.bench.slice_coverage import measure_task
from verusagent.bench.verusage import VerusageTask, discover
from verusagent.choices import CONTEXT_CEILING_TOKENS
from verusagent.context.slicer import LEMMA_GROWTH, SLICE_BUDGET_TOKENS
from verusagent.lens import parse_with_tokens

GOAL_TOKENS = 8000  # the p90 goal
INSTRUCTIONS_TOKENS = 1500  # the prompt's fixed text (715) with room


def over_budget_limit(floor_tokens: int) -> int:
    """A target whose needs alone exceed the budget (anvil-controller's: 23,000 tokens) shows all of them and grows
    by LEMMA_GROWTH times them beyond (select._extra_bytes), for the lemmas its proof may call."""
    return int((1 + LEMMA_GROWTH) * max(floor_tokens, SLICE_BUDGET_TOKENS)) + INSTRUCTIONS_TOKENS


# (project, task, shown as): small files whole; large ones sliced, those that fit the budget but for bodies and
# unmentioned items
SAMPLE = [
    ("vest", "properties__SecureSpecBombinator__lemma_serialize_productive", "whole"),
    ("memory-allocator", "bin_sizes__idx_in_range_has_bin_size", "whole"),
    ("storage", "subregion_read_absolute_aligned", "sliced"),
    ("storage", "setup_write_setup_metadata_to_region", "sliced"),
    ("ironkv", "single_delivery_model_v__impl2__retransmit_un_acked_packets", "sliced"),
    (
        "anvil-controller",
        "vreplicaset_controller__proof__liveness__proof__lemma_from_reconcile_idle_to_scheduled",
        "sliced",
    ),
]


@pytest.fixture(scope="module")
def tasks(shared_dir: Path) -> dict[str, VerusageTask]:
    return {t.task_id: t for t in discover(shared_dir / "corpus" / "verusage-bench")}


@pytest.mark.parametrize("project, name, shown", SAMPLE)
def test_the_prompt_is_within_the_goal_and_shows_what_the_proof_needs(tasks, project, name, shown):
    task = tasks[f"{project}/{name}"]
    measured = measure_task(task)
    assert measured is not None and measured.needed
    assert measured.sliced == (shown == "sliced")
    if project == "anvil-controller":  # what its proof needs exceeds the cap: cut to it, and said
        assert measured.over_budget and measured.floor_tokens > CONTEXT_CEILING_TOKENS
        assert CONTEXT_CEILING_TOKENS - 500 <= measured.prompt_tokens <= CONTEXT_CEILING_TOKENS
        assert measured.missing_by_reason["self_type"] == 0
        uncapped = measure_task(task, ceiling=None)  # no cap: all of what it needs, and the lemmas' share beyond
        assert uncapped is not None and uncapped.prompt_tokens <= over_budget_limit(uncapped.floor_tokens)
        assert uncapped.missing_by_reason["spec_family"] == 0 and uncapped.lines > 4000 and uncapped.needed >= 25
        return
    assert measured.prompt_tokens <= GOAL_TOKENS
    assert measured.missing_by_reason["self_type"] == 0 and measured.missing_by_reason["spec_family"] == 0
    named = measured.needed_by_depth["named"]
    assert measured.missing_by_depth["named"] <= named // 5, measured.missing  # what only the proof names: ranked


TASK = """verus! {
pub open spec fn double(x: int) -> int { 2 * x }
pub open spec fn quad(x: int) -> int { double(double(x)) }
pub enum Shape { Dot, Line(int) }
pub open spec fn size(s: Shape) -> int { match s { Shape::Dot => 0, Shape::Line(n) => quad(n) } }
pub open spec fn line_size(x: int) -> int { size(Shape::Line(x)) }
struct S { a: u8 }
pub struct A { pub n: u8 }
impl A { pub open spec fn wf(&self) -> bool { self.n > 0 } }
pub struct B { pub n: u8 }
impl B { pub open spec fn wf(&self) -> bool { self.n > 1 } }
pub struct Holder { pub b: B }
impl Holder {
    proof fn lemma_d(x: int) requires x > 0 ensures double(x) > x { }
    proof fn target(&self, x: int) requires x > 1, self.b.wf() ensures line_size(x) > 1 { }
}
}
"""
PROOF = (
    "proof fn target(&self, x: int) requires x > 1, self.b.wf() ensures line_size(x) > 1 "
    "{ Self::lemma_d(x); let s = S { a: 1 }; let v: Seq<u8> = Seq::empty(); assert(v.len() == 0); }"
)


def needed_of(text: str = TASK, proof: str = PROOF):
    model, stream = parse_with_tokens(text)
    return CrateDefinitions([(model, stream)]), model.function("target")


def test_the_needed_definitions_and_why():
    definitions, target = needed_of()
    found = {n.label: (n.why, n.depth) for n in needed_definitions(definitions, target, PROOF)}
    assert found == {
        "struct Holder": ("self_type", 0),
        "spec fn B::wf": ("spec_family", 0),  # B's wf, not A's: `b: B`
        "spec fn line_size": ("spec_family", 0),
        "enum Shape": ("spec_family", 0),  # line_size constructs it
        "spec fn size": ("spec_family", 1),
        "spec fn quad": ("spec_family", 2),
        "spec fn double": ("spec_family", 3),  # the family, all the way down
        "proof fn Holder::lemma_d": ("signature", 0),
        "struct S": ("type", 0),
    }  # `Seq::empty` and `v.len()` are not this file's


def test_coverage_counts_a_definition_only_when_the_prompt_shows_it_whole():
    definitions, target = needed_of()
    texts = {n.label: n.texts[0] for n in needed_definitions(definitions, target, PROOF)}
    shown = "\n".join(text for label, text in texts.items() if label != "struct S")
    found = coverage(definitions, target, PROOF, shown)
    assert [m.label for m in found.missing] == ["struct S"] and found.missing_by_reason()["type"] == 1
    cut = shown.replace("{ double(double(x)) }", "{")
    assert "spec fn quad" in [m.label for m in coverage(definitions, target, PROOF, cut).missing]
    signature = texts["proof fn Holder::lemma_d"]
    assert signature.rstrip().endswith("double(x) > x")  # a lemma is needed by its signature and specs only
