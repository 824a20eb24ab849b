"""The messages that carry tool calls back, and the names of the tools offered."""

from verusagent.llm.tools import assistant_message, tool_names, tool_result_message
from verusagent.reply.tool_calls import ToolCall, tool_calls_of


def test_messages_round_trip():
    calls = [ToolCall(id="c1", name="view", arguments={"target": "x"}), ToolCall(id="c2", name="bad", arguments="{")]
    message = assistant_message("", calls)
    assert message["content"] is None and tool_calls_of(message) == calls
    assert assistant_message("hello", []) == {"role": "assistant", "content": "hello"}
    assert tool_result_message(calls[0], "ok") == {"role": "tool", "tool_call_id": "c1", "content": "ok"}


def test_tool_names_in_both_forms():
    assert tool_names([{"type": "function", "function": {"name": "view"}}, {"name": "verify"}]) == ["view", "verify"]
    assert tool_names(None) == []
