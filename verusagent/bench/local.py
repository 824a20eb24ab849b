"""Workers on this machine: a thread per worker, each running its tasks as task processes (see worker.py)."""

import threading
import traceback
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait

from verusagent.bench.jobs import TaskJob, TaskReport
from verusagent.bench.worker import run_job, warm_up


class LocalExecutor:
    name = "local process pool"

    def __init__(self, workers: int, warm: bool = True) -> None:
        """warm: start the fork server now (it loads litellm while the driver reads the suite); else the first
        task starts it."""
        self.slots = workers
        self._cancel = threading.Event()
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="bench-worker")
        if warm:
            warm_up()

    def submit(self, job: TaskJob) -> Future:
        return self._pool.submit(run_job, job, self._cancel)

    def wait_any(self, pending: dict, timeout_s: float) -> list[tuple[object, TaskReport | BaseException]]:
        done, _ = wait(list(pending), timeout=timeout_s, return_when=FIRST_COMPLETED)
        return [(future, _value(future)) for future in done]

    def cancel(self, pending: dict | None = None) -> None:
        """Stops every running task (its process and verus runs) and drops the queued ones."""
        self._cancel.set()
        self._pool.shutdown(wait=True, cancel_futures=True)

    def close(self) -> None:
        self._pool.shutdown(wait=True)


def _value(future: Future) -> TaskReport | BaseException:
    error = future.exception()
    if error is not None:
        error.add_note("".join(traceback.format_exception(error))[-2000:])
    return error if error is not None else future.result()
