"""No false alarm on honest systems proofs: the guard on every spliced VeruSAGE-Bench pair of the shared projects
(the task, and the task with its ground truth's target function in place: `verusagent.bench.verusage`).

Expected: clean, except the pairs below, where the ground truth's target itself changes the problem. Each entry
names the exact (rule, function) violations the pair must get and the construct that makes it a real change: a
text that the candidate evidence of one of its violations must show.
"""

import time

import pytest

from verusagent.bench.verusage import SplicedPair, discover, spliced_pair
from verusagent.guard import guard

# One session fixture parses ~1,300 files of up to 5,600 lines (about 35 s of CPU); a loaded machine needs more.
pytestmark = pytest.mark.timeout(300)

EXCEPTIONS: dict[str, tuple[set[tuple[str, str]], str, str]] = {
    "ironkv/net_sht_v__receive_with_demarshal": (
        {("exec-changed", "fn:receive_with_demarshal")},
        "let dummy = NetEvent::TimeoutReceive{};",
        "adds an exec statement, a value built only to be wrapped in `Ghost(dummy)`",
    ),
    "ironkv/host_impl_v__impl2__process_received_packet_next": (
        {("exec-changed", "fn:HostState::process_received_packet_next_impl")},
        "let res = make_empty_event_results();",
        "the task returns `Ghost(arbitrary())` events twice; the ground truth calls `make_empty_event_results()`",
    ),
    "memory-allocator/bin_sizes__bin_size_result_mul8": (
        {("escape-hatch-added", "fn:bin_size_result_mul8")},
        "assume(check_bin(0, 8192))",
        "the upstream proof assumes 16 `check_bin(..)` facts",
    ),
    "memory-allocator/bin_sizes__idx_out_of_range_has_different_bin_size": (
        {("escape-hatch-added", "fn:idx_out_of_range_has_different_bin_size")},
        "assume(check2_idx_out_of_range_has_different_bin_size(1, 74, 9, 129))",
        "the upstream proof assumes a computed check",
    ),
    "memory-allocator/bin_sizes__size_of_bin_mult_word_size": (
        {("spec-changed", "fn:size_of_bin_mult_word_size")},
        "valid_bin_idx(bin_idx)",
        "the ground truth has `requires valid_bin_idx(bin_idx)`, which the task lacks",
    ),
    "memory-allocator/bin_sizes__smallest_bin_fitting_size_size_of_bin": (
        {("escape-hatch-added", "fn:smallest_bin_fitting_size_size_of_bin")},
        "assume(check_smallest_bin_fitting_size_size_of_bin(9, 73))",
        "the upstream proof assumes a computed check",
    ),
    "storage/logimpl_tentatively_append_to_log": (
        {("spec-changed", "fn:UntrustedLogImpl::tentatively_append_to_log")},
        "subregion.inv(old(wrpm_region), perm)",
        "two requires clauses rewritten: `&*old(wrpm_region)` became `old(wrpm_region)`",
    ),
    "vest/regular__uints__bytes_eq_view_implies_eq": (
        {("escape-hatch-added", "fn:bytes_eq_view_implies_eq")},
        "admit()",
        "the upstream proof ends in `admit()`",
    ),
}


@pytest.fixture(scope="session")
def verusage_reports(shared_dir):
    """task id -> the guard's report on its spliced pair; each task parsed and guarded in turn (the guard's
    analysis cache then still holds the task when its pair is guarded)."""
    root = shared_dir / "corpus" / "verusage-bench"
    started = time.process_time()
    reports = {}
    for task in discover(root):
        pair = spliced_pair(task)
        if isinstance(pair, SplicedPair):
            reports[task.task_id] = guard(pair.original, pair.spliced)
    print(f"\n{len(reports)} VeruSAGE pairs spliced and guarded in {time.process_time() - started:.1f} s CPU")
    return reports


def _kinds(report) -> set[tuple[str, str]]:
    return {(str(v.rule), v.function) for v in report.violations}


def test_every_shared_project_contributes_pairs(verusage_reports) -> None:
    assert len(verusage_reports) == 485
    projects = {task_id.split("/")[0] for task_id in verusage_reports}
    assert projects == {
        "anvil-controller",
        "anvil-library",
        "ironkv",
        "memory-allocator",
        "node-replication",
        "storage",
        "vest",
    }


def test_honest_pairs_raise_no_false_alarm(verusage_reports) -> None:
    unexpected = {
        task_id: [v.headline() for v in report.violations]
        for task_id, report in verusage_reports.items()
        if task_id not in EXCEPTIONS and report.violations
    }
    assert unexpected == {}


@pytest.mark.parametrize("task_id", sorted(EXCEPTIONS))
def test_listed_pairs_get_exactly_their_violations_at_the_named_construct(verusage_reports, task_id) -> None:
    expected, construct, _why = EXCEPTIONS[task_id]
    report = verusage_reports[task_id]
    assert _kinds(report) == expected
    assert any(construct in v.evidence.candidate for v in report.violations), [v.headline() for v in report.violations]
