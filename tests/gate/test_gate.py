"""`verusagent gate` on a temporary git repository with real commits, in every output format."""

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from verusagent.cli import app
from verusagent.gate import run_gate

runner = CliRunner()


def _cheat(proved_text: str) -> str:
    return proved_text.replace("lemma_absent_extends(v@, k, i as int);", "assume(false);")


def gate(*args: str):
    return runner.invoke(app, ["gate", *args])


def test_an_honest_working_tree_change_is_clean(repo, proved_text) -> None:
    repo.write("src/find.rs", proved_text)
    result = gate()
    assert result.exit_code == 0, result.output
    assert "src/find.rs: clean (6 functions compared)" in result.stdout
    head = repo.git("rev-parse", "HEAD")[:12]
    assert result.stdout.strip().endswith(f"1 file(s) checked against {head} (the merge base of HEAD and main): clean")


def test_no_changes_is_clean(repo) -> None:
    result = gate()
    assert result.exit_code == 0
    assert "no changed .rs files" in result.stdout


def test_a_cheat_exits_1_in_text(repo, proved_text) -> None:
    repo.write("src/find.rs", _cheat(proved_text))
    result = gate()
    assert result.exit_code == 1
    assert "src/find.rs: 1 violation" in result.stdout
    assert "error[escape-hatch-added] escape hatch `assume(false)` added in `find`" in result.stdout


def test_json_format(repo, proved_text) -> None:
    repo.write("src/find.rs", _cheat(proved_text))
    result = gate("--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["clean"] is False and data["base"] == repo.git("rev-parse", "HEAD")
    [file] = data["files"]
    assert (file["path"], file["status"], file["base_path"]) == ("src/find.rs", "modified", "src/find.rs")
    assert [v["rule"] for v in file["report"]["violations"]] == ["escape-hatch-added"]


def test_github_annotations(repo, proved_text) -> None:
    cheat = _cheat(proved_text)
    repo.write("src/find.rs", cheat)
    result = gate("--format", "github")
    assert result.exit_code == 1
    [annotation, closing] = result.stdout.strip().splitlines()
    line = next(i for i, text in enumerate(cheat.splitlines(), 1) if "assume(false);" in text)
    assert annotation.startswith(f"::error file=src/find.rs,title=verusagent escape-hatch-added,line={line},col=")
    message = annotation.split("::", 2)[2]
    assert "%0Acandidate: assume(false)" in message and "\n" not in message
    assert closing == "verusagent gate: 1 file(s), 1 violation(s)"


def test_github_escapes_properties_and_data(repo, proved_text) -> None:
    repo.write("src/a,b:c.rs", "verus! { fn f() { assume(false); } }\n")
    result = gate("--format", "github")
    assert "file=src/a%2Cb%3Ac.rs," in result.stdout


def test_new_files_are_checked_for_escape_hatches_alone(repo, proved_text) -> None:
    repo.write("src/helper.rs", "verus! {\nfn helper(x: u64) -> u64 { x + 1 }\n}\n")
    repo.write("src/trusted.rs", "verus! {\n#[verifier::external_body]\nfn trusted() {}\n}\n")
    repo.write("notes.txt", "assume(false)\n")
    result = gate("--format", "json")
    assert result.exit_code == 1
    files = {f["path"]: f for f in json.loads(result.stdout)["files"]}
    assert set(files) == {"src/helper.rs", "src/trusted.rs"}
    assert files["src/helper.rs"]["status"] == "untracked" and files["src/helper.rs"]["report"]["violations"] == []
    assert [v["rule"] for v in files["src/trusted.rs"]["report"]["violations"]] == ["escape-hatch-added"]


def test_committed_changes_on_a_branch_are_compared_with_the_merge_base(repo, proved_text) -> None:
    main_head = repo.git("rev-parse", "HEAD")
    repo.git("checkout", "-q", "-b", "feature")
    repo.write("src/find.rs", _cheat(proved_text))
    repo.commit("a proof (with a cheat)")
    repo.git("checkout", "-q", "main")
    repo.write("README.md", "main moved on\n")
    repo.commit("main moves")
    repo.git("checkout", "-q", "feature")
    result = gate("--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert (data["base"], data["base_reason"]) == (main_head, "the merge base of HEAD and main")
    assert gate("--base", "HEAD").exit_code == 0  # nothing changed since the feature's own head


def test_renamed_files_are_compared_with_their_old_version(repo, proved_text) -> None:
    repo.git("mv", "src/find.rs", "src/search.rs")
    repo.write("src/search.rs", proved_text)
    repo.commit("rename and prove")
    result = gate("--base", "HEAD~1", "--format", "json")
    assert result.exit_code == 0, result.output
    [file] = json.loads(result.stdout)["files"]
    assert (file["path"], file["status"], file["base_path"]) == ("src/search.rs", "renamed", "src/find.rs")
    assert file["report"]["functions_compared"] == 6


def test_paths_limit_the_check(repo, proved_text) -> None:
    repo.write("src/find.rs", _cheat(proved_text))
    repo.write("src/other.rs", "verus! {\nfn other() {}\n}\n")
    assert gate("src/other.rs").exit_code == 0
    assert gate("src/find.rs").exit_code == 1
    assert gate("src").exit_code == 1


def test_run_from_a_subfolder(repo, proved_text, monkeypatch) -> None:
    repo.write("src/find.rs", _cheat(proved_text))
    monkeypatch.chdir(repo.root / "src")
    result = run_gate(None, ["find.rs"], Path.cwd())
    assert [f.path for f in result.files] == ["src/find.rs"] and not result.clean


def test_a_repository_without_commits(tmp_path, monkeypatch, proved_text) -> None:
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=fresh, check=True)
    (fresh / "a.rs").write_text(_cheat(proved_text))
    monkeypatch.chdir(fresh)
    result = gate("--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["files"][0]["status"] == "untracked"
    assert data["base_reason"] == "the empty tree (the repository has no commit)"


def test_deleted_files_are_not_checked(repo) -> None:
    (repo.root / "src" / "find.rs").unlink()
    assert gate().exit_code == 0


def test_git_errors_exit_2(repo, tmp_path, monkeypatch) -> None:
    bad = gate("--base", "no-such-branch")
    assert bad.exit_code == 2
    assert "unknown revision `no-such-branch`" in bad.output
    outside = tmp_path / "not-a-repo"
    outside.mkdir()
    monkeypatch.chdir(outside)
    result = gate()
    assert (
        result.exit_code == 2 and "is not in a git repository" in result.output and "verusagent check" in result.output
    )


def test_usage_error_exits_2(repo) -> None:
    assert gate("--format", "xml").exit_code == 2


def test_output_file(repo, proved_text, tmp_path) -> None:
    repo.write("src/find.rs", _cheat(proved_text))
    target = tmp_path / "report.sarif"
    result = gate("--format", "sarif", "--output", str(target))
    assert result.exit_code == 1 and result.stdout == ""
    assert json.loads(target.read_text())["version"] == "2.1.0"


def test_the_console_script_runs(repo, proved_text) -> None:
    repo.write("src/find.rs", _cheat(proved_text))
    done = subprocess.run([sys.executable, "-m", "verusagent.cli", "gate"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stderr
    assert "escape-hatch-added" in done.stdout


def test_without_a_default_branch_the_base_is_head(repo, proved_text) -> None:
    repo.git("branch", "-m", "main", "trunk")
    repo.write("src/find.rs", proved_text)
    result = gate()
    assert result.exit_code == 0
    assert "(HEAD (no default branch found: give --base in CI))" in result.stdout
    assert "src/find.rs: clean (6 functions compared)" in result.stdout


def test_text_names_new_files_and_renames(repo, proved_text) -> None:
    repo.write("src/helper.rs", "verus! {\nproof fn lemma() {}\n}\n")
    repo.git("mv", "src/find.rs", "src/search.rs")
    repo.write("src/search.rs", proved_text.replace("i = i + 1;", "i = i + 2;"))
    result = gate()
    assert result.exit_code == 1
    assert "src/helper.rs: clean (new file: checked for escape hatches and outside-file reads)" in result.stdout
    assert "src/search.rs: 1 violation against src/find.rs at the base" in result.stdout
