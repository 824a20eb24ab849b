"""Run the agent end to end with the scripted model (a stand-in for a real model) and the verus stand-in."""

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from verusagent.audit import audit_run
from verusagent.llm import Script
from verusagent.llm.provider import install_script

from tests.paths import REPO_ROOT

STANDIN = REPO_ROOT / "tools" / "verus_standin.py"
AGENT_FIXTURES = REPO_ROOT / "rust_fixtures" / "agent"


def file_reply(text: str, prose: str = "Here is the file with the proof.") -> dict:
    code = text if text.endswith("\n") else text + "\n"  # the closing fence goes on its own line
    return {"text": f"{prose}\n\n```rust\n{code}```\n"}


@dataclass
class AgentRun:
    exit_code: int
    outcome: dict
    folder: Path | None
    prompts: list[str]  # the last user message of every request the scripted model received
    verus_calls: list[dict]  # one per stand-in run: argv, sha256 of the input, the rule that answered

    def events(self, kind: str) -> list[dict]:
        lines = (self.folder / "events.jsonl").read_text(encoding="utf-8").splitlines()
        return [e for e in map(json.loads, lines) if e["kind"] == kind]


class AgentHarness:
    def __init__(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture):
        self.tmp = tmp_path
        self.monkeypatch = monkeypatch
        self.capsys = capsys
        self.runs_dir = tmp_path / "runs"
        self.standin_log = tmp_path / "standin.jsonl"
        monkeypatch.setenv("VERUSAGENT_CACHE_DIR", str(tmp_path / "cache"))
        monkeypatch.setenv("VERUS_STANDIN_LOG", str(self.standin_log))

    def task(self, name: str, text: str | None = None) -> Path:
        path = self.tmp / name
        path.write_text(text if text is not None else (AGENT_FIXTURES / name).read_text(), encoding="utf-8")
        return path

    def script(self, replies: list[dict]) -> None:
        script_path = self.tmp / "script.json"
        script_path.write_text(json.dumps({"replies": replies}), encoding="utf-8")
        self.monkeypatch.setenv("VERUSAGENT_SCRIPT", str(script_path))
        self.model = install_script(Script.load(script_path))

    def scenario(self, rules: list[dict], **extra) -> None:
        path = self.tmp / "scenario.json"
        path.write_text(json.dumps({"name": "agent test", "rules": rules, **extra}), encoding="utf-8")
        self.monkeypatch.setenv("VERUS_STANDIN_SCENARIO", str(path))

    def run(self, mode: str, source: Path, **options) -> AgentRun:
        settings = {
            "file": source,
            "model": "scripted/test",
            "strategies": 1,
            "rounds": 3,
            "samples": 1,
            "verus": str(STANDIN),
            "runs_dir": self.runs_dir,
            "as_json": True,
            "jobs": 1,
            **options,
        }
        self.capsys.readouterr()
        code = run_agent(mode, **settings)
        captured = self.capsys.readouterr()
        out, self.last_err = captured.out, captured.err
        outcome = json.loads(out) if out.strip() else {}
        folder = Path(outcome["run_folder"]) if outcome else self.latest_run()
        return AgentRun(code, outcome, folder, self.prompts(), self.verus_calls())

    def latest_run(self) -> Path | None:
        runs = list(self.runs_dir.iterdir()) if self.runs_dir.exists() else []
        return max(runs, key=lambda p: p.stat().st_mtime, default=None)

    def prompts(self) -> list[str]:
        return [request["messages"][-1]["content"] for request in self.model.requests]

    def verus_calls(self) -> list[dict]:
        if not self.standin_log.exists():
            return []
        calls = [json.loads(line) for line in self.standin_log.read_text().splitlines()]
        return [c for c in calls if "--version" not in c["argv"] and "--help" not in c["argv"]]


def run_agent(mode: str, file: Path, log: Path | None = None, **options) -> int:
    """`verusagent MODE FILE` with these options (AgentOptions fields; the others take their defaults)."""
    from verusagent.commands.agent_options import AgentOptions
    from verusagent.commands.agent_run import run_command

    return run_command(mode, AgentOptions(**options), file, log)


def proved(name: str, old: str, new: str) -> str:
    text = (AGENT_FIXTURES / name).read_text()
    assert old in text, old
    return text.replace(old, new)


# count_up.rs and its proof, with the stand-in verus rules that reject the input and accept the proof
ORIGINAL_LOOP = "    while r < n {\n"
DECREASES_ERROR = {"message": "loop must have a decreases clause", "line_contains": "while r < n"}
GOOD_PROOF = proved(
    "count_up.rs",
    ORIGINAL_LOOP,
    "    while r < n\n        invariant\n            r <= n,\n        decreases n - r,\n    {\n",
)
BASELINE_RULE = {"verdict": "frontend_rejected", "errors": [DECREASES_ERROR]}
GOOD_RULE = {"when_contains": "            r <= n,\n        decreases", "verdict": "verified"}


def assert_audited(run) -> None:
    report = audit_run(run.folder)
    assert report.ok, report.model_dump_json(indent=2)
