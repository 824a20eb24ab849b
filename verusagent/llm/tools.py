"""Tool calls: what a model asks to run, read from litellm's reply in the OpenAI form (litellm maps Anthropic's
`tool_use` blocks and other providers' forms to it), and the messages that carry calls and results back.

Arguments are parsed JSON when they are a JSON object; anything else (malformed JSON, a bare string, a list)
stays the raw text (unwrapped once if it came JSON-encoded), so a garbage reply is the caller's to report,
never a crash here.
"""

import json
from typing import Any

from pydantic import BaseModel


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
    try:
        value = json.loads(raw)
    except ValueError:
        return raw
    if isinstance(value, str):  # a string wrapped as JSON (litellm's mapping of a string tool_use input)
        return parse_arguments(value) if value.lstrip().startswith("{") else value
    return value if isinstance(value, dict) else raw


def tool_calls_of(message: Any) -> list[ToolCall]:
    """The tool calls of a reply message (litellm objects or plain dicts); [] when there are none."""
    raw_calls = _field(message, "tool_calls") or []
    calls = []
    for index, raw in enumerate(raw_calls if isinstance(raw_calls, list) else []):
        function = _field(raw, "function")
        name = _field(function, "name")
        call_id = _field(raw, "id")
        calls.append(
            ToolCall(
                id=str(call_id) if call_id else f"tool-call-{index + 1}",
                name=str(name or ""),
                arguments=parse_arguments(_field(function, "arguments")),
            )
        )
    return calls


def tool_names(tools: list[dict[str, Any]] | None) -> list[str]:
    """The names of tools given in the OpenAI form (`{"type": "function", "function": {"name": ...}}`)."""
    return [str(_field(_field(tool, "function"), "name") or _field(tool, "name") or "") for tool in tools or []]


def assistant_message(text: str, calls: list[ToolCall]) -> dict[str, Any]:
    """The assistant's turn as it goes back into the conversation (litellm converts it for each provider)."""
    message: dict[str, Any] = {"role": "assistant", "content": text or None}
    if calls:
        message["tool_calls"] = [
            {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments_text()}}
            for c in calls
        ]
    return message


def tool_result_message(call: ToolCall, content: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": call.id, "content": content}


def _field(value: Any, name: str) -> Any:
    return value.get(name) if isinstance(value, dict) else getattr(value, name, None)
