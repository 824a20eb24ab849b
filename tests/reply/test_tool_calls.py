"""Reading tool calls from replies, whatever their shape: the provider's calls, and the text protocol's ```tool
blocks."""

import pytest
from pydantic import BaseModel, ConfigDict, Field

from verusagent.reply.tool_calls import (
    ArgumentsError,
    ArgumentsProblem,
    ToolCall,
    ViewTarget,
    items_reply,
    parse_arguments,
    text_calls,
    tool_arguments,
    tool_calls_of,
    view_target,
    written_path,
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


class _Search(BaseModel):
    model_config = ConfigDict(extra="forbid")
    query: str
    limit: int = Field(default=8, ge=1, le=20)


def test_arguments_that_fit_are_read_into_the_tool_s_model():
    call = ToolCall(id="c", name="search_lemmas", arguments={"query": "seq", "limit": 3})
    assert tool_arguments(call, _Search) == _Search(query="seq", limit=3)


def test_arguments_that_are_not_an_object_fail_with_the_raw_text():
    with pytest.raises(ArgumentsError) as caught:
        tool_arguments(ToolCall(id="c", name="view", arguments='{"target": "tot'), _Search)
    assert (caught.value.problem, caught.value.raw, caught.value.problems) == (
        ArgumentsProblem.NOT_OBJECT,
        '{"target": "tot',
        [],
    )


def test_arguments_that_do_not_fit_fail_with_each_field_s_problem():
    with pytest.raises(ArgumentsError) as caught:
        tool_arguments(ToolCall(id="c", name="search_lemmas", arguments={"limit": 500, "x": 1}), _Search)
    error = caught.value
    assert error.problem == ArgumentsProblem.UNFIT and error.raw == '{"limit": 500, "x": 1}'
    assert [where for where, _ in error.problems] == ["query", "limit", "x"]
    assert error.problems[0][1] == "Field required"


@pytest.mark.parametrize(
    "target, files, read",
    [
        ("  ", False, ViewTarget(outline=True)),
        ("Outline", True, ViewTarget(outline=True)),
        ("120-180", False, ViewTarget(first=120, last=180)),
        ("lines 12 to 20", False, ViewTarget(first=12, last=20)),
        ("line 7", False, ViewTarget(first=7, last=7)),
        ("3..=9", False, ViewTarget(first=3, last=9)),
        ("fn:total/loop#1", False, ViewTarget(name="fn:total/loop#1")),
        ("src/net.rs", True, ViewTarget(file="src/net.rs")),
        ("src/net.rs:10-30", True, ViewTarget(file="src/net.rs", first=10, last=30)),
        ("src/net.rs send", True, ViewTarget(file="src/net.rs", name="send")),
        ("src/net.rs send", False, ViewTarget(name="src/net.rs send")),  # one file: no file part
    ],
)
def test_view_targets(target, files, read):
    assert view_target(target, files) == read


@pytest.mark.parametrize("written", ["src/net.rs", "./src/net.rs", "`src/net.rs`", "src\\net.rs", " src/net.rs "])
def test_a_file_as_a_model_writes_it(written):
    assert written_path(written) == "src/net.rs"


def test_edit_items_are_read_as_a_reply_with_or_without_a_fence():
    bare = items_reply("\nfn f() {}\n")
    fenced = items_reply("```rust\nfn f() {}\n```")
    assert bare.sections == fenced.sections and bare.sections
