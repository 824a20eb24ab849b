"""Runs up to `jobs` verus processes at once and hands back results as they finish.

On Ctrl-C (or any exception while results are awaited) every running process group is killed, queued runs
are dropped, and the exception goes on: no verus or z3 process outlives the pool.
"""

from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from typing import Any

from verusagent.verus.install import VerusInstall
from verusagent.verus.models import RunOptions, VerusResult
from verusagent.verus.process import ProcessRegistry
from verusagent.verus.runner import run_verus


class VerusPool:
    def __init__(self, install: VerusInstall, jobs: int = 2, options: RunOptions | None = None):
        if jobs < 1:
            raise ValueError(f"jobs must be at least 1, not {jobs}")
        self.install = install
        self.jobs = jobs
        self.options = (options or RunOptions()).model_copy(update={"jobs": jobs})
        self._registry = ProcessRegistry()
        self._executor = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="verus")

    def submit(self, source: bytes | str, options: RunOptions | None = None) -> Future[VerusResult]:
        chosen = (options or self.options).model_copy(update={"jobs": self.jobs})
        return self._executor.submit(
            run_verus, self.install, source, options=chosen, registry=self._registry
        )

    def run_all(
        self, sources: Iterable[tuple[Any, bytes | str]], options: RunOptions | None = None
    ) -> Iterator[tuple[Any, VerusResult]]:
        """Runs every (tag, source) and yields (tag, result) in the order the runs finish."""
        return self.run_jobs((tag, source, options) for tag, source in sources)

    def run_jobs(
        self, jobs: Iterable[tuple[Any, bytes | str, RunOptions | None]]
    ) -> Iterator[tuple[Any, VerusResult]]:
        """Runs every (tag, source, options) and yields (tag, result) in the order the runs finish."""
        futures = {self.submit(source, options): tag for tag, source, options in jobs}
        try:
            for future in as_completed(futures):
                yield futures[future], future.result()
        except BaseException:
            self.cancel()
            raise

    def cancel(self) -> None:
        """Kills every running verus process group and drops the queued runs."""
        self._registry.kill_all()
        self._executor.shutdown(wait=True, cancel_futures=True)

    def close(self) -> None:
        self._executor.shutdown(wait=True)

    def __enter__(self) -> "VerusPool":
        return self

    def __exit__(self, exc_type, exc, traceback) -> None:
        if exc_type is None:
            self.close()
        else:
            self.cancel()
