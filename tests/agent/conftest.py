"""The agent tests' harness fixture (the helpers live in agent_harness.py)."""

from pathlib import Path

import pytest
from agent_harness import AgentHarness


@pytest.fixture
def harness(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> AgentHarness:
    return AgentHarness(tmp_path, monkeypatch, capsys)
