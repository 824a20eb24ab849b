"""`verusagent check ORIGINAL CANDIDATE` with two crate folders: file by file, and the crate's rules."""

import json
import shutil

import pytest
from typer.testing import CliRunner

from verusagent.cli import app

runner = CliRunner()
HONEST = (
    "    while sent < n {\n",
    "    while sent < n\n        invariant\n            sent <= n,\n        decreases n - sent,\n    {\n",
)


@pytest.fixture
def pair(crates):
    original = crates("netlib", "original")
    candidate = crates("netlib", "candidate")
    return original, candidate


def check(*args: str):
    return runner.invoke(app, ["check", *map(str, args)])


def rules(result) -> list[tuple[str, str]]:
    data = json.loads(result.stdout)
    found = [(v["rule"], v["file"]) for v in data["crate"]]
    found += [(v["rule"], v["file"]) for f in data["files"] for v in f["report"]["violations"]]
    return sorted(found)


def edit(path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new))


def test_an_honest_proof_in_a_submodule_is_clean(pair) -> None:
    original, candidate = pair
    edit(candidate / "src" / "net.rs", *HONEST)
    result = check(original, candidate)
    assert result.exit_code == 0, result.output
    assert "src/net.rs: clean (1 functions compared)" in result.stdout
    assert result.stdout.strip().endswith("(5 module files, 4 unchanged)")


def test_a_cheat_in_a_second_module_is_a_violation_of_that_file(pair) -> None:
    original, candidate = pair
    edit(candidate / "src" / "net.rs", *HONEST)
    edit(candidate / "src" / "util" / "arith_helpers.rs", "    n + n\n", "    proof { assume(false); }\n    n + n\n")
    result = check(original, candidate, "--json")
    assert result.exit_code == 1
    assert rules(result) == [("escape-hatch-added", "src/util/arith_helpers.rs")]
    [file] = [f for f in json.loads(result.stdout)["files"] if f["report"]["violations"]]
    assert file["report"]["violations"][0]["function"] == "fn:arith::double"


def test_a_module_added_deleted_or_renamed_is_a_violation(pair) -> None:
    original, candidate = pair
    edit(candidate / "src" / "lib.rs", "pub mod store;\n", "pub mod store;\npub mod extra;\n")
    (candidate / "src" / "extra.rs").write_text("pub fn helper() {}\n")
    result = check(original, candidate, "--json")
    assert result.exit_code == 1
    assert ("module-changed", "src/extra.rs") in rules(result) and ("module-changed", "src/lib.rs") in rules(result)
    shutil.rmtree(candidate)
    shutil.copytree(original, candidate)
    (candidate / "src" / "store" / "mod.rs").rename(candidate / "src" / "store.rs")
    (candidate / "src" / "store").rmdir()
    renamed = check(original, candidate)
    assert renamed.exit_code == 1
    assert "module store moved or renamed: src/store/mod.rs is now src/store.rs" in renamed.stdout
    assert "function-moved" not in renamed.stdout  # the rename is the violation, not each of its functions


def test_a_new_file_that_no_mod_line_reaches_yet_is_a_module_added(pair) -> None:
    original, candidate = pair
    (candidate / "src" / "extra.rs").write_text("verus! {\nproof fn lemma_extra() ensures 1int == 1 {}\n}\n")
    result = check(original, candidate, "--json")
    assert result.exit_code == 1
    assert rules(result) == [("module-changed", "src/extra.rs")]


def test_an_inline_module_added_to_a_crate_file_is_a_module_added(pair) -> None:
    original, candidate = pair
    edit(candidate / "src" / "net.rs", "verus! {\n", "verus! {\nmod extra {\n    proof fn lemma_extra() {}\n}\n")
    result = check(original, candidate, "--json")
    assert result.exit_code == 1
    assert rules(result) == [("module-changed", "src/net.rs")]


def test_a_function_moved_to_another_file_is_a_violation(pair) -> None:
    original, candidate = pair
    store = candidate / "src" / "store" / "mod.rs"
    moved = "pub fn put(len: u32) -> (r: u32)\n    requires\n        len < 1000,\n    ensures\n        r == len + 1,\n{\n    len + 1\n}\n"  # noqa: E501 (a source text, kept on one line to read as the file reads)
    edit(store, moved, "")
    edit(candidate / "src" / "net.rs", "} // verus!", moved + "\n} // verus!")
    result = check(original, candidate)
    assert result.exit_code == 1
    assert "error[function-moved] function put moved from src/store/mod.rs to src/net.rs" in result.stdout


@pytest.mark.parametrize("build_file", ["Cargo.toml", "build.rs", ".cargo/config.toml", "rust-toolchain.toml"])
def test_any_change_to_a_build_file_is_a_violation(pair, build_file) -> None:
    original, candidate = pair
    target = candidate / build_file
    target.parent.mkdir(exist_ok=True)
    target.write_text((target.read_text() if target.exists() else "") + "# changed\n")
    result = check(original, candidate, "--json")
    assert result.exit_code == 1
    assert rules(result) == [("build-file-changed", build_file)]


def test_the_build_script_crate_catches_a_changed_build_script_and_a_new_include(crates) -> None:
    original, candidate = crates("with_build", "a"), crates("with_build", "b")
    edit(candidate / "build.rs", "LIMIT: u32 = 64", "LIMIT: u32 = 65")
    edit(candidate / "src" / "lib.rs", "verus! {", 'include!("extra.rs");\n\nverus! {')
    found = rules(check(original, candidate, "--json"))
    assert ("build-file-changed", "build.rs") in found and ("outside-read-added", "src/lib.rs") in found


def test_a_file_and_a_folder_together_is_a_usage_error(pair) -> None:
    original, candidate = pair
    result = check(original, candidate / "src" / "lib.rs")
    assert result.exit_code == 2
    assert "is a crate and" in result.output and "compare two .rs files, or two crate folders" in result.output


def test_two_workspaces_compare_the_member_named(crates) -> None:
    original, candidate = crates("workspace", "a"), crates("workspace", "b")
    edit(
        candidate / "core_math" / "src" / "ops.rs",
        "        total = total + i as u64;\n",
        "        total = total + i as u64;\n        assume(false);\n",
    )
    assert check(original, candidate).exit_code == 2  # a workspace: which member?
    result = check(original, candidate, "--package", "core_math")
    assert result.exit_code == 1 and "src/ops.rs: 1 violation" in result.stdout
