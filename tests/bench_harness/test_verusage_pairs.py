"""VeruSAGE-Bench discovery and the honest (task, proof) pair, on the shared copy of the suite."""

from pathlib import Path

import pytest

from verusagent.bench.verusage import NoPair, SplicedPair, discover, spliced_pair, target_candidates
from verusagent.lens import parse


@pytest.fixture(scope="module")
def verusage_dir(shared_dir: Path) -> Path:
    return shared_dir / "corpus" / "verusage-bench"


def test_discovers_every_task_of_every_project(verusage_dir):
    tasks = discover(verusage_dir)
    per_project = {}
    for task in tasks:
        per_project[task.project] = per_project.get(task.project, 0) + 1
    assert per_project == {"anvil-controller": 63, "anvil-library": 104, "ironkv": 118, "memory-allocator": 89,
                           "node-replication": 29, "storage": 63, "vest": 22}
    assert all(t.ground_truth_path is not None for t in tasks)
    assert [t.task_id for t in tasks] == sorted(t.task_id for t in tasks)


def test_one_project_folder_is_a_suite_too(verusage_dir):
    assert [t.project for t in discover(verusage_dir / "vest")] == ["vest"] * 22


@pytest.mark.parametrize("stem, expected", [
    ("bin_sizes__div2", ["div2"]),
    ("delegation_map_v__impl1_erase", ["impl1_erase", "erase"]),
    ("inv_L_invariants_imply_crash_recover", ["inv_L_invariants_imply_crash_recover", "lemma_invariants_imply_crash_recover"]),
    ("logimpl_advance_head", ["logimpl_advance_head", "advance_head"]),
])
def test_target_candidates(stem, expected):
    assert target_candidates(stem) == expected


def _smallest(verusage_dir: Path, count: int):
    return sorted(discover(verusage_dir), key=lambda t: t.task_path.stat().st_size)[:count]


def test_spliced_pair_replaces_only_the_target(verusage_dir):
    pairs = [p for p in map(spliced_pair, _smallest(verusage_dir, 12)) if isinstance(p, SplicedPair)]
    assert len(pairs) >= 8
    for pair in pairs:
        before, after = parse(pair.original), parse(pair.spliced)
        assert after.function(pair.target) is not None
        assert after.slice(after.function(pair.target).span) == pair.ground_truth_function
        others_before = [before.slice(f.span) for f in before.functions if f.name != pair.target]
        others_after = [after.slice(f.span) for f in after.functions if f.name != pair.target]
        assert others_before == others_after


def test_a_task_without_a_unique_target_says_why(verusage_dir):
    task = next(t for t in discover(verusage_dir / "ironkv") if t.name == "marshal_v__impl4__serialize")
    result = spliced_pair(task)
    assert isinstance(result, NoPair) and "no unique proof or exec fn" in result.reason


def test_missing_ground_truth_is_no_pair(verusage_dir, tmp_path):
    task = _smallest(verusage_dir, 1)[0].model_copy(update={"ground_truth_path": None})
    assert spliced_pair(task).reason == "no ground truth"
