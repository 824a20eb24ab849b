"""The result cache: hits, keys, what is never stored, concurrent processes, a damaged database."""

import multiprocessing
from pathlib import Path

from verusagent.verus import RunOptions, Verdict, VerusResult, run_verus
from verusagent.verus.cache import ResultCache, cache_key, default_cache
from verusagent.verus.runner import cached_result

SOURCE = "use vstd::prelude::*;\nverus! {\nfn f() {}\n}\n"


def test_second_run_is_a_cache_hit(use_scenario, standin_log, private_cache: Path) -> None:
    install = use_scenario("verified")
    first = run_verus(install, SOURCE)
    second = run_verus(install, SOURCE.encode())
    assert len(standin_log()) == 1
    assert not first.from_cache and second.from_cache
    assert second.verdict == first.verdict and second.content_sha256 == first.content_sha256
    assert (private_cache / "verus-results.sqlite3").exists()


def test_cached_result_answers_without_running_verus(use_scenario, standin_log) -> None:
    install = use_scenario("verified")
    assert cached_result(install, SOURCE) is None
    first = run_verus(install, SOURCE)
    answer = cached_result(install, SOURCE)
    assert answer is not None and answer.from_cache and answer.verdict == first.verdict
    assert cached_result(install, SOURCE, RunOptions(use_cache=False)) is None  # a fresh run asks no cache
    assert len(standin_log()) == 1


def test_changed_bytes_flags_or_scenario_miss(use_scenario, standin_log) -> None:
    install = use_scenario("verified")
    run_verus(install, SOURCE)
    run_verus(install, SOURCE + " ")
    run_verus(install, SOURCE, options=RunOptions(rlimit=20))
    run_verus(install, SOURCE, options=RunOptions(num_threads=1))  # thread count does not change the answer
    assert len(standin_log()) == 3
    other = use_scenario("old_verus")  # another verus build: another fingerprint
    assert other.fingerprint != install.fingerprint
    run_verus(other, SOURCE)
    assert len(standin_log()) == 4


def test_use_cache_false_always_runs(use_scenario, standin_log) -> None:
    install = use_scenario("verified")
    for _ in range(2):
        assert not run_verus(install, SOURCE, options=RunOptions(use_cache=False)).from_cache
    assert len(standin_log()) == 2


def test_tool_failures_and_timeouts_are_not_stored(use_scenario, standin_log) -> None:
    install = use_scenario("panic")
    for _ in range(2):
        assert run_verus(install, SOURCE).verdict == Verdict.TOOL_FAILURE
    assert len(standin_log()) == 2


def test_damaged_database_is_reported_and_verus_runs(use_scenario, private_cache: Path) -> None:
    private_cache.mkdir(parents=True)
    (private_cache / "verus-results.sqlite3").write_bytes(b"this is not a database" * 100)
    result = run_verus(use_scenario("verified"), SOURCE)
    assert result.verdict == Verdict.VERIFIED and not result.from_cache
    assert any("could not be read" in warning for warning in result.warnings)


def _writer(path: str, worker: int) -> int:
    cache = ResultCache(Path(path))
    hits = 0
    for index in range(30):
        key = f"key-{index}"
        cache.put(key, _result(f"worker {worker}"))
        hits += cache.get(key) is not None
    return hits


def _result(reason: str) -> VerusResult:
    return VerusResult(
        verdict=Verdict.FAILED,
        partial=False,
        reasons=[reason],
        duration_s=1.0,
        verus_path="/x/verus",
        verus_version="0.2026.08.15.7d4628a",
        is_standin=False,
        content_sha256="0" * 64,
        file_name="c.rs",
        flags=["--output-json"],
    )


def test_concurrent_processes_share_the_cache(tmp_path: Path) -> None:
    path = tmp_path / "shared.sqlite3"
    with multiprocessing.get_context("spawn").Pool(4) as workers:
        hits = workers.starmap(_writer, [(str(path), n) for n in range(4)])
    assert hits == [30, 30, 30, 30]
    assert ResultCache(path).get("key-29").reasons[0].startswith("worker")


def test_key_ignores_thread_count_only() -> None:
    base = ["--rlimit", "10", "--num-threads", "4"]
    assert cache_key("v", base, "a.rs", b"x") == cache_key("v", ["--rlimit", "10", "--num-threads", "1"], "a.rs", b"x")
    assert cache_key("v", base, "a.rs", b"x") != cache_key("v", ["--rlimit", "11", "--num-threads", "4"], "a.rs", b"x")
    assert cache_key("v", base, "a.rs", b"x") != cache_key("v", base, "b.rs", b"x")


def test_cache_folder_follows_the_environment(private_cache: Path) -> None:
    assert default_cache().path == private_cache / "verus-results.sqlite3"
