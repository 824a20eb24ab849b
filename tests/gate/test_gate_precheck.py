"""`verusagent gate`: the static pre-check on each file the guard passed, before any review. A change verus would
reject in its front end (here a proof calling a lemma nobody wrote) fails the gate with verus's own message."""

import json

from typer.testing import CliRunner

from verusagent.cli import app

runner = CliRunner()
CALL = "lemma_absent_extends(v@, k, i as int);"


def made_up(proved_text: str) -> str:
    assert CALL in proved_text
    return proved_text.replace(CALL, CALL + " lemma_nobody_wrote(i);")


def gate(shared_dir, *args: str):
    return runner.invoke(app, ["gate", "--vstd", str(shared_dir / "corpus" / "vstd"), *args])


def test_a_made_up_lemma_fails_the_gate_with_verus_s_message(repo, proved_text, shared_dir, tmp_path, monkeypatch):
    monkeypatch.setenv("VERUSAGENT_CACHE_DIR", str(tmp_path / "cache"))
    text = made_up(proved_text)
    repo.write("src/find.rs", text)
    result = gate(shared_dir)
    assert result.exit_code == 1, result.output
    line = next(n for n, t in enumerate(text.splitlines(), 1) if "lemma_nobody_wrote" in t)
    assert "src/find.rs: clean (6 functions compared)" in result.stdout  # the guard passes it
    assert (
        f"error[E0425]: cannot find function `lemma_nobody_wrote` in this scope\n  --> src/find.rs:{line}:"
        in result.stdout
    )
    assert "src/find.rs: pre-check: 1 finding(s): verus would reject it before verifying" in result.stdout
    assert result.stdout.rstrip().endswith("0 violation(s), 1 pre-check finding(s)")
    assert gate(shared_dir, "--no-precheck").exit_code == 0


def test_json_github_and_sarif_carry_the_finding(repo, proved_text, shared_dir, tmp_path, monkeypatch):
    monkeypatch.setenv("VERUSAGENT_CACHE_DIR", str(tmp_path / "cache"))
    repo.write("src/find.rs", made_up(proved_text))
    data = json.loads(gate(shared_dir, "--format", "json").stdout)
    [file] = data["files"]
    assert data["clean"] is False and file["report"]["violations"] == []
    [finding] = file["precheck"]["findings"]
    assert (finding["rule"], finding["diagnostic"]["code"]) == ("unknown-function", "E0425")
    annotations = gate(shared_dir, "--format", "github").stdout.strip().splitlines()
    assert annotations[0].startswith("::error file=src/find.rs,title=verusagent precheck unknown-function,line=")
    assert annotations[-1] == "verusagent gate: 1 file(s), 0 violation(s), 1 pre-check finding(s)"
    sarif = json.loads(gate(shared_dir, "--format", "sarif").stdout)
    [run] = sarif["runs"]
    [result] = run["results"]
    rule = run["tool"]["driver"]["rules"][result["ruleIndex"]]
    assert result["ruleId"] == rule["id"] == "precheck/unknown-function"


def test_an_honest_change_passes_the_pre_check(repo, proved_text, shared_dir, tmp_path, monkeypatch):
    monkeypatch.setenv("VERUSAGENT_CACHE_DIR", str(tmp_path / "cache"))
    repo.write("src/find.rs", proved_text)
    result = gate(shared_dir, "--format", "json")
    assert result.exit_code == 0, result.output
    [file] = json.loads(result.stdout)["files"]
    assert file["precheck"]["findings"] == [] and file["precheck"]["rules_off"] == {}
