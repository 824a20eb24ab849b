"""The messages that carry tool calls and their results back to the model (litellm converts them for each
provider), and the names of the tools offered. The calls themselves are read in ``verusagent.reply.tool_calls``.
"""

from typing import Any

from verusagent.reply.tool_calls import ToolCall, field


def tool_names(tools: list[dict[str, Any]] | None) -> list[str]:
    """The names of tools given in the OpenAI form (`{"type": "function", "function": {"name": ...}}`)."""
    return [str(field(field(tool, "function"), "name") or field(tool, "name") or "") for tool in tools or []]


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
