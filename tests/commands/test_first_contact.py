"""What a new user hits first, each with one clear message and its exit code: a --fn that names several
functions, a path that names nothing, a negative number, an empty file, a binary file (the same words from
every command), output to a pipe that is never wrapped, and `:x:` never printed as an emoji."""

import io
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from verusagent.cli import app
from verusagent.console import make_console

runner = CliRunner()
REPO = Path(__file__).resolve().parents[2]
STANDIN = str(REPO / "tools" / "verus_standin.py")
TWO_WF = """use vstd::prelude::*;
verus! {
pub struct A { x: u8 }
pub struct B { y: u8 }
impl A { pub open spec fn wf(&self) -> bool { self.x < 10 } }
impl B { pub open spec fn wf(&self) -> bool { self.y < 10 } }
pub fn f(a: &A) requires a.wf() { }
}
"""


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "wf.rs").write_text(TWO_WF)
    (tmp_path / "empty.rs").write_text("\n")
    (tmp_path / "nofn.rs").write_text("use vstd::prelude::*;\nverus! {\npub struct S { x: u8 }\n}\n")
    (tmp_path / "bin.rs").write_bytes(b"fn main() {}\x00\x00\x01")
    (tmp_path / "vstd").mkdir()
    (tmp_path / "vstd" / "vstd.rs").write_text(
        "verus! { pub proof fn lemma_x(s: Seq<int>) ensures s.len() >= 0 { } }\n"
    )
    return tmp_path


def test_a_name_that_several_functions_of_a_file_share_is_an_error_that_lists_them(here) -> None:
    result = runner.invoke(app, ["prove", "wf.rs", "--fn", "wf", "--model", "scripted/demo", "--dry-run"])
    assert result.exit_code == 2
    assert "--fn wf matches 2 functions: fn:A::wf (line 5), fn:B::wf (line 6)" in result.stderr
    chosen = runner.invoke(app, ["prove", "wf.rs", "--fn", "B::wf", "--model", "scripted/demo", "--dry-run"])
    assert chosen.exit_code == 0, chosen.output


@pytest.mark.parametrize(
    "args",
    [
        ["verify", "wf.rs", "--timeout", "-5"],
        ["prove", "wf.rs", "--model", "m", "--timeout", "0"],
        ["prove", "wf.rs", "--model", "m", "--temperature", "9"],
        ["verify", "wf.rs", "--multiple-errors", "-1"],
        ["verify", "wf.rs", "--rlimit", "-3"],
        ["calibrate", "x.jsonl", "--seed", "-1"],
    ],
)
def test_numbers_out_of_bounds_are_usage_errors(here, args) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and ("Invalid value" in result.output or "must be positive" in result.output)


@pytest.mark.parametrize(
    ("name", "message"),
    [("empty.rs", "empty.rs is empty: nothing to prove"), ("nofn.rs", "nofn.rs has no function: nothing to prove")],
)
def test_a_file_without_a_function_gets_no_prompt(here, name, message) -> None:
    for extra in (["--dry-run"], ["--verus", STANDIN]):
        result = runner.invoke(app, ["prove", name, "--model", "scripted/demo", *extra])
        assert result.exit_code == 2 and message in result.stderr and "===" not in result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["prove", "bin.rs", "--model", "scripted/demo", "--dry-run"],
        ["verify", "bin.rs", "--verus", STANDIN],
        ["units", "bin.rs"],
        ["check", "wf.rs", "bin.rs"],
        ["review", "wf.rs", "bin.rs", "--model", "scripted/r"],
        ["lemmas", "seq", "--vstd", "vstd", "--file", "bin.rs"],
        ["diagnose", "bin.rs"],
    ],
)
def test_a_binary_file_is_one_message_and_a_usage_error_from_every_command(here, args) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    what = "a verus output" if args[0] == "diagnose" else "Rust source"
    assert f"bin.rs is binary (NUL bytes), not {what}" in result.stderr


def test_gate_refuses_a_path_that_names_nothing(here) -> None:
    subprocess.run(["git", "init", "-q"], cwd=here, check=True)
    subprocess.run(["git", "add", "wf.rs"], cwd=here, check=True)
    subprocess.run(
        ["git", "-c", "user.email=t@example.invalid", "-c", "user.name=T", "commit", "-qm", "x"],
        cwd=here,
        check=True,
        capture_output=True,
    )
    result = runner.invoke(app, ["gate", "--base", "HEAD", "nonexist.rs"])
    assert result.exit_code == 2 and "no such file or folder: nonexist.rs" in result.stderr
    (here / "wf.rs").unlink()  # a file deleted since the base is a change, not a typo
    assert runner.invoke(app, ["gate", "--base", "HEAD", "wf.rs"]).exit_code in (0, 1)


def test_a_pipe_gets_whole_lines_and_unit_ids_stay_as_written(monkeypatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    stream = io.StringIO()
    path = "/a/very/long/folder/" * 8 + "20261201-204855-3ef7cc"
    make_console(file=stream).print(f"run 20261201-204855-3ef7cc; record in {path}; fn:A::wf :smile:")
    assert stream.getvalue() == f"run 20261201-204855-3ef7cc; record in {path}; fn:A::wf :smile:\n"
    monkeypatch.setenv("COLUMNS", "40")
    narrow = io.StringIO()
    make_console(file=narrow).print("word " * 20)
    assert max(len(line) for line in narrow.getvalue().splitlines()) <= 40
