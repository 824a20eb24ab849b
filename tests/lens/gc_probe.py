"""Run by tests/lens/test_gc_pause.py in a fresh interpreter (`python -m tests.lens.gc_probe [FILE ...]`): the
collector's state is the process's, so its checks neither see nor change a test worker's heap. Prints one JSON
object of observations."""

import gc
import json
import sys
from pathlib import Path

from verusagent.guard import guard
from verusagent.lens import parse
from verusagent.lens.gc_pause import THAW_EVERY, paused_gc


def nesting() -> dict:
    with paused_gc():
        inside = gc.isenabled()
        with paused_gc():
            nested = gc.isenabled()
        after_nested = gc.isenabled()
    return {"inside": inside, "nested": nested, "after_nested": after_nested, "after": gc.isenabled()}


def program_turned_it_off() -> dict:
    gc.unfreeze()
    gc.disable()
    with paused_gc():
        kept = [[i] for i in range(1000)]
    observed = {"enabled_after": gc.isenabled(), "frozen": gc.get_freeze_count(), "kept": len(kept)}
    gc.enable()
    return observed


def freeze_counts() -> list[int]:
    kept, counts = [], []
    for _ in range(THAW_EVERY + 1):
        with paused_gc():
            kept.append([[i] for i in range(100)])
        counts.append(gc.get_freeze_count())
    return counts


def cycle_after_thaw() -> int:
    cycle: list = [None]
    cycle[0] = cycle
    with paused_gc():
        pass
    del cycle
    while gc.get_freeze_count():
        with paused_gc():
            pass
    return gc.collect()


def cyclic_garbage_of(files: list[Path]) -> dict:
    """With the collector off the blocks freeze nothing, and one collection finds every cycle the parses made."""
    gc.unfreeze()
    gc.collect()
    gc.disable()
    for path in files:
        text = path.read_text()
        parse(text)
        guard(text, text.replace("{", "{\n", 1))
    observed = {"frozen": gc.get_freeze_count(), "unreachable": gc.collect()}
    gc.enable()
    return observed


def main(arguments: list[str]) -> None:
    observed = {
        "nesting": nesting(),
        "program_turned_it_off": program_turned_it_off(),
        "freeze_counts": freeze_counts(),
        "cycle_after_thaw": cycle_after_thaw(),
        "parse_and_guard": cyclic_garbage_of([Path(a) for a in arguments]),
    }
    print(json.dumps(observed))


if __name__ == "__main__":
    main(sys.argv[1:])
