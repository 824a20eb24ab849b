"""VeruSAGE-Bench discovery and the honest (task, proof) pair, on the shared copy of the suite."""

from pathlib import Path

import pytest

from verusagent.bench.verusage import NoPair, SplicedPair, discover, spliced_pair, target_candidates, target_of
from verusagent.bench.verusage_targets import find_target
from verusagent.edit.splice import functions_in, splice
from verusagent.lens import parse
from verusagent.lens.model import DefinitionKind
from verusagent.prompt.targets import resolve_targets


@pytest.fixture(scope="module")
def verusage_dir(shared_dir: Path) -> Path:
    return shared_dir / "corpus" / "verusage-bench"


def test_discovers_every_task_of_every_project(verusage_dir):
    tasks = discover(verusage_dir)
    per_project = {}
    for task in tasks:
        per_project[task.project] = per_project.get(task.project, 0) + 1
    assert per_project == {
        "anvil-controller": 63,
        "anvil-library": 104,
        "ironkv": 118,
        "memory-allocator": 89,
        "node-replication": 29,
        "storage": 63,
        "vest": 22,
    }
    assert all(t.ground_truth_path is not None for t in tasks)
    assert [t.task_id for t in tasks] == sorted(t.task_id for t in tasks)


def test_one_project_folder_is_a_suite_too(verusage_dir):
    assert [t.project for t in discover(verusage_dir / "vest")] == ["vest"] * 22


@pytest.mark.parametrize(
    "stem, expected",
    [
        ("bin_sizes__div2", ["div2", "div"]),
        ("delegation_map_v__impl1_erase", ["impl1_erase", "erase"]),
        (
            "inv_L_invariants_imply_crash_recover",
            ["inv_L_invariants_imply_crash_recover", "lemma_invariants_imply_crash_recover"],
        ),
        ("logimpl_advance_head", ["logimpl_advance_head", "advance_head"]),
        ("subregion_new3", ["subregion_new3", "new3", "new"]),
        ("net_sht_v__send_packet-poly", ["send_packet-poly", "packet-poly", "send_packet", "packet"]),
        (
            "marshal_v__impl4__is_marshalable",
            ["is_marshalable", "marshalable", "is_marshalable_impl", "_is_marshalable"],
        ),
    ],
)
def test_target_candidates(stem, expected):
    candidates = target_candidates(stem)
    assert candidates[: len(expected[:2])] == expected[:2] and set(expected) <= set(candidates)


def _smallest(verusage_dir: Path, count: int):
    return sorted(discover(verusage_dir), key=lambda t: t.task_path.stat().st_size)[:count]


def test_spliced_pair_replaces_only_the_target(verusage_dir):
    pairs = [p for p in map(spliced_pair, _smallest(verusage_dir, 12)) if isinstance(p, SplicedPair)]
    assert len(pairs) >= 8
    for pair in pairs:
        before, after = parse(pair.original), parse(pair.spliced)
        assert after.function(pair.target) is not None
        assert after.slice(after.function(pair.target).span) == pair.ground_truth_function
        others_before = [before.slice(f.span) for f in before.functions if f.name != pair.target_name]
        others_after = [after.slice(f.span) for f in after.functions if f.name != pair.target_name]
        assert others_before == others_after


def _task(verusage_dir: Path, task_id: str):
    return next(t for t in discover(verusage_dir / task_id.split("/")[0]) if t.task_id == task_id)


def _impl_index(model, function) -> int:
    impls = [d for d in model.definitions if d.kind == DefinitionKind.IMPL]
    return next(i for i, d in enumerate(impls) if d.body is not None and d.body.covers(function.span))


# implN: the ground truth keeps upstream's impl order, so its N-th impl block confirms the choice made on the task
# alone (where impl blocks are dropped and reordered: the task's own N-th block is another type's in each case).
@pytest.mark.parametrize(
    "task_id, target, index_in_task",
    [
        ("ironkv/delegation_map_v__impl3__erase", "StrictlyOrderedMap::erase", 4),
        ("ironkv/marshal_v__impl0__deserialize", "u64::deserialize", 5),
        ("ironkv/marshal_v__impl4__deserialize", "fn:Vec::deserialize#2", 5),
    ],
)
def test_an_impl_named_target_is_the_method_left_to_prove(verusage_dir, task_id, target, index_in_task):
    task = _task(verusage_dir, task_id)
    pair = spliced_pair(task)
    assert isinstance(pair, SplicedPair) and pair.target == target
    mine = parse(pair.original).function(target)
    assert _impl_index(parse(pair.original), mine) == index_in_task
    truth = parse(task.ground_truth_path.read_text())
    theirs = next(f for f in truth.functions if truth.slice(f.span) == pair.ground_truth_function)
    assert _impl_index(truth, theirs) == int(task_id.split("__impl")[1].split("__")[0])


def test_two_impls_for_one_type_get_the_unit_id_and_the_reply_splices_into_the_right_one(verusage_dir):
    pair = spliced_pair(_task(verusage_dir, "ironkv/marshal_v__impl4__serialize"))
    assert isinstance(pair, SplicedPair) and pair.target == "fn:Vec::serialize#2"
    [mine] = resolve_targets(pair.original, [pair.target])
    assert mine.qualified == "Vec::serialize" and mine.name == pair.target_name
    assert pair.reply_item.startswith("impl<T: Marshalable> Marshalable for Vec<T> {")
    result = splice(parse(pair.original), functions_in(pair.reply_item).complete)
    folded = [line.strip() for line in result.candidate.splitlines()]
    assert folded == [line.strip() for line in pair.spliced.splitlines()] and result.inserted == []


@pytest.mark.parametrize(
    "task_id, target",
    [
        ("storage/logimpl_read", "UntrustedLogImpl::read"),  # `AbstractLogState::read` is a spec fn
        ("storage/subregion_new3", "new"),
        (
            "storage/pmemutil_L_wherevernooutstandingwritespersistentmemoryviewcanonlycrashascommitted",
            "lemma_wherever_no_outstanding_writes_persistent_memory_view_can_only_crash_as_committed",
        ),
        ("ironkv/marshal_v__impl4__is_marshalable", "fn:Vec::_is_marshalable#2"),  # the exec twin of a spec fn
        ("anvil-library/vec_lib", "vec_filter"),  # named after its module: its one function left to prove
    ],
)
def test_the_name_conventions_resolve_on_the_task_alone(verusage_dir, task_id, target):
    task = _task(verusage_dir, task_id)
    assert target_of(task, task.task_path.read_text()) == target
    pair = spliced_pair(task)
    assert isinstance(pair, SplicedPair) and pair.target == target and pair.spliced != pair.original


def test_a_trusted_namesake_is_not_the_target():
    text = (
        "verus! {\nstruct A;\nstruct B;\nimpl A {\n#[verifier::external_body]\nfn go(&self) { unimplemented!() }\n}\n"
        "impl B {\nfn go(&self) ensures true { }\n}\n}\n"
    )
    function = find_target("m__impl1__go", parse(text))
    assert function is not None and function.qualified == "B::go"
    assert find_target("m__impl1__go", parse(text.replace("#[verifier::external_body]\n", ""))) is None


def test_a_task_without_a_unique_target_says_why(verusage_dir):
    result = spliced_pair(_task(verusage_dir, "storage/inv_L_active_metadata_set_after_crash"))
    assert isinstance(result, NoPair) and "no unique proof or exec fn" in result.reason


def test_missing_ground_truth_is_no_pair(verusage_dir, tmp_path):
    task = _smallest(verusage_dir, 1)[0].model_copy(update={"ground_truth_path": None})
    assert spliced_pair(task).reason == "no ground truth"
