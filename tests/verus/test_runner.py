"""run_verus against the stand-in: crashes, hangs, garbage, flags, and the process group."""

import os
import time
from pathlib import Path

from verusagent.verus import RunOptions, Verdict, run_verus
from verusagent.verus.runner import num_threads, safe_file_name

from tests.verus.verus_support import is_running, pids_in, wait_until

SOURCE = "use vstd::prelude::*;\nverus! {\nfn f() {}\n}\n"


def test_timeout_kills_the_whole_group(use_scenario, pidfile: Path) -> None:
    install = use_scenario("hang")
    started = time.monotonic()
    result = run_verus(install, SOURCE, options=RunOptions(timeout_s=1.5))
    assert time.monotonic() - started < 5
    assert result.verdict == Verdict.TIMEOUT and result.exit_code is None
    assert "process group was killed" in result.reasons[0]
    pids = pids_in(pidfile)
    assert len(pids) == 2  # the stand-in and its z3-like child
    assert wait_until(lambda: not any(is_running(pid) for pid in pids), 3.0), [p for p in pids if is_running(p)]


def test_a_child_left_behind_after_a_normal_exit_is_killed(use_scenario, pidfile: Path) -> None:
    install = use_scenario("stray_child")
    started = time.monotonic()
    result = run_verus(install, SOURCE, options=RunOptions(timeout_s=20))
    assert result.verdict == Verdict.VERIFIED
    assert time.monotonic() - started < 5  # the child held the pipes open; killing the group closed them
    [child] = pids_in(pidfile)
    assert wait_until(lambda: not is_running(child), 3.0)


def test_panic_is_a_tool_failure(use_scenario) -> None:
    result = run_verus(use_scenario("panic"), SOURCE)
    assert result.verdict == Verdict.TOOL_FAILURE and not result.accepted
    assert "simulated panic" in result.panics[0]
    assert any(reason.startswith("verus panicked") for reason in result.reasons)


def test_garbage_output_is_a_tool_failure_and_kept(use_scenario) -> None:
    result = run_verus(use_scenario("garbage"), SOURCE)
    assert result.verdict == Verdict.TOOL_FAILURE
    assert result.stdout == "Segmentation fault (core dumped)\n"
    assert "free(): invalid pointer" in result.raw_lines
    assert any("139" in reason for reason in result.reasons)


def test_unsupported_no_cheating_is_left_out_with_a_warning(use_scenario) -> None:
    install = use_scenario("old_verus")
    assert not install.supports("--no-cheating")
    result = run_verus(install, SOURCE, options=RunOptions(no_cheating=True))
    assert "--no-cheating" not in result.flags and result.verdict == Verdict.VERIFIED
    assert result.warnings == ["--no-cheating was requested but verus 0.2024.11.10.2a1b3c4 does not support it"]


def test_supported_no_cheating_is_passed(use_scenario) -> None:
    install = use_scenario("verified")
    result = run_verus(install, SOURCE, options=RunOptions(no_cheating=True))
    assert "--no-cheating" in result.flags and not result.warnings


def test_a_bad_flag_exit_255_is_a_tool_failure(use_scenario) -> None:
    install = use_scenario({"unsupported_flags": ["--time"], "verdict": "verified"})
    result = run_verus(install, SOURCE, options=RunOptions(extra_args=("--time",)))
    assert result.verdict == Verdict.TOOL_FAILURE and result.exit_code == 255
    assert "Error: Unrecognized option" in result.stderr


def test_flags_and_scratch_copy(use_scenario, standin_log) -> None:
    install = use_scenario("verified")
    run_verus(install, SOURCE, options=RunOptions(rlimit=30, multiple_errors=5, file_name="my-proof.rs"))
    [call] = standin_log()
    assert call["argv"] == [
        "--output-json",
        "--error-format=json",
        "--no-report-long-running",
        "--multiple-errors",
        "5",
        "--rlimit",
        "30",
        "--crate-type=lib",
        "--num-threads",
        str(num_threads(RunOptions())),
        "my_proof.rs",
    ]
    assert Path(call["cwd"]).name.startswith("verusagent-verus-") and not Path(call["cwd"]).exists()


def test_threads_are_shared_out_among_parallel_runs() -> None:
    cores = len(os.sched_getaffinity(0))
    assert num_threads(RunOptions(jobs=1)) == cores
    assert num_threads(RunOptions(jobs=cores * 2)) == 1
    assert num_threads(RunOptions(num_threads=3, jobs=8)) == 3


def test_file_names_become_crate_names() -> None:
    assert safe_file_name("dir/my-proof.rs") == "my_proof.rs"
    assert safe_file_name("2sum.rs") == "f_2sum.rs"
    assert safe_file_name("x") == "x.rs"


def test_binary_gone_after_probe_is_a_tool_failure(use_scenario, tmp_path: Path) -> None:
    copy = tmp_path / "verus"
    copy.write_bytes(Path(use_scenario("verified").path).read_bytes())
    copy.chmod(0o755)
    from verusagent.verus import find_verus

    install = find_verus(str(copy))
    copy.unlink()
    result = run_verus(install, SOURCE)
    assert result.verdict == Verdict.TOOL_FAILURE and "cannot run" in result.reasons[0]


def test_timings_cover_every_phase(use_scenario) -> None:
    result = run_verus(use_scenario("verified"), SOURCE, options=RunOptions(use_cache=False))
    assert set(result.timings) == {"prepare", "cache_lookup", "scratch", "verus", "parse", "cache_store", "total"}
    assert result.timings["verus"] < result.timings["total"]


def test_stand_in_marker_marks_the_result_even_if_the_install_did_not(use_scenario) -> None:
    disguised = use_scenario("verified").model_copy(update={"is_standin": False})
    result = run_verus(disguised, SOURCE)
    assert result.is_standin and result.verdict == Verdict.VERIFIED


def test_scope_flags_pair_a_function_with_exactly_one_root_or_module() -> None:
    from verusagent.verus.runner import scope_flags

    assert scope_flags(RunOptions()) == []
    assert scope_flags(RunOptions(verify_function="f")) == ["--verify-function", "f", "--verify-root"]
    assert scope_flags(RunOptions(verify_function="T::f", verify_module="net")) == [
        "--verify-function",
        "T::f",
        "--verify-only-module",
        "net",
    ]
    assert scope_flags(RunOptions(verify_module="net")) == ["--verify-only-module", "net"]
    assert scope_flags(RunOptions(verify_root=True)) == ["--verify-root"]
    assert not RunOptions().partial and RunOptions(verify_root=True).partial
