"""Scripts for the scripted model (a stand-in for a real model, used by tests and the demo): which reply to
give to which request. Plain data, no litellm; ``scripted.py`` serves them through litellm.

A script is JSON: ``{"replies": [...]}`` (or a bare list). Each reply is served once, in order, unless it has
``repeat``; a reply with ``when`` is served only when the last message of the request contains that text (a
tool result is a message too). A reply may ask for tools instead of (or beside) its text: ``"tool_calls":
[{"name": "view", "arguments": {"target": "main"}}]`` (``arguments`` as a string is sent as it is, malformed
JSON included); ``"expect_tools": ["view", "verify"]`` makes the request fail unless exactly those tools were
offered.
For each request the first unused reply that matches wins, so "when the prompt contains X answer Y" rules and
plain in-order replies can be mixed (put ``when`` rules before the in-order replies they should take
precedence over).
"""

import json
import threading
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

ScriptedError = Literal[
    "rate_limit",
    "server_error",
    "service_unavailable",
    "timeout",
    "connection",
    "context_window",
    "authentication",
    "bad_request",
    "missing_credentials",  # what litellm raises for OpenAI without a key: a server error (500) naming the variable
]


class ScriptedToolCall(BaseModel):
    name: str
    arguments: dict[str, Any] | str = Field(default_factory=dict)  # a string goes out as it is (malformed or not)
    id: str | None = None  # made up when absent

    def arguments_text(self) -> str:
        return self.arguments if isinstance(self.arguments, str) else json.dumps(self.arguments)


class ScriptedReply(BaseModel):
    text: str = ""
    text_file: str | None = None  # read the reply from this file (relative to the script) instead of `text`
    when: str | None = None  # serve only if the last message contains this substring
    repeat: bool = False  # serve this reply every time it matches, instead of once
    error: ScriptedError | None = None  # raise this provider error instead of replying
    delay_s: float = 0.0  # wait this long before answering (a timeout shorter than this raises a timeout)
    prompt_tokens: int | None = None  # usage to report; estimated from the text length when absent
    completion_tokens: int | None = None
    finish_reason: str | None = None  # "stop" ("tool_calls" with tool calls); "length" looks cut off by max_tokens
    tool_calls: list[ScriptedToolCall] = Field(default_factory=list)
    expect_tools: list[str] | None = None  # the tool names the request must offer (in any order)

    def matches(self, last_message: str) -> bool:
        return self.when is None or self.when in last_message

    @property
    def reason(self) -> str:
        return self.finish_reason or ("tool_calls" if self.tool_calls else "stop")

    def tools_mismatch(self, offered: list[str]) -> str | None:
        """Why the offered tools are not the expected ones, or None when they are (or nothing is expected)."""
        if self.expect_tools is None or sorted(offered) == sorted(self.expect_tools):
            return None
        return f"the reply expected the tools {sorted(self.expect_tools)}; the request offered {sorted(offered)}"


class Script(BaseModel):
    replies: list[ScriptedReply] = Field(default_factory=list)

    @classmethod
    def load(cls, path: Path) -> "Script":
        data = json.loads(path.read_text(encoding="utf-8"))
        script = cls.model_validate({"replies": data} if isinstance(data, list) else data)
        for reply in script.replies:
            if reply.text_file is not None:
                reply.text = (path.parent / reply.text_file).read_text(encoding="utf-8")
        return script

    def save(self, path: Path) -> None:
        path.write_text(self.model_dump_json(indent=2, exclude_defaults=True), encoding="utf-8")


class ScriptCursor:
    """Which replies of a script are used up. Thread-safe."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self._used: set[int] = set()
        self._lock = threading.Lock()

    def next_reply(self, last_message: str) -> ScriptedReply | None:
        with self._lock:
            for index, reply in enumerate(self.script.replies):
                if index not in self._used and reply.matches(last_message):
                    if not reply.repeat:
                        self._used.add(index)
                    return reply
        return None

    @property
    def remaining(self) -> int:
        with self._lock:
            return len(self.script.replies) - len(self._used)
