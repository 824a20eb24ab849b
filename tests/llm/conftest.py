"""Fixtures for the model layer: a private cache folder, the scripted stand-in model, the replay server."""

import importlib.util
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from verusagent.llm.script import Script, ScriptedReply

from tests.paths import REPO_ROOT


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("VERUSAGENT_CACHE_DIR", str(folder))
    monkeypatch.delenv("VERUSAGENT_SCRIPT", raising=False)
    monkeypatch.delenv("VERUSAGENT_SCRIPT_LOG", raising=False)
    return folder


@pytest.fixture
def scripted() -> Callable[..., Any]:
    """Install a script of replies (ScriptedReply objects or dicts) into the scripted stand-in model."""
    from verusagent.llm.provider import install_script

    def install(*replies: ScriptedReply | dict[str, Any], log: Path | None = None) -> Any:
        entries = [r if isinstance(r, ScriptedReply) else ScriptedReply(**r) for r in replies]
        return install_script(Script(replies=entries), log)

    return install


def load_replay_module() -> ModuleType:
    if "replay_server" in sys.modules:
        return sys.modules["replay_server"]
    spec = importlib.util.spec_from_file_location("replay_server", REPO_ROOT / "tools" / "replay_server.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["replay_server"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def replay_server() -> Iterator[Callable[[list[dict[str, Any]]], Any]]:
    """Start the OpenAI-compatible replay server (a stand-in) on 127.0.0.1 with a scenario."""
    started: list[Any] = []

    def start(entries: list[dict[str, Any]]) -> Any:
        server = load_replay_module().ReplayServer(entries).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()
