"""The lens's pause of the cyclic garbage collector: off inside, on after, what stays alive frozen, and every
THAW_EVERY-th block everything unfrozen again; and the premise of freezing: a parse and a guard leave no cyclic
garbage. Observed in a fresh interpreter (tests/lens/gc_probe.py): the collector's state is the process's."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from verusagent.lens.gc_pause import THAW_EVERY

from tests.paths import REPO_ROOT, RUST_FIXTURES


@pytest.fixture(scope="module")
def observed(shared_dir: Path) -> dict:
    files = sorted((shared_dir / "corpus" / "verusage-bench").glob("*/unverified/*.rs"))[::80]  # every project
    files.append(RUST_FIXTURES / "agent" / "count_up.rs")
    probe = [sys.executable, "-m", "tests.lens.gc_probe", *map(str, files)]
    done = subprocess.run(probe, cwd=REPO_ROOT, capture_output=True, text=True, check=True, timeout=120)
    return json.loads(done.stdout)


def test_off_inside_on_after_and_a_nested_block_leaves_it_to_the_outer_one(observed) -> None:
    assert observed["nesting"] == {"inside": False, "nested": False, "after_nested": False, "after": True}


def test_a_program_that_turned_the_collector_off_keeps_it_off_and_nothing_is_frozen(observed) -> None:
    assert observed["program_turned_it_off"] == {"enabled_after": False, "frozen": 0, "kept": 1000}


def test_what_a_block_keeps_is_frozen_until_the_thaw(observed) -> None:
    counts = observed["freeze_counts"]
    assert len(counts) == THAW_EVERY + 1
    assert max(counts) >= 100 * (THAW_EVERY - 1)  # all but the thaw block's lists were frozen at some point
    thaw = counts.index(0)
    assert counts.count(0) == 1 and all(later > 0 for later in counts[thaw + 1 :])  # one thaw, then freezing again


def test_cyclic_garbage_frozen_with_a_block_is_collected_after_the_thaw(observed) -> None:
    assert observed["cycle_after_thaw"] >= 1


def test_a_parse_and_a_guard_leave_no_cyclic_garbage(observed) -> None:
    assert observed["parse_and_guard"] == {"frozen": 0, "unreachable": 0}
