"""Runs up to `jobs` verus processes at once and hands back results as they finish.

On Ctrl-C (or any exception while results are awaited) every running process group is killed, queued runs
are dropped, and the exception goes on: no verus or z3 process outlives the pool. A consumer that stops
iterating a batch early (closing its iterator) stops only that batch's runs.
"""

from collections.abc import Generator, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor, as_completed, wait
from types import TracebackType
from typing import Any

from verusagent.verus.install import VerusInstall
from verusagent.verus.models import RunOptions, VerusResult
from verusagent.verus.process import ProcessRegistry
from verusagent.verus.runner import cached_result, run_verus
from verusagent.verus.sources import CrateSources


class VerusPool:
    def __init__(self, install: VerusInstall, jobs: int = 2, options: RunOptions | None = None):
        if jobs < 1:
            raise ValueError(f"jobs must be at least 1, not {jobs}")
        self.install = install
        self.jobs = jobs
        self.options = (options or RunOptions()).model_copy(update={"jobs": jobs})
        self._registry = ProcessRegistry()
        self._executor = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="verus")

    def submit(
        self,
        source: bytes | str | CrateSources,
        options: RunOptions | None = None,
        registry: ProcessRegistry | None = None,
    ) -> Future[VerusResult]:
        """One run; `registry` (a batch of this pool's registry) lets a caller kill its own runs alone."""
        return self._executor.submit(
            run_verus, self.install, source, options=self._options(options), registry=registry or self._registry
        )

    def _options(self, options: RunOptions | None) -> RunOptions:
        return (options or self.options).model_copy(update={"jobs": self.jobs})

    def cached(self, source: bytes | str | CrateSources, options: RunOptions | None = None) -> VerusResult | None:
        """The result cache's answer to what `submit(source, options)` would run, or None; starts no verus."""
        return cached_result(self.install, source, self._options(options))

    def run_all(
        self, sources: Iterable[tuple[Any, bytes | str]], options: RunOptions | None = None
    ) -> Iterator[tuple[Any, VerusResult]]:
        """Runs every (tag, source) and yields (tag, result) in the order the runs finish."""
        return self.run_jobs((tag, source, options) for tag, source in sources)

    def run_jobs(
        self, jobs: Iterable[tuple[Any, bytes | str, RunOptions | None]]
    ) -> Generator[tuple[Any, VerusResult], None, None]:
        """Runs every (tag, source, options) and yields (tag, result) in the order the runs finish. Closing the
        iterator early (a `break`) stops only these runs; the pool stays usable."""
        batch = self._registry.batch()
        futures = {self.submit(source, options, batch): tag for tag, source, options in jobs}
        try:
            for future in as_completed(futures):
                yield futures[future], future.result()
        except GeneratorExit:
            self._drop(futures, batch)
            raise
        except BaseException:
            self.cancel()
            raise

    @staticmethod
    def _drop(futures: Iterable[Future[Any]], batch: ProcessRegistry) -> None:
        """The consumer wants no more of this batch: queued runs are cancelled, running ones killed and waited
        for (they end with `Cancelled`), and the results not yet handed out are discarded."""
        for future in futures:
            future.cancel()
        batch.kill_all()
        wait(futures)

    def cancel(self) -> None:
        """Kills every running verus process group and drops the queued runs."""
        self._registry.kill_all()
        self._executor.shutdown(wait=True, cancel_futures=True)

    def close(self) -> None:
        self._executor.shutdown(wait=True)

    def __enter__(self) -> "VerusPool":
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, traceback: TracebackType | None
    ) -> None:
        if exc_type is None:
            self.close()
        else:
            self.cancel()
