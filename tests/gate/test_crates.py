"""The gate on a repository holding a cargo crate: the crate's rules (modules, moved functions, build files)
join the file rules, and every output format carries them."""

import json
import shutil

import pytest
from typer.testing import CliRunner

from verusagent.cli import app

from tests.paths import REPO_ROOT

runner = CliRunner()
NETLIB = REPO_ROOT / "rust_fixtures" / "crates" / "netlib"


@pytest.fixture
def crate_repo(repo):
    shutil.copytree(NETLIB, repo.root / "netlib")
    repo.commit("the crate")
    return repo


def gate(*args: str) -> dict:
    result = runner.invoke(app, ["gate", "--format", "json", *args])
    data = json.loads(result.stdout)
    data["exit_code"] = result.exit_code
    return data


def found(data: dict) -> list[tuple[str, str]]:
    return sorted((f["path"], v["rule"]) for f in data["files"] for v in f["report"]["violations"])


def test_an_honest_proof_in_the_crate_is_clean(crate_repo) -> None:
    net = crate_repo.root / "netlib" / "src" / "net.rs"
    net.write_text(
        net.read_text().replace(
            "    while sent < n {\n",
            "    while sent < n\n        invariant\n            sent <= n,\n        decreases n - sent,\n    {\n",
        )
    )
    data = gate()
    assert data["exit_code"] == 0 and found(data) == []


def test_a_new_module_a_deleted_one_and_a_build_change_are_violations(crate_repo) -> None:
    root = crate_repo.root / "netlib"
    lib = root / "src" / "lib.rs"
    lib.write_text(lib.read_text().replace("pub mod store;\n", "pub mod extra;\n"))
    (root / "src" / "extra.rs").write_text("pub fn helper() {}\n")
    shutil.rmtree(root / "src" / "store")
    (root / "Cargo.toml").write_text((root / "Cargo.toml").read_text() + "\n[features]\nfast = []\n")
    data = gate()
    assert data["exit_code"] == 1
    assert ("netlib/Cargo.toml", "build-file-changed") in found(data)
    assert ("netlib/src/extra.rs", "module-changed") in found(data)
    assert ("netlib/src/store/mod.rs", "module-changed") in found(data)
    deleted = next(f for f in data["files"] if f["path"] == "netlib/src/store/mod.rs")
    assert deleted["status"] == "deleted"


def test_a_function_moved_within_the_crate_is_a_violation(crate_repo) -> None:
    root = crate_repo.root / "netlib" / "src"
    text = (root / "store" / "mod.rs").read_text()
    start = text.index("pub fn put")
    moved = text[start : text.index("} // verus!")]
    (root / "store" / "mod.rs").write_text(text.replace(moved, ""))
    (root / "net.rs").write_text((root / "net.rs").read_text().replace("} // verus!", moved + "} // verus!"))
    data = gate()
    assert ("netlib/src/net.rs", "function-moved") in found(data)


def test_crate_rules_appear_in_sarif_and_github_output(crate_repo) -> None:
    build = crate_repo.root / "netlib" / "build.rs"
    build.write_text("fn main() {}\n")
    sarif = json.loads(runner.invoke(app, ["gate", "--format", "sarif"]).stdout)
    [result] = sarif["runs"][0]["results"]
    assert result["ruleId"] == "build-file-changed"
    assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "netlib/build.rs"
    github = runner.invoke(app, ["gate", "--format", "github"]).stdout
    assert "::error file=netlib/build.rs,title=verusagent build-file-changed::" in github


def test_files_outside_any_crate_keep_the_file_rules_alone(crate_repo, proved_text) -> None:
    crate_repo.write("src/find.rs", proved_text)
    crate_repo.write("src/new_helper.rs", "verus! {\nfn helper() {}\n}\n")
    data = gate()
    assert data["exit_code"] == 0 and found(data) == []
