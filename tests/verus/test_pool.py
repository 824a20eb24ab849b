"""VerusPool: parallel runs, results in finishing order, and Ctrl-C leaving no process behind."""

import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from verusagent.verus import RunOptions, VerusPool

from tests.verus.verus_support import SCENARIOS, STANDIN, is_running, pids_in, wait_until

SLOW = "verus! { fn slow_{n}() {} }\n"


def overlaps(calls: list[dict]) -> bool:
    (a, b) = sorted(calls, key=lambda c: c["start"])
    return b["start"] < a["end"]


def test_two_jobs_run_in_parallel(use_scenario, standin_log) -> None:
    install = use_scenario("slow")
    with VerusPool(install, jobs=2) as pool:
        results = list(pool.run_all([(n, SLOW.replace("{n}", str(n))) for n in range(2)]))
    assert sorted(tag for tag, _ in results) == [0, 1]
    calls = standin_log()
    assert len(calls) == 2 and overlaps(calls)
    assert all("--num-threads" in c["argv"] for c in calls)


def test_one_job_runs_one_at_a_time(use_scenario, standin_log) -> None:
    install = use_scenario("slow")
    with VerusPool(install, jobs=1) as pool:
        list(pool.run_all([(n, SLOW.replace("{n}", str(n))) for n in range(2)]))
    assert not overlaps(standin_log())


def test_results_come_as_they_finish(use_scenario) -> None:
    install = use_scenario("slow")
    with VerusPool(install, jobs=2) as pool:
        order = [tag for tag, _ in pool.run_all([("slow", "fn a() {}"), ("fast", "fn FAST() {}")])]
    assert order == ["fast", "slow"]


def test_pool_runs_share_the_cores(use_scenario, standin_log) -> None:
    install = use_scenario("verified")
    with VerusPool(install, jobs=64, options=RunOptions(use_cache=False)) as pool:
        pool.submit("fn one() {}").result()
    argv = standin_log()[0]["argv"]
    assert argv[argv.index("--num-threads") + 1] == "1"


def test_jobs_must_be_positive(use_scenario) -> None:
    with pytest.raises(ValueError):
        VerusPool(use_scenario("verified"), jobs=0)


POOL_SCRIPT = textwrap.dedent(
    """
    import sys
    from verusagent.verus import RunOptions, VerusPool, find_verus

    pool = VerusPool(find_verus(sys.argv[1]), jobs=2, options=RunOptions(timeout_s=60))
    for tag, result in pool.run_all([(n, f"fn hang_{n}() {{}}") for n in range(3)]):
        print("unexpected result", tag, result.verdict, flush=True)
    """
)
SINGLE_SCRIPT = textwrap.dedent(
    """
    import sys
    from verusagent.verus import RunOptions, find_verus, run_verus

    result = run_verus(find_verus(sys.argv[1]), "fn hang() {}", options=RunOptions(timeout_s=60))
    print("unexpected result", result.verdict, flush=True)
    """
)


@pytest.mark.parametrize("script_text, processes", [(POOL_SCRIPT, 4), (SINGLE_SCRIPT, 2)], ids=["pool", "single"])
def test_ctrl_c_leaves_no_process(script_text: str, processes: int, tmp_path: Path, pidfile: Path) -> None:
    script = tmp_path / "run.py"
    script.write_text(script_text)
    env = {**__import__("os").environ, "VERUS_STANDIN_SCENARIO": str(SCENARIOS / "hang.json")}
    runner = subprocess.Popen(
        [sys.executable, str(script), str(STANDIN)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        # each hanging run records itself and its z3-like child
        assert wait_until(lambda: len(pids_in(pidfile)) == processes, 20.0), pids_in(pidfile)
        runner.send_signal(signal.SIGINT)
        _, stderr = runner.communicate(timeout=20)
    finally:
        runner.kill()
    assert "KeyboardInterrupt" in stderr
    pids = pids_in(pidfile)
    assert len(pids) == processes  # the pool's third run never started
    assert wait_until(lambda: not any(is_running(pid) for pid in pids), 3.0), [p for p in pids if is_running(p)]


FAST_OR_HANG = {"name": "fast or hang", "rules": [{"when_contains": "FAST", "verdict": "verified"}, {"hang": True}]}


def test_closing_a_batch_early_stops_only_its_runs(use_scenario, pidfile: Path) -> None:
    pool = VerusPool(use_scenario(FAST_OR_HANG), jobs=3, options=RunOptions(timeout_s=60, use_cache=False))
    try:
        other = pool.submit("fn other_hang() {}")  # a run outside the batch: it must survive the batch's close
        assert wait_until(lambda: len(pids_in(pidfile)) == 2, 20.0), pids_in(pidfile)
        others = pids_in(pidfile)
        batch = pool.run_all([("fast", "fn FAST() {}"), ("hang", "fn batch_hang() {}")])
        assert next(batch)[0] == "fast"
        assert wait_until(lambda: len(pids_in(pidfile)) == 4, 20.0), pids_in(pidfile)
        batch.close()  # what a `break` or a garbage-collected generator does
        mine = pids_in(pidfile)[2:]
        assert wait_until(lambda: not any(is_running(pid) for pid in mine), 3.0)
        assert all(is_running(pid) for pid in others) and not other.done()
        assert pool.submit("fn FAST_again() {}").result(timeout=30).verdict.value == "verified"
    finally:
        pool.cancel()
    assert wait_until(lambda: not any(is_running(pid) for pid in pids_in(pidfile)), 3.0)


def test_a_batch_closed_early_drops_its_queued_runs(use_scenario, standin_log) -> None:
    pool = VerusPool(use_scenario("slow"), jobs=1, options=RunOptions(use_cache=False))
    with pool:
        batch = pool.run_all([(n, SLOW.replace("{n}", str(n))) for n in range(3)])
        next(batch)
        batch.close()
        assert len(standin_log()) == 1  # the second run was killed, the third never started
        assert list(pool.run_all([("again", "fn FAST() {}")]))[0][0] == "again"
