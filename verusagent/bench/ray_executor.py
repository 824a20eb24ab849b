"""Workers on a Ray cluster: each task is a Ray task (one CPU) running the same `run_job` as a local worker, so a
task's process, limit and clean stop are the same; the result and the record come back to the driver as the
task's return value (no shared filesystem). Ray is an optional extra (`pip install 'verusagent[ray]'`), imported
only here.

The workers need verusagent (same version), verus at the `--verus` path (or none, for the stand-in), and the
model's API key in their environment: the Dockerfile's image has the first two; pass keys to the containers
(`docker run -e OPENAI_API_KEY ...`) before `ray start`, since a Ray task sees its worker's environment.
"""

from verusagent.bench.jobs import TaskJob, TaskReport
from verusagent.bench.worker import run_job


class RayUnavailable(RuntimeError):
    pass


def _ray():
    try:
        import ray
    except ImportError as error:
        raise RayUnavailable("--ray needs Ray: pip install 'verusagent[ray]'") from error
    return ray


def _remote_run_job(job: TaskJob) -> TaskReport:
    return run_job(job)


class RayExecutor:
    name = "Ray cluster"

    def __init__(self, address: str, workers: int | None) -> None:
        self.ray = _ray()
        self._started_here = not self.ray.is_initialized()
        if self._started_here:
            try:
                self.ray.init(
                    address=None if address == "auto" else address,
                    include_dashboard=False,
                    log_to_driver=False,
                    configure_logging=False,
                )
            except (ConnectionError, RuntimeError, ValueError) as error:
                raise RayUnavailable(f"cannot start or join Ray at {address}: {error}") from error
        cpus = int(self.ray.cluster_resources().get("CPU", 1))
        self.slots = workers or cpus
        self.name = f"Ray cluster at {address} ({cpus} CPUs)"
        self._remote = self.ray.remote(num_cpus=1, max_retries=0)(_remote_run_job)

    def submit(self, job: TaskJob):
        return self._remote.remote(job)

    def wait_any(self, pending: dict, timeout_s: float) -> list[tuple[object, TaskReport | BaseException]]:
        done, _ = self.ray.wait(list(pending), num_returns=1, timeout=timeout_s)
        return [(ref, self._value(ref)) for ref in done]

    def _value(self, ref) -> TaskReport | BaseException:
        try:
            return self.ray.get(ref)
        except Exception as error:  # a Ray task or worker failure: this task's error, never the run's
            return error

    def cancel(self, pending: dict | None = None) -> None:
        """Asks each running Ray task to stop (a KeyboardInterrupt in it: its task process is stopped cleanly)."""
        for ref in pending or {}:
            self.ray.cancel(ref, force=False)
        if pending:
            self.ray.wait(list(pending), num_returns=len(pending), timeout=15)

    def close(self) -> None:
        if self._started_here:
            self.ray.shutdown()
