"""`--json` on every command: stdout holds one JSON document, on a good input and on a bad one. A failure is
`{"error": ..., "exit": N}` on stdout, with the prose on stderr."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from verusagent.cli import COMMANDS, app, main

REPO = Path(__file__).resolve().parents[2]
STANDIN = REPO / "tools" / "verus_standin.py"
COUNT_UP = (REPO / "rust_fixtures" / "agent" / "count_up.rs").read_text()
PROVED = COUNT_UP.replace(
    "    while r < n {", "    while r < n\n        invariant\n            r <= n,\n        decreases n - r,\n    {"
)
LOG = (
    "error: invariant not satisfied at end of loop body\n  --> count_up.rs:12:13\n   |\n12 |             r < n,\n"
    "   |             ^^^^^\n\nerror: aborting due to 1 previous error\n\n"
    "verification results:: 0 verified, 1 errors\n"
)


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)


@pytest.fixture(scope="module")
def world(tmp_path_factory) -> Path:
    """Inputs for every command: a file and its proof, a verus log, a git repository, labels, a vstd folder,
    a one-task suite, a scripted review, and a run record (made by `demo`)."""
    root = tmp_path_factory.mktemp("json")
    (root / "count_up.rs").write_text(COUNT_UP)
    (root / "proved.rs").write_text(PROVED)
    (root / "verus.log").write_text(LOG)
    (root / "verified.json").write_text(json.dumps({"name": "all verified", "rules": [{"verdict": "verified"}]}))
    (root / "labels.jsonl").write_text('{"score": 0.0, "valid": true}\n' * 30 + '{"score": 1.0, "valid": false}\n' * 5)
    (root / "vstd").mkdir()
    (root / "vstd" / "vstd.rs").write_text("verus! { pub proof fn lemma_len(s: Seq<int>) ensures s.len() >= 0 { } }\n")
    (root / "review.json").write_text(json.dumps({"replies": [{"text": "[]", "repeat": True}]}))
    project = root / "project"
    (project / "src").mkdir(parents=True)
    (project / "src" / "count_up.rs").write_text(COUNT_UP)
    git(project, "init", "-q", "-b", "main")
    git(project, "-c", "user.email=t@example.invalid", "-c", "user.name=T", "add", ".")
    git(project, "-c", "user.email=t@example.invalid", "-c", "user.name=T", "commit", "-qm", "problem")
    (project / "src" / "count_up.rs").write_text(PROVED)
    suite = root / "suite"
    for folder, text in (("unverified", COUNT_UP), ("verified", PROVED)):
        (suite / "T" / folder).mkdir(parents=True)
        (suite / "T" / folder / "count_up.rs").write_text(text)
    (suite / "tasks.jsonl").write_text(
        json.dumps(
            {
                "task_id": "count_up",
                "source": "T",
                "task_path": "T/unverified/count_up.rs",
                "solution_path": "T/verified/count_up.rs",
            }
        )
        + "\n"
    )
    _records(root)
    return root


def _records(root: Path) -> None:
    """A run record (show, audit) and a bench folder (bench-report), whichever test runs first."""
    saved = dict(os.environ)
    try:
        os.environ["VERUS_PATH"] = str(root / "no-verus-here")
        for args in (
            ["demo", "--workdir", str(root / "demo0"), "--runs-dir", str(root / "runs")],
            ["bench", str(root / "suite"), "--oracle", "--out", str(root / "bench-out"), "--limit", "0"],
        ):
            result = CliRunner().invoke(app, args)
            assert result.exit_code == 0, result.output
    finally:
        os.environ.clear()
        os.environ.update(saved)


@pytest.fixture
def inside(world: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(world)
    monkeypatch.setenv("VERUS_STANDIN_SCENARIO", str(world / "verified.json"))
    monkeypatch.setenv("VERUS_PATH", str(world / "no-verus-here"))  # the demo takes its stand-in
    monkeypatch.delenv("VERUSAGENT_SCRIPT", raising=False)
    for key in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY"):
        monkeypatch.delenv(key, raising=False)
    return world


V = str(STANDIN)
# command: (arguments of a good run, arguments of a bad one); each gets --json (gate: --format json)
CASES = {
    "units": (["count_up.rs"], ["missing.rs"]),
    "prove": (["count_up.rs", "--model", "scripted/demo", "--dry-run"], ["missing.rs", "--model", "scripted/demo"]),
    "repair": (
        ["count_up.rs", "--log", "verus.log", "--model", "scripted/demo", "--dry-run"],
        ["count_up.rs", "--model", "scripted/demo", "--dry-run"],
    ),  # a dry run of repair needs --log
    "synth": (
        ["count_up.rs", "--model", "scripted/demo", "--dry-run", "--fn", "count_up"],  # a body to rewrite, named
        ["count_up.rs", "--model", "scripted/demo", "--timeout", "-5"],
    ),
    "demo": (["--workdir", "demo", "--runs-dir", "runs"], ["--workdir", "count_up.rs", "--runs-dir", "runs"]),
    "show": (["latest", "--runs-dir", "runs"], ["nosuchrun", "--runs-dir", "runs"]),
    "audit": (["latest", "--runs-dir", "runs"], ["nosuchrun", "--runs-dir", "runs"]),
    "verify": (["count_up.rs", "--verus", V], ["count_up.rs", "--verus", "no-such-verus"]),
    "diagnose": (["verus.log", "--source", "count_up.rs"], ["missing.log"]),
    "check": (["count_up.rs", "proved.rs"], ["count_up.rs", "missing.rs"]),
    "precheck": (["count_up.rs", "--vstd", "vstd"], ["missing.rs"]),
    "gate": (["--base", "HEAD"], ["--base", "HEAD", "nonexist.rs"]),
    "calibrate": (["labels.jsonl"], ["missing.jsonl"]),
    "lemmas": (["seq", "len", "--vstd", "vstd"], ["seq", "--vstd", "no-such-vstd"]),
    "bench": (
        ["suite", "--oracle", "--out", "bench-good", "--verus", V, "--workers", "1", "--limit", "0"],
        ["no-such-suite", "--oracle", "--out", "bench-bad"],
    ),
    "bench-report": (["bench-out"], ["no-such-bench"]),
    "review": (
        ["count_up.rs", "proved.rs", "--model", "scripted/review"],
        ["count_up.rs", "missing.rs", "--model", "scripted/review"],
    ),
}
ORDER = list(CASES)
# commands without --json, and why
NO_JSON = {"mcp": "a server: its stdout is the MCP session's JSON-RPC (tests/mcp drive it with the SDK's client)"}


def run_main(args: list[str], capsys) -> tuple[int, str, str]:
    capsys.readouterr()
    try:
        main(args)
        code = 0
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else 0
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def json_args(command: str, args: list[str]) -> list[str]:
    return [command, *args, *(["--format", "json"] if command == "gate" else ["--json"])]


def test_every_command_is_covered() -> None:
    assert set(CASES) | set(NO_JSON) == set(COMMANDS)


@pytest.mark.parametrize("command", ORDER)
def test_good_input_prints_one_json_document(command: str, inside: Path, capsys, monkeypatch) -> None:
    if command == "gate":
        monkeypatch.chdir(inside / "project")
    if command == "review":
        monkeypatch.setenv("VERUSAGENT_SCRIPT", str(inside / "review.json"))
    code, out, err = run_main(json_args(command, CASES[command][0]), capsys)
    document = json.loads(out)  # nothing but the document
    assert "error" not in document or not isinstance(document, dict) or "exit" not in document, err
    assert code in (0, 1), err[-2000:]  # 1: a verdict (not verified, a violation), not a failure


@pytest.mark.parametrize("command", ORDER)
def test_bad_input_prints_an_error_object_and_prose_on_stderr(command: str, inside: Path, capsys, monkeypatch) -> None:
    if command == "gate":
        monkeypatch.chdir(inside / "project")
    code, out, err = run_main(json_args(command, CASES[command][1]), capsys)
    document = json.loads(out)
    assert document == {"error": document["error"], "exit": code} and code >= 2, out
    assert document["error"] and document["error"] in err  # the same words, as prose, on stderr


def test_the_installed_command_prints_the_error_object(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    run = subprocess.run(
        [sys.executable, "-m", "verusagent", "verify", "missing.rs", "--json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert run.returncode == 2 and json.loads(run.stdout) == {
        "error": "cannot read missing.rs: No such file or directory",
        "exit": 2,
    }
    assert "error: cannot read missing.rs" in run.stderr
