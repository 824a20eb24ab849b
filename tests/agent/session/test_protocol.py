"""Native tool calls or the documented text protocol; how the agent decides (its parsing: tests/reply)."""

from verusagent.agent.config import ToolProtocol
from verusagent.agent.session.outcome import ToolOutcome
from verusagent.agent.session.protocol import Conversation, choose, text_protocol_doc
from verusagent.agent.session.schema import SPECS
from verusagent.llm import Choice, ToolCall
from verusagent.reply.tool_calls import text_calls


def test_how_the_protocol_is_chosen():
    assert choose("scripted/demo", ToolProtocol.AUTO)[0] == ToolProtocol.NATIVE
    assert choose("anthropic/claude-sonnet-4-5", ToolProtocol.AUTO) == (
        ToolProtocol.NATIVE,
        "litellm supports function calling for anthropic/claude-sonnet-4-5",
    )
    assert choose("ollama/qwen2.5-coder", ToolProtocol.AUTO) == (
        ToolProtocol.TEXT,
        "litellm does not list function calling for ollama/qwen2.5-coder",
    )
    assert choose("ollama/qwen2.5-coder", ToolProtocol.NATIVE) == (ToolProtocol.NATIVE, "--tool-protocol native")


def test_malformed_arguments_go_back_into_the_history_as_an_object():
    conversation = Conversation(ToolProtocol.NATIVE, "system", "task")
    call = ToolCall(id="c1", name="view", arguments='{"target": ')
    conversation.add_reply(Choice(text="", tool_calls=[call]), [call])
    sent = conversation.messages[-1]["tool_calls"][0]["function"]
    assert sent == {"name": "view", "arguments": '{"unparsed": "{\\"target\\": "}'}
    conversation.add_results([call], [ToolOutcome(text="malformed", ok=False)])
    assert conversation.messages[-1] == {"role": "tool", "tool_call_id": "c1", "content": "malformed"}


def test_the_text_protocol_documents_every_tool_and_argument():
    doc = text_protocol_doc()
    for spec in SPECS:
        assert f"- `{spec.name}`: {spec.description}" in doc
        for name in spec.properties:
            assert f"  - `{name}` (" in doc
    conversation = Conversation(ToolProtocol.TEXT, "system", "task")
    assert conversation.tools() is None
    call = text_calls('```tool\n{"name": "view", "arguments": {"target": "x"}}\n```', 1)[0]
    conversation.add_results([call], [ToolOutcome(text="result")])
    expected = "Results of your tool calls, in order:\n\n### 1. view (call text-1-1)\nresult"
    assert conversation.messages[-1]["content"] == expected
