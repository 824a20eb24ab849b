"""prove on a crate end to end: the scripted model (a stand-in for a model) and the verus stand-in (not verus)
playing `verus src/lib.rs` and `cargo verus verify`. Each record passes the audit of its invariants."""

import json
import shutil

import pytest

from verusagent.crate_text import split_files

from tests.agent.agent_harness import REPO_ROOT, STANDIN, assert_audited
from tests.crate.crate_texts import BASELINE, PROVED, PROVED_SEND, items_reply

CRATES = REPO_ROOT / "rust_fixtures" / "crates"

LOOP = "    while sent < n {\n"
CRATE_FILES = ["src/lib.rs", "src/net.rs", "src/net/conn.rs", "src/store/mod.rs", "src/util/arith_helpers.rs"]


def test_a_function_of_a_submodule_is_proved_and_accepted_by_a_whole_crate_run(harness, crates) -> None:
    crate = crates("netlib")
    before = {path: (crate / path).read_text() for path in CRATE_FILES}
    harness.script([items_reply(PROVED_SEND)])
    harness.scenario([PROVED, BASELINE])
    run = harness.run("prove", crate, fn=["net::send"])
    assert run.exit_code == 0 and run.outcome["verdict"] == "verified", harness.last_err
    assert run.outcome["changed_files"] == ["src/net.rs"]
    out = harness.tmp / "netlib.standin-verified"
    assert run.outcome["output_path"] == str(out)
    assert "decreases n - sent" in (out / "src/net.rs").read_text()
    assert all((out / p).read_text() == before[p] for p in CRATE_FILES if p != "src/net.rs")
    assert {p: (crate / p).read_text() for p in CRATE_FILES} == before  # the user's tree is untouched
    assert "File `src/net.rs`" in run.prompts[0] and "pub fn send" in run.prompts[0]
    assert "line 13 in fn:net::send/loop#1" in run.prompts[0]
    acceptance = [e for e in run.events("verus_run") if e["purpose"] == "acceptance"]
    assert len(acceptance) == 1 and not acceptance[0]["partial"] and acceptance[0]["verdict"] == "verified"
    assert not any(f.startswith("--verify") for f in acceptance[0]["flags"])  # the whole crate
    runs = [c for c in run.verus_calls if "src/lib.rs" in c["argv"]]
    assert runs and all(set(c["files"]) == set(CRATE_FILES) for c in runs)  # verus saw every module file
    assert_audited(run)


def test_the_whole_crate_runs_under_cargo_verus_when_there_is_one(harness, crates, monkeypatch) -> None:
    crate = crates("netlib")
    monkeypatch.setenv("VERUSAGENT_CARGO_VERUS", str(STANDIN))
    harness.script([items_reply(PROVED_SEND)])
    harness.scenario([PROVED, BASELINE])
    run = harness.run("prove", crate / "src" / "net.rs", out=harness.tmp / "proved")
    assert run.outcome["verdict"] == "verified", harness.last_err
    assert [c["argv"][:2] for c in run.verus_calls] == [["verus", "verify"]] * len(run.verus_calls)
    assert "decreases n - sent" in (harness.tmp / "proved" / "src" / "net.rs").read_text()
    assert (harness.tmp / "proved" / "Cargo.toml").read_text() == (crate / "Cargo.toml").read_text()
    assert_audited(run)


def test_a_cheat_hidden_in_a_second_module_is_caught(harness, crates) -> None:
    """The reply proves `send` and slips `assume(false)` into `double`, which lives in src/util/arith_helpers.rs:
    the function goes to its own file, where the guard finds the escape hatch; no verus run sees it."""
    crate = crates("netlib")
    cheat = (
        PROVED_SEND
        + """
pub fn double(n: u32) -> (r: u32)
    requires
        n < 100,
    ensures
        r == 2 * n,
{
    proof {
        assume(false);
    }
    n + n
}
"""
    )
    harness.script([{**items_reply(PROVED_SEND), "when": "assume"}, items_reply(cheat)])
    harness.scenario([PROVED, BASELINE])
    run = harness.run("prove", crate, fn=["net::send"])
    assert run.outcome["verdict"] == "verified"
    [rejected] = [e for e in run.events("guard_report") if not e["clean"]]
    [violation] = [v for v in rejected["violations"] if v["rule"] == "escape-hatch-added"]
    assert violation["file"] == "src/util/arith_helpers.rs" and violation["function"] == "fn:arith::double"
    seen = {e["sha256"] for e in run.events("verus_run")}
    assert rejected["sha256"] not in seen and len(run.prompts) == 2 and "assume" in run.prompts[1]
    assert_audited(run)


def test_a_reply_that_adds_a_module_is_refused(harness, crates) -> None:
    """A whole-file reply that proves the loop and also adds `#[path = "../../outside.rs"] mod outside;`: the guard
    refuses it (a module added, a read outside the file) without a verus run; the honest reply is accepted."""
    crate = crates("netlib")
    net = (crate / "src" / "net.rs").read_text()
    proved = net.replace(
        LOOP, "    while sent < n\n        invariant\n            sent <= n,\n        decreases n - sent,\n    {\n"
    )
    with_mod = proved.replace("pub mod conn;\n", 'pub mod conn;\n#[path = "../../outside.rs"]\nmod outside;\n')
    harness.script([{**items_reply(PROVED_SEND), "when": "module-changed"}, {"text": f"```rust\n{with_mod}```\n"}])
    harness.scenario([PROVED, BASELINE])
    run = harness.run("prove", crate, fn=["send"])
    assert run.outcome["verdict"] == "verified"
    [refused] = [e for e in run.events("guard_report") if not e["clean"]]
    assert {"module-changed", "outside-read-added"} <= {v["rule"] for v in refused["violations"]}
    assert refused["sha256"] not in {e["sha256"] for e in run.events("verus_run")}
    assert_audited(run)


def test_in_place_writes_each_changed_file_after_a_backup(harness, crates) -> None:
    crate = crates("netlib")
    harness.script([items_reply(PROVED_SEND)])
    harness.scenario([PROVED, BASELINE])
    original = (crate / "src" / "net.rs").read_text()
    run = harness.run("prove", crate, fn=["net::send"], in_place=True)
    assert run.outcome["verdict"] == "verified"
    assert "decreases n - sent" in (crate / "src" / "net.rs").read_text()
    assert (crate / "src" / "net.rs.bak").read_text() == original
    assert run.outcome["backup_paths"] == [str(crate / "src" / "net.rs.bak")]
    assert not (crate / "src" / "lib.rs.bak").exists()


def test_the_record_holds_every_file_and_resume_rebuilds_the_crate(harness, crates) -> None:
    crate = crates("netlib")
    harness.script([{"error": "authentication"}])  # a refused key stops the run after its first round (exit 3)
    harness.scenario([PROVED, BASELINE])
    first = harness.run("prove", crate, fn=["net::send"])
    assert first.outcome["verdict"] is None and first.outcome["stopped_reason"] == "credentials"
    assert first.exit_code == 3
    started = first.events("run_started")[0]
    assert started["config"]["plan"]["task"]["crate"]["target"] == "src/net.rs"
    baseline = first.events("candidate_created")[0]["sha256"]
    stored = (first.folder / "candidates" / f"{baseline}.rs").read_text()
    assert list(split_files(stored, CRATE_FILES)) == CRATE_FILES
    harness.script([items_reply(PROVED_SEND)])
    again = harness.run("prove", crate, resume=first.folder.name)
    assert again.outcome["verdict"] == "verified", harness.last_err
    assert_audited(again)


@pytest.mark.parametrize(
    "name, message",
    [
        ("open", None),  # one function of that name: Conn::open in src/net/conn.rs
        ("nothing_here", "no function of that name"),
    ],
)
def test_fn_names_resolve_in_the_crate(harness, crates, name, message) -> None:
    crate = crates("netlib")
    harness.script([{"text": "nothing", "repeat": True}])
    harness.scenario([{"verdict": "verified"}])
    run = harness.run("prove", crate, fn=[name], rounds=1)
    if message is None:
        assert run.outcome["verdict"] == "verified" and run.outcome["already_verified"]
        assert (
            json.loads((run.folder / "events.jsonl").read_text().splitlines()[0])["config"]["plan"]["task"]["crate"][
                "target"
            ]
            == "src/net/conn.rs"
        )
    else:
        assert run.exit_code == 2 and message in harness.last_err


OPS_LOOP = "    while i < n {\n"
PROVED_OPS_LOOP = (
    "    while i < n\n        invariant\n            i <= n,\n            total == i * (i + 1) / 2,\n"
    "        decreases n - i,\n    {\n"
)


def test_a_workspace_member_is_proved_and_written_as_a_copy_of_the_workspace(harness, crates, monkeypatch) -> None:
    workspace = crates("workspace")
    monkeypatch.setenv("VERUSAGENT_CARGO_VERUS", str(STANDIN))
    ops = (workspace / "core_math" / "src" / "ops.rs").read_text()
    harness.script([{"text": f"```rust\n{ops.replace(OPS_LOOP, PROVED_OPS_LOOP)}```\n"}])
    harness.scenario(
        [
            {"when_contains": "decreases n - i", "verdict": "verified"},
            {
                "verdict": "failed",
                "errors": [{"message": "loop must have a decreases clause", "line_contains": "while i < n"}],
            },
        ]
    )
    run = harness.run("prove", workspace / "core_math" / "src" / "ops.rs")
    assert run.outcome["verdict"] == "verified", harness.last_err
    assert "File `src/ops.rs`" in run.prompts[0] and "line 13 in fn:ops::sum_to/loop#1" in run.prompts[0]
    assert all(
        c["argv"][:5] == ["verus", "verify", "--manifest-path", "core_math/Cargo.toml", "-p"] for c in run.verus_calls
    )
    out = harness.tmp / "workspace.standin-verified"
    assert "decreases n - i" in (out / "core_math" / "src" / "ops.rs").read_text()
    assert (out / "app" / "src" / "main.rs").is_file() and (out / "Cargo.toml").is_file()
    assert_audited(run)


def test_focused_screening_in_a_crate_names_the_function_and_its_module(harness, crates) -> None:
    crate = crates("netlib")
    harness.script([items_reply(PROVED_SEND)])
    harness.scenario([PROVED, BASELINE])
    run = harness.run("prove", crate, fn=["send"], focus="on")
    assert run.outcome["verdict"] == "verified"
    [plan] = run.events("screening_plan")
    assert plan["plan"] == "functions" and plan["targets"] == [
        {"unit_id": "fn:net::send", "pattern": "send", "module": "net"}
    ]
    screen = next(c["argv"] for c in run.verus_calls if "--verify-function" in c["argv"])
    assert screen[screen.index("--verify-function") + 1] == "send"
    assert screen[screen.index("--verify-only-module") + 1] == "net"
    acceptance = [e for e in run.events("verus_run") if e["purpose"] == "acceptance"]
    assert not any(f.startswith("--verify") for f in acceptance[0]["flags"])
    assert_audited(run)


def test_repair_from_a_cargo_log_maps_its_paths_to_the_crate(harness, crates) -> None:
    crate = crates("netlib")
    log = harness.tmp / "verus.log"
    log.write_text(
        "error: loop must have a decreases clause\n  --> src/net.rs:13:5\n   |\n13 |     while sent < n {\n"
        "   |     ^^^^^^^^^^^^^^\n\nverification results:: 5 verified, 1 errors\n"
    )
    harness.script([{**items_reply(PROVED_SEND), "when": "fn:net::send/loop#1"}])
    harness.scenario([PROVED, BASELINE])
    run = harness.run("repair", crate, log=log)
    assert run.outcome["verdict"] == "verified", harness.last_err
    assert not any(e["purpose"] == "baseline" for e in run.events("verus_run"))  # the log was the baseline
    assert_audited(run)


def test_out_must_be_a_new_or_empty_folder_for_a_crate(harness, crates) -> None:
    crate = crates("netlib")
    taken = harness.tmp / "taken"
    taken.mkdir()
    (taken / "keep.txt").write_text("mine")
    harness.script([items_reply(PROVED_SEND)])
    harness.scenario([PROVED, BASELINE])
    run = harness.run("prove", crate, out=taken)
    assert run.exit_code == 2 and "must be a new or empty folder" in harness.last_err
    assert (taken / "keep.txt").read_text() == "mine"


def test_a_crate_with_a_missing_module_file_is_refused_before_anything_runs(harness, crates) -> None:
    crate = crates("netlib")
    (crate / "src" / "store" / "mod.rs").unlink()
    harness.script([])
    run = harness.run("prove", crate)
    assert run.exit_code == 2 and "`mod store;` names no file" in harness.last_err
    assert run.verus_calls == []


def test_synth_in_a_crate_writes_the_placeholder_body_in_its_own_file(harness, crates) -> None:
    crate = crates("netlib")
    store = crate / "src" / "store" / "mod.rs"
    store.write_text(store.read_text().replace("    len + 1\n}", "    unimplemented!()\n}"))
    body = "pub fn put(len: u32) -> (r: u32)\n    requires\n        len < 1000,\n    ensures\n        r == len + 1,\n{\n    len + 1\n}\n"  # noqa: E501 (a source text, kept on one line to read as the file reads)
    harness.script([items_reply(body)])
    harness.scenario(
        [
            {
                "when_contains": "unimplemented!()",
                "verdict": "failed",
                "errors": [{"message": "postcondition not satisfied", "line_contains": "r == len + 1"}],
            },
            {"verdict": "verified"},
        ]
    )
    run = harness.run("synth", crate, fn=["store::put"])
    assert run.outcome["verdict"] == "verified", harness.last_err
    assert run.outcome["changed_files"] == ["src/store/mod.rs"]
    assert "File `src/store/mod.rs`" in run.prompts[0] and "store::put" in run.prompts[0]
    assert all(e["clean"] for e in run.events("guard_report"))  # the placeholder's body is the model's to write
    assert_audited(run)


def test_a_root_file_with_mod_lines_is_a_crate_without_cargo(harness, crates) -> None:
    """`verus main.rs` follows the mod lines (no Cargo.toml); the proof goes to main.standin-verified/ beside it."""
    folder = harness.tmp / "bare"
    folder.mkdir()
    (folder / "main.rs").write_text("use vstd::prelude::*;\n\npub mod net;\n\nverus! {\nfn main() {}\n} // verus!\n")
    shutil.copy(CRATES / "netlib" / "src" / "net.rs", folder / "net.rs")
    (folder / "net.rs").write_text((folder / "net.rs").read_text().replace("pub mod conn;\n", ""))
    harness.script([items_reply(PROVED_SEND)])
    harness.scenario([PROVED, BASELINE])
    run = harness.run("prove", folder / "main.rs", fn=["send"])
    assert run.outcome["verdict"] == "verified", harness.last_err
    [call, *_] = run.verus_calls
    assert call["argv"][-1] == "main.rs" and set(call["files"]) == {"main.rs", "net.rs"}
    out = folder / "main.standin-verified"
    assert "decreases n - sent" in (out / "net.rs").read_text() and (out / "main.rs").is_file()
    assert_audited(run)


def test_out_inside_the_crate_folder_is_refused(harness, crates) -> None:
    crate = crates("netlib")
    harness.script([])
    run = harness.run("prove", crate, out=crate / "src" / "proved")
    assert run.exit_code == 2 and "which is copied into it" in harness.last_err


def test_a_reply_with_file_lines_edits_two_files_and_is_accepted(harness, crates) -> None:
    """The reply proves `send` (the target's file, no `// file:` line) and adds an assertion to `put` under
    `// file: src/store/mod.rs`: both files change, the whole crate verifies (the stand-in's verdict)."""
    crate = crates("netlib")
    put = (
        "pub fn put(len: u32) -> (r: u32)\n    requires\n        len < 1000,\n    ensures\n        r == len + 1,\n"
        "{\n    assert(len + 1 <= 1000);\n    len + 1\n}\n"
    )
    harness.script([items_reply(f"{PROVED_SEND}\n// file: src/store/mod.rs\n{put}")])
    harness.scenario([PROVED, BASELINE])
    run = harness.run("prove", crate, fn=["net::send"])
    assert run.outcome["verdict"] == "verified", harness.last_err
    assert run.outcome["changed_files"] == ["src/net.rs", "src/store/mod.rs"]
    out = harness.tmp / "netlib.standin-verified"
    assert "assert(len + 1 <= 1000);" in (out / "src/store/mod.rs").read_text()
    assert_audited(run)


def test_the_dry_run_of_a_crate_shows_what_its_target_uses_of_other_files(crates) -> None:
    from typer.testing import CliRunner

    from verusagent.cli import app

    result = CliRunner().invoke(
        app, ["prove", str(crates("netlib")), "--model", "scripted/demo", "--dry-run", "--json"]
    )
    assert result.exit_code == 0, result.output
    [first, *_] = json.loads(result.stdout)["requests"]
    prompt = first["messages"][-1]["content"]
    assert first["reply_format"] == "crate" and not first["sliced"]
    assert "File `src/lib.rs`" in prompt and "File `src/util/arith_helpers.rs` of the same crate" in prompt
    assert "pub fn double(n: u32) -> (r: u32)" in prompt and "File `src/store/mod.rs`" not in prompt
