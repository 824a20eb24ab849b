"""The harness clock: wall-clock time of the run start plus a monotonic offset, so timestamps never go back."""

import time


class HarnessClock:
    """Timestamps in seconds since the epoch that are monotone within a run even if the wall clock jumps."""

    def __init__(self) -> None:
        self.started_wall = time.time()
        self._started_mono = time.monotonic()

    def now(self) -> float:
        return self.started_wall + (time.monotonic() - self._started_mono)

    def elapsed(self) -> float:
        return time.monotonic() - self._started_mono
