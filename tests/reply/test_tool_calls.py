"""Reading tool calls from replies, whatever their shape: the provider's calls, and the text protocol's ```tool
blocks."""

import pytest

from verusagent.reply.tool_calls import ToolCall, parse_arguments, text_calls, tool_calls_of


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


def test_text_calls_are_read_from_tool_blocks():
    reply = (
        'Let me look.\n```tool\n{"name": "view", "arguments": {"target": "total"}}\n```\nand\n'
        '```tool\n{"name": "verify", "arguments": {}}\n```\n```rust\nfn f() {}\n```'
    )
    assert text_calls(reply, 3) == [
        ToolCall(id="text-3-1", name="view", arguments={"target": "total"}),
        ToolCall(id="text-3-2", name="verify", arguments={}),
    ]
    assert text_calls("no block here", 1) == []


def test_broken_text_calls_keep_what_can_be_read():
    broken = text_calls('```tool\n{"name": "view", "arguments": {"target": \n```\n```tool\n[1, 2]\n```', 2)
    assert [(c.name, c.arguments_parsed) for c in broken] == [("view", False), ("", False)]
    assert broken[0].arguments == '{"name": "view", "arguments": {"target":'
    assert text_calls('```tool\n{"name": "view", "arguments": "target=total"}\n```', 1)[0].arguments == "target=total"
