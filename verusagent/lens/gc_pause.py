"""`paused_gc()`: no cyclic garbage collection while a block makes many small objects that all stay alive.

The lens makes tens of thousands of spans, tokens and units per large file and keeps every one: the collector's
passes over them find nothing and cost up to a third of the time of making them. Reference counting still frees
what is dropped; the collector runs again (with its usual thresholds) once the outermost block ends.

What the block made and still holds (a model, a token stream) is then frozen (`gc.freeze`): the collector would
otherwise pass over it again in each older generation, about a seventh of the guard's time on the VeruSAGE pairs.
The lens's output holds no reference cycles (a parse leaves no cyclic garbage), and a frozen object is still freed
by reference counting; so that cyclic garbage of other code frozen with it is found all the same, every
`THAW_EVERY`-th block unfreezes everything into the oldest generation, where the next full collection sees it.
"""

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import count

THAW_EVERY = 64
_blocks = count(1)


@contextmanager
def paused_gc() -> Iterator[None]:
    if not gc.isenabled():  # paused already (a nested block) or turned off by the program: leave it so
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        _settle()
        gc.enable()


def _settle() -> None:
    if next(_blocks) % THAW_EVERY:
        gc.freeze()
    else:
        gc.unfreeze()
