"""Tool calls: what a model asks to run, read from litellm's reply in the OpenAI form (litellm maps Anthropic's
`tool_use` blocks and other providers' forms to it), or, in the text protocol, from the ```tool blocks of its
text (each holding {"name", "arguments"}).

Arguments are parsed JSON when they are a JSON object; anything else (malformed JSON, a bare string, a list)
stays the raw text (unwrapped once if it came JSON-encoded), so a garbage reply is the caller's to report,
never a crash here.
"""

import json
import re
from typing import Any

from pydantic import BaseModel

from verusagent.reply.jsonreply import parsed

_TOOL_BLOCK = re.compile(r"```[ \t]*tool[ \t]*\n(.*?)(?:\n```|\Z)", re.DOTALL)
_NAME = re.compile(r'"name"\s*:\s*"([^"]*)"')


class ToolCall(BaseModel):
    id: str
    name: str
    arguments: dict[str, Any] | str  # the JSON object, or the raw text when it is not one

    @property
    def arguments_parsed(self) -> bool:
        return isinstance(self.arguments, dict)

    def arguments_text(self) -> str:
        return json.dumps(self.arguments, ensure_ascii=False) if isinstance(self.arguments, dict) else self.arguments


def parse_arguments(raw: Any) -> dict[str, Any] | str:
    if isinstance(raw, dict):
        return raw
    if not isinstance(raw, str):
        return "" if raw is None else str(raw)
    if not raw.strip():
        return {}  # a tool without parameters: some providers send "" rather than "{}"
    ok, value = parsed(raw)
    if not ok:
        return raw
    if isinstance(value, str):  # a string wrapped as JSON (litellm's mapping of a string tool_use input)
        return parse_arguments(value) if value.lstrip().startswith("{") else value
    return value if isinstance(value, dict) else raw


def tool_calls_of(message: Any) -> list[ToolCall]:
    """The tool calls of a reply message (litellm objects or plain dicts); [] when there are none."""
    raw_calls = field(message, "tool_calls") or []
    calls = []
    for index, raw in enumerate(raw_calls if isinstance(raw_calls, list) else []):
        function = field(raw, "function")
        name = field(function, "name")
        call_id = field(raw, "id")
        calls.append(
            ToolCall(
                id=str(call_id) if call_id else f"tool-call-{index + 1}",
                name=str(name or ""),
                arguments=parse_arguments(field(function, "arguments")),
            )
        )
    return calls


def text_calls(text: str, turn: int) -> list[ToolCall]:
    """The ```tool blocks of a reply; a block that is not a JSON object with a name keeps its raw text as the
    arguments (and whatever name can be read), for the dispatcher to report."""
    calls = []
    for index, block in enumerate(_TOOL_BLOCK.findall(text or ""), 1):
        call_id = f"text-{turn}-{index}"
        data = parsed(block)[1]
        if isinstance(data, dict) and isinstance(data.get("name"), str):
            calls.append(ToolCall(id=call_id, name=data["name"], arguments=parse_arguments(data.get("arguments", {}))))
        else:
            name = _NAME.search(block)
            calls.append(ToolCall(id=call_id, name=name[1] if name else "", arguments=block.strip()))
    return calls


def field(value: Any, name: str) -> Any:
    """A field of a litellm object or a plain dict (None when it has none)."""
    return value.get(name) if isinstance(value, dict) else getattr(value, name, None)
