"""Tool calls through the real litellm call path: the scripted stand-in model, and the replay server (a stand-in)
over HTTP in the OpenAI form and in the Anthropic Messages form that litellm's anthropic provider maps.

The conversation in every form: text -> a tool call -> its result -> two tool calls -> their results -> text."""

from typing import Any

import pytest

from verusagent.llm.cache import ResponseCache
from verusagent.llm.client import Completion, ModelClient
from verusagent.llm.errors import ModelCallError
from verusagent.llm.retry import RetryPolicy
from verusagent.llm.settings import ModelSettings
from verusagent.llm.tools import assistant_message, tool_result_message
from verusagent.record import RunWriter, read_run
from verusagent.record.timeline import timeline
from verusagent.reply.tool_calls import ToolCall

TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "view",
            "description": "Show a unit of the current candidate.",
            "parameters": {"type": "object", "properties": {"target": {"type": "string"}}, "required": ["target"]},
        },
    },
    {
        "type": "function",
        "function": {
            "name": "verify",
            "description": "Run verus on the current candidate.",
            "parameters": {"type": "object", "properties": {}},
        },
    },
]
TOOL_NAMES = ["view", "verify"]
VIEWED = "fn double(n: u64) -> u64 { n * 2 }"
# One scenario for the replay server (both forms) and, translated, for the scripted model.
SCENARIO = [
    {"content": "I will look at the function first."},
    {
        "tool_calls": [{"id": "call_view", "name": "view", "arguments": {"target": "double"}}],
        "expect_tools": TOOL_NAMES,
    },
    {
        "content": "Now I check it.",
        "tool_calls": [
            {"id": "call_v1", "name": "verify", "arguments": {}},
            {"id": "call_v2", "name": "view", "arguments": {"target": "main"}},
        ],
    },
    {"content": "It verifies."},
]


def scripted_replies() -> list[dict[str, Any]]:
    return [{"text": e.get("content", ""), **{k: v for k, v in e.items() if k != "content"}} for e in SCENARIO]


def converse(client: ModelClient) -> tuple[list[Completion], list[dict[str, Any]]]:
    """Drive the conversation: each tool call gets a result; a text-only turn gets a nudge."""
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": "You prove Verus code."},
        {"role": "user", "content": "Prove double."},
    ]
    completions = []
    for _ in SCENARIO:
        completion = client.complete(messages, tools=TOOLS)
        completions.append(completion)
        choice = completion.choices[0]
        messages.append(assistant_message(choice.text, choice.tool_calls))
        for call in choice.tool_calls:
            messages.append(tool_result_message(call, VIEWED if call.name == "view" else "verified: 1 function"))
        if not choice.tool_calls:
            messages.append({"role": "user", "content": "Use the tools."})
    return completions, messages


def assert_the_conversation(completions: list[Completion]) -> None:
    first, view, checks, last = (c.choices[0] for c in completions)
    assert (first.text, first.tool_calls, first.finish_reason) == ("I will look at the function first.", [], "stop")
    assert view.finish_reason == "tool_calls" and view.text == ""
    assert [(c.name, c.arguments) for c in view.tool_calls] == [("view", {"target": "double"})]
    assert checks.text == "Now I check it." and checks.finish_reason == "tool_calls"
    assert [(c.name, c.arguments) for c in checks.tool_calls] == [("verify", {}), ("view", {"target": "main"})]
    assert len({c.id for c in view.tool_calls + checks.tool_calls}) == 3
    assert (last.text, last.tool_calls, last.finish_reason) == ("It verifies.", [], "stop")


# ---- the scripted model (litellm's custom-provider path) --------------------------------------------------------


def scripted_client(**settings) -> ModelClient:
    return ModelClient(ModelSettings(model="scripted/tools", cache=False, **settings))


def test_scripted_conversation(scripted):
    model = scripted(*scripted_replies())
    completions, _ = converse(scripted_client())
    assert_the_conversation(completions)
    assert [r["tools"] for r in model.requests] == [TOOL_NAMES] * 4
    third = model.requests[2]["messages"]
    assert third[-2] == {"role": "assistant", "content": "", "tool_calls": ["view"]}
    assert third[-1] == {"role": "tool", "content": VIEWED, "tool_call_id": completions[1].choices[0].tool_calls[0].id}
    assert [m["role"] for m in model.requests[3]["messages"][-2:]] == ["tool", "tool"]


def test_scripted_reply_chosen_by_a_tool_result(scripted):
    scripted({"text": "saw it", "when": VIEWED}, {"tool_calls": [{"name": "view", "arguments": {"target": "double"}}]})
    client = scripted_client()
    call = client.complete([{"role": "user", "content": "go"}], tools=TOOLS).choices[0].tool_calls[0]
    messages = [{"role": "user", "content": "go"}, assistant_message("", [call]), tool_result_message(call, VIEWED)]
    assert client.complete(messages, tools=TOOLS).texts == ["saw it"]


def test_scripted_malformed_arguments_arrive_as_the_raw_string(scripted):
    scripted(
        {
            "tool_calls": [
                {"name": "view", "arguments": '{"target": "double"'},
                {"name": "view", "arguments": '["a list"]'},
            ]
        }
    )
    calls = scripted_client().complete([{"role": "user", "content": "go"}], tools=TOOLS).choices[0].tool_calls
    assert [c.arguments for c in calls] == ['{"target": "double"', '["a list"]']
    assert not any(c.arguments_parsed for c in calls)


def test_scripted_expected_tools_are_checked(scripted):
    scripted({"text": "x", "expect_tools": ["view", "edit"]})
    with pytest.raises(ModelCallError) as raised:
        scripted_client().complete([{"role": "user", "content": "go"}], tools=TOOLS)
    assert raised.value.attempts == 1  # fatal: a broken test script is not retried
    assert "expected the tools ['edit', 'view']; the request offered ['verify', 'view']" in raised.value.error.message


def test_without_tools_nothing_is_offered(scripted):
    model = scripted({"text": "plain", "expect_tools": []})
    assert scripted_client().complete([{"role": "user", "content": "go"}]).texts == ["plain"]
    assert model.requests[0]["tools"] == []


def test_tool_calls_are_cached_with_the_tools_in_the_key(scripted, tmp_path):
    model = scripted({"tool_calls": [{"name": "view", "arguments": {"target": "double"}}]}, {"text": "no tools"})
    cache = ResponseCache(tmp_path / "responses.sqlite3")
    client = ModelClient(ModelSettings(model="scripted/tools"), cache=cache)
    messages = [{"role": "user", "content": "go"}]
    first = client.complete(messages, tools=TOOLS)
    again = client.complete(messages, tools=TOOLS)
    assert again.from_cache and again.choices == first.choices and len(model.requests) == 1
    assert again.choices[0].tool_calls[0] == ToolCall(
        id=first.choices[0].tool_calls[0].id, name="view", arguments={"target": "double"}
    )
    assert client.complete(messages).texts == ["no tools"]  # other tools (none): another request


def test_tool_calls_are_recorded_and_shown(scripted, tmp_path):
    scripted(*scripted_replies())
    writer = RunWriter.create(tmp_path / "runs", "tools-run")
    converse(ModelClient(ModelSettings(model="scripted/tools", cache=False), recorder=writer))
    writer.close()
    log = read_run(writer.folder)
    replies = [e for e in log.events if e.kind == "model_reply"]
    requests = [e for e in log.events if e.kind == "model_request"]
    assert replies[1].tool_calls == [[{"id": "call_view", "name": "view", "arguments": {"target": "double"}}]]
    assert requests[0].params["tools"] == TOOL_NAMES
    assert requests[2].messages[-1]["role"] == "tool" and requests[2].messages[-2]["tool_calls"]
    shown = "\n".join(timeline(log))
    assert "tool calls: view," in shown and "tool calls: verify, view," in shown


# ---- over HTTP: the replay server, OpenAI form and Anthropic form ------------------------------------------------


def http_client(model: str, api_base: str) -> ModelClient:
    return ModelClient(
        ModelSettings(model=model, api_base=api_base, cache=False, timeout_s=10.0),
        retry=RetryPolicy(max_attempts=2, base_delay_s=0.01, max_delay_s=0.02),
        sleep=lambda s: None,
    )


@pytest.fixture
def keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-replay-openai-0123456789abcdef")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-replay-0123456789abcdef")


def test_openai_form_over_http(replay_server, keys):
    server = replay_server(SCENARIO)
    completions, _ = converse(http_client("openai/replay-model", server.base_url))
    assert_the_conversation(completions)
    bodies = [r["body"] for r in server.requests]
    assert all(r["path"] == "/v1/chat/completions" for r in server.requests)
    assert [t["function"]["name"] for t in bodies[0]["tools"]] == TOOL_NAMES
    sent = bodies[2]["messages"]
    assert sent[-2]["tool_calls"][0]["function"] == {"name": "view", "arguments": '{"target": "double"}'}
    assert sent[-1] == {"role": "tool", "tool_call_id": "call_view", "content": VIEWED}


def test_anthropic_form_over_http(replay_server, keys):
    server = replay_server(SCENARIO)
    completions, _ = converse(http_client("anthropic/claude-sonnet-4-5", server.anthropic_base_url))
    assert_the_conversation(completions)
    assert all(r["path"] == "/v1/messages" for r in server.requests)
    assert server.requests[0]["headers"]["x-api-key"] == "sk-ant-replay-0123456789abcdef"
    first = server.requests[0]["body"]
    assert [t["name"] for t in first["tools"]] == TOOL_NAMES and "input_schema" in first["tools"][0]
    third = server.requests[2]["body"]["messages"]
    tool_use = [b for b in third[-2]["content"] if b["type"] == "tool_use"]
    assert third[-2]["role"] == "assistant" and tool_use[0]["name"] == "view"
    assert tool_use[0]["input"] == {"target": "double"}
    result = [b for b in third[-1]["content"] if b["type"] == "tool_result"]
    assert third[-1]["role"] == "user" and result[0]["tool_use_id"] == "call_view"
    assert completions[0].usage.prompt_tokens == 10


@pytest.mark.parametrize(
    "model, base", [("openai/replay-model", "base_url"), ("anthropic/claude-sonnet-4-5", "anthropic_base_url")]
)
def test_malformed_arguments_over_http_are_raw_strings(replay_server, keys, model, base):
    server = replay_server([{"tool_calls": [{"name": "view", "arguments": '{"target": "dou'}]}])
    call = (
        http_client(model, getattr(server, base))
        .complete([{"role": "user", "content": "go"}], tools=TOOLS)
        .choices[0]
        .tool_calls[0]
    )
    assert call.name == "view" and isinstance(call.arguments, str) and '{"target": "dou' in call.arguments


@pytest.mark.parametrize(
    "model, base", [("openai/replay-model", "base_url"), ("anthropic/claude-sonnet-4-5", "anthropic_base_url")]
)
def test_expected_tools_over_http(replay_server, keys, model, base):
    server = replay_server([{"content": "x", "expect_tools": ["edit"]}])
    with pytest.raises(ModelCallError) as raised:
        http_client(model, getattr(server, base)).complete([{"role": "user", "content": "go"}], tools=TOOLS)
    assert raised.value.error.kind == "bad_request" and len(server.requests) == 1
    assert "expected the tools ['edit']" in raised.value.error.message


def test_anthropic_errors_are_retried_like_openai_ones(replay_server, keys):
    server = replay_server([{"status": 429, "retry_after": 0}, {"content": "after the limit"}])
    completion = http_client("anthropic/claude-sonnet-4-5", server.anthropic_base_url).complete(
        [{"role": "user", "content": "go"}]
    )
    assert completion.texts == ["after the limit"] and completion.attempts == 2 and len(server.requests) == 2


def test_script_files_hold_tool_calls_and_old_scripts_still_load(tmp_path):
    import json

    from verusagent.llm.script import Script

    path = tmp_path / "script.json"
    path.write_text(
        json.dumps(
            [
                {"text": "old style", "finish_reason": "length"},
                {"tool_calls": [{"name": "view", "arguments": "{raw"}], "expect_tools": ["view"]},
            ]
        )
    )
    script = Script.load(path)
    assert script.replies[0].reason == "length" and script.replies[0].tool_calls == []
    assert script.replies[1].reason == "tool_calls" and script.replies[1].tool_calls[0].arguments_text() == "{raw"
    script.save(tmp_path / "saved.json")
    assert Script.load(tmp_path / "saved.json") == script
