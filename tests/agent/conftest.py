"""The agent tests' fixtures: the replay server (a stand-in for a model endpoint on 127.0.0.1); the harness is
the suite's (tests/conftest.py)."""

import importlib.util

import pytest

from tests.paths import REPO_ROOT


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
