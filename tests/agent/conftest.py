"""The agent tests' fixtures: the harness (its helpers live in agent_harness.py) and the replay server (a stand-in
for a model endpoint on 127.0.0.1)."""

import importlib.util
from pathlib import Path

import pytest

from tests.agent.agent_harness import REPO_ROOT, AgentHarness


@pytest.fixture
def harness(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> AgentHarness:
    return AgentHarness(tmp_path, monkeypatch, capsys)


@pytest.fixture
def replay_server():
    spec = importlib.util.spec_from_file_location("replay_server_for_agent", REPO_ROOT / "tools" / "replay_server.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    servers = []

    def start(entries):
        servers.append(module.ReplayServer(entries).start())
        return servers[-1]

    yield start
    for server in servers:
        server.stop()
