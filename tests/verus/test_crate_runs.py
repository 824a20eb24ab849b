"""verus on a crate: the scratch copy holds every module file, `verus ROOT` or `cargo verus verify` (the
stand-in plays both: not verus, not cargo), diagnostics named by crate paths, cache keys over every file."""

import shutil
from pathlib import Path

import pytest

from verusagent.crate.discover import find_crate
from verusagent.crate.model import read_sources
from verusagent.crate.workspace import crate_sources
from verusagent.verus import RunOptions, Verdict, run_verus
from verusagent.verus.sources import tree_digest

from tests.paths import REPO_ROOT

STANDIN = REPO_ROOT / "tools" / "verus_standin.py"
CRATES = REPO_ROOT / "rust_fixtures" / "crates"
DECREASES = {
    "when_contains": "while sent < n {",
    "verdict": "failed",
    "errors": [{"message": "loop must have a decreases clause", "line_contains": "while sent < n"}],
}
IN_OPS = {
    "verdict": "failed",
    "errors": [{"message": "possible arithmetic underflow/overflow", "line_contains": "total + i as u64"}],
}


def sources_of(folder: Path, cargo: bool = False, edits: dict[str, str] | None = None):
    layout = find_crate(folder).layout
    files = read_sources(layout)
    for path, text in (edits or {}).items():
        assert path in files
        files[path] = text.encode()
    return layout, crate_sources(
        layout, files, tree_digest(layout.tree) if layout.tree else "", str(STANDIN) if cargo else None
    )


@pytest.fixture
def netlib(tmp_path: Path) -> Path:
    return Path(shutil.copytree(CRATES / "netlib", tmp_path / "netlib"))


def test_verus_root_sees_every_module_file_and_names_them_by_crate_path(netlib, use_scenario, standin_log) -> None:
    layout, sources = sources_of(netlib)
    result = run_verus(use_scenario({"rules": [DECREASES]}), sources)
    assert result.verdict == Verdict.FAILED and result.file_name == "src/lib.rs"
    [call] = standin_log()
    assert call["argv"][-1] == "src/lib.rs" and set(call["files"]) == set(layout.paths)
    assert "--crate-name" in call["argv"] and call["argv"][call["argv"].index("--crate-name") + 1] == "netlib"
    [error] = result.errors_only()
    assert (error.location.file, error.location.line) == ("src/net.rs", 13)


def test_the_users_crate_is_never_touched_and_edits_go_to_the_scratch_copy(netlib, use_scenario, standin_log) -> None:
    before = {p: (netlib / p).read_bytes() for p in find_crate(netlib).layout.paths}
    _, sources = sources_of(netlib, edits={"src/net.rs": "verus! { pub fn send() {} }\n"})
    assert run_verus(use_scenario({"rules": [DECREASES, {"verdict": "verified"}]}), sources).verdict == Verdict.VERIFIED
    assert {p: (netlib / p).read_bytes() for p in before} == before


def test_cargo_verus_verify_runs_from_the_workspace_and_paths_are_the_members(
    tmp_path, use_scenario, standin_log
) -> None:
    workspace = Path(shutil.copytree(CRATES / "workspace", tmp_path / "ws"))
    layout, sources = sources_of(workspace / "core_math", cargo=True)
    result = run_verus(use_scenario({"rules": [IN_OPS]}), sources)
    [call] = standin_log()
    assert call["argv"][:5] == ["verus", "verify", "--manifest-path", "core_math/Cargo.toml", "-p"]
    assert "--target-dir" in call["argv"] and call["argv"][call["argv"].index("--") + 1] == "--output-json"
    assert result.verdict == Verdict.FAILED and result.exit_code == 101  # cargo's code: verus found errors
    assert result.flags[:3] == ["cargo-verus", "verify", "--"]
    [error] = result.errors_only()
    assert error.location.file == "src/ops.rs"  # cargo named it core_math/src/ops.rs


def test_a_focused_cargo_run_uses_cargo_verus_focus_and_is_partial(netlib, use_scenario, standin_log) -> None:
    _, sources = sources_of(netlib, cargo=True)
    options = RunOptions(verify_module="store")
    result = run_verus(use_scenario({"rules": [DECREASES]}), sources, options=options)
    assert result.verdict == Verdict.VERIFIED_PARTIAL and result.partial and not result.accepted
    assert standin_log()[0]["argv"][:2] == ["verus", "focus"]
    assert "--verify-only-module" in result.flags


def test_a_module_run_reports_only_that_modules_errors(netlib, use_scenario) -> None:
    install = use_scenario({"rules": [DECREASES]})
    _, sources = sources_of(netlib)
    in_net = run_verus(install, sources, options=RunOptions(verify_module="net"))
    in_store = run_verus(install, sources, options=RunOptions(verify_module="store"))
    assert in_net.verdict == Verdict.FAILED and in_store.verdict == Verdict.VERIFIED_PARTIAL
    focused = run_verus(install, sources, options=RunOptions(verify_function="send", verify_module="net"))
    assert focused.verdict == Verdict.FAILED and focused.errors_only()[0].location.file == "src/net.rs"


def test_the_cache_key_covers_every_file_of_the_crate(netlib, use_scenario, standin_log) -> None:
    install = use_scenario({"rules": [{"verdict": "verified"}]})
    _, sources = sources_of(netlib)
    assert not run_verus(install, sources).from_cache
    assert run_verus(install, sources).from_cache
    _, other = sources_of(
        netlib, edits={"src/store/mod.rs": "verus! { pub fn put() {} }\n"}
    )  # a file the prompt never shows
    assert not run_verus(install, other).from_cache
    (netlib / "Cargo.toml").write_text((netlib / "Cargo.toml").read_text() + "# a build change\n")
    _, rebuilt = sources_of(netlib)
    assert not run_verus(install, rebuilt).from_cache  # the copied folder's digest changed
    _, by_cargo = sources_of(netlib, cargo=True)
    assert not run_verus(install, by_cargo).from_cache
    assert len(standin_log()) == 4


def test_a_crate_folder_too_large_to_copy_is_a_tool_failure(netlib, use_scenario, monkeypatch) -> None:
    import verusagent.verus.sources as sources_module

    monkeypatch.setattr(sources_module, "MAX_TREE_BYTES", 100)
    _, sources = sources_of(netlib)
    result = run_verus(use_scenario({"rules": [{"verdict": "verified"}]}), sources)
    assert result.verdict == Verdict.TOOL_FAILURE and "verusagent copies at most 100" in result.reasons[0]


def test_cargo_verify_refuses_partial_flags_as_cargo_verus_does(netlib, use_scenario) -> None:
    import subprocess
    import sys

    use_scenario({"rules": [{"verdict": "verified"}]})
    done = subprocess.run(
        [sys.executable, str(STANDIN), "verus", "verify", "--", "--verify-root"],
        cwd=netlib,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 1 and "Partial verification must use `cargo verus focus`" in done.stderr


def test_with_several_json_documents_the_root_crates_last_one_counts() -> None:
    import json

    from verusagent.verus.cargo import root_crate_output

    dependency = json.dumps({"verification-results": {"success": False}}, indent=2)
    root = json.dumps({"verification-results": {"success": True}}, indent=2)
    assert root_crate_output(f"{dependency}\n{root}\n") == f"{root}\n"
    assert root_crate_output(root) == root


def test_cargo_verus_is_found_beside_verus_only_with_cargo(tmp_path, monkeypatch) -> None:
    from verusagent.verus.cargo import CARGO_VERUS_ENV, find_cargo_verus

    monkeypatch.delenv(CARGO_VERUS_ENV, raising=False)
    (tmp_path / "verus").write_text("#!/bin/sh\n")
    beside = tmp_path / "cargo-verus"
    beside.write_text("#!/bin/sh\n")
    beside.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert find_cargo_verus(str(tmp_path / "verus")) is None  # no cargo: `verus ROOT` instead
    cargo = tmp_path / "bin" / "cargo"
    cargo.parent.mkdir()
    cargo.write_text("#!/bin/sh\n")
    cargo.chmod(0o755)
    monkeypatch.setenv("PATH", str(cargo.parent))
    assert find_cargo_verus(str(tmp_path / "verus")) == str(beside)
    monkeypatch.setenv(CARGO_VERUS_ENV, str(STANDIN))
    assert find_cargo_verus(str(tmp_path / "verus")) == str(STANDIN)


def test_the_standin_follows_path_attributes_and_places_errors_in_the_file_named(netlib, use_scenario) -> None:
    rule = {
        "verdict": "failed",
        "errors": [
            {"message": "postcondition not satisfied", "file": "src/store/mod.rs", "line_contains": "r == len + 1"},
            {"message": "assertion failed", "line_contains": "lemma_double_bound(n);"},
        ],
    }  # in the #[path] file
    _, sources = sources_of(netlib)
    result = run_verus(use_scenario({"rules": [rule]}), sources)
    assert [(d.location.file, d.location.line) for d in result.errors_only()] == [
        ("src/store/mod.rs", 9),
        ("src/util/arith_helpers.rs", 20),
    ]
    assert "netlib::arith::double" in result.func_details
