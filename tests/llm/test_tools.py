"""Reading tool calls from replies, whatever their shape, and the messages that carry them back."""

import pytest

from verusagent.llm.tools import (
    ToolCall,
    assistant_message,
    parse_arguments,
    tool_calls_of,
    tool_names,
    tool_result_message,
)


@pytest.mark.parametrize(
    "raw, parsed",
    [
        ('{"target": "main"}', {"target": "main"}),
        ({"target": "main"}, {"target": "main"}),
        ("", {}),
        ("  ", {}),
        ('{"target": "ma', '{"target": "ma'),  # malformed: the raw text
        ("[1, 2]", "[1, 2]"),  # JSON, but not an object
        ('"plain words"', "plain words"),  # a JSON string: unwrapped once
        ('"{\\"target\\": \\"main\\"}"', {"target": "main"}),  # an object encoded twice (a string tool_use input)
        (None, ""),
        (42, "42"),
    ],
)
def test_arguments(raw, parsed):
    assert parse_arguments(raw) == parsed


def test_calls_from_dicts_with_missing_parts():
    message = {
        "tool_calls": [
            {"id": "c1", "function": {"name": "view", "arguments": '{"target": "x"}'}},
            {"function": {"arguments": "{}"}},
            "garbage",
        ]
    }
    calls = tool_calls_of(message)
    assert calls[0] == ToolCall(id="c1", name="view", arguments={"target": "x"})
    assert (calls[1].id, calls[1].name, calls[1].arguments) == ("tool-call-2", "", {})
    assert (calls[2].name, calls[2].arguments) == ("", "")


@pytest.mark.parametrize("message", [None, {}, {"tool_calls": None}, {"tool_calls": "nonsense"}, object()])
def test_no_calls(message):
    assert tool_calls_of(message) == []


def test_messages_round_trip():
    calls = [ToolCall(id="c1", name="view", arguments={"target": "x"}), ToolCall(id="c2", name="bad", arguments="{")]
    message = assistant_message("", calls)
    assert message["content"] is None and tool_calls_of(message) == calls
    assert assistant_message("hello", []) == {"role": "assistant", "content": "hello"}
    assert tool_result_message(calls[0], "ok") == {"role": "tool", "tool_call_id": "c1", "content": "ok"}


def test_tool_names_in_both_forms():
    assert tool_names([{"type": "function", "function": {"name": "view"}}, {"name": "verify"}]) == ["view", "verify"]
    assert tool_names(None) == []
