"""The lens's pause of the cyclic garbage collector: off inside, on after, what stays alive frozen, and every
THAW_EVERY-th block everything unfrozen again; and the premise of freezing: a parse leaves no cyclic garbage."""

import gc
from pathlib import Path

import pytest

from verusagent.guard import guard
from verusagent.lens import parse
from verusagent.lens.gc_pause import THAW_EVERY, paused_gc

COUNT_UP = Path(__file__).resolve().parents[2] / "rust_fixtures" / "agent" / "count_up.rs"


@pytest.fixture(autouse=True)
def thawed():
    gc.unfreeze()
    yield
    gc.unfreeze()
    gc.enable()


def test_off_inside_on_after_and_a_nested_block_leaves_it_to_the_outer_one() -> None:
    with paused_gc():
        assert not gc.isenabled()
        with paused_gc():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_program_that_turned_the_collector_off_keeps_it_off_and_nothing_is_frozen() -> None:
    gc.disable()
    with paused_gc():
        kept = [[i] for i in range(1000)]
    assert not gc.isenabled()
    assert gc.get_freeze_count() == 0
    assert len(kept) == 1000


def test_what_a_block_keeps_is_frozen_until_the_thaw() -> None:
    kept, counts = [], []
    for _ in range(THAW_EVERY + 1):
        with paused_gc():
            kept.append([[i] for i in range(100)])
        counts.append(gc.get_freeze_count())
    assert max(counts) >= 100 * (THAW_EVERY - 1)  # all but the thaw block's lists were frozen at some point
    thaw = counts.index(0)
    assert counts.count(0) == 1 and all(later > 0 for later in counts[thaw + 1 :])  # one thaw, then freezing again


def test_cyclic_garbage_frozen_with_a_block_is_collected_after_the_thaw() -> None:
    cycle = [None]
    cycle[0] = cycle
    with paused_gc():
        pass
    del cycle
    while gc.get_freeze_count():
        with paused_gc():
            pass
    assert gc.collect() >= 1


def test_a_parse_and_a_guard_leave_no_cyclic_garbage(shared_dir: Path) -> None:
    """With the collector off, the blocks freeze nothing and an explicit collection finds every cycle made."""
    files = sorted((shared_dir / "corpus" / "verusage-bench").glob("*/unverified/*.rs"))[:10] + [COUNT_UP]
    gc.collect()
    gc.disable()
    for path in files:
        text = path.read_text()
        parse(text)
        guard(text, text.replace("{", "{\n", 1))
    assert gc.get_freeze_count() == 0
    assert gc.collect() == 0
