"""How the tools reach the model: the provider's own tool calls (native), or, for a model without them, the
same tools as a documented text protocol (the calls are ```tool blocks holding {"name", "arguments"}; the
results come back as one user message, a section per call). `auto` asks litellm whether the model supports
function calling; the scripted stand-in model serves tool calls, so it is native."""

from typing import Any

from verusagent.agent.config import ToolProtocol
from verusagent.agent.session.outcome import ToolOutcome
from verusagent.agent.session.schema import SPECS, openai_tools
from verusagent.llm import Choice, ToolCall, assistant_message, tool_result_message
from verusagent.llm.provider import supports_function_calling
from verusagent.prompt import session as wording
from verusagent.reply import text_calls


def choose(model: str, setting: ToolProtocol) -> tuple[ToolProtocol, str]:
    """The protocol to use, and why."""
    if setting != ToolProtocol.AUTO:
        return setting, f"--tool-protocol {setting.value}"
    if model.startswith("scripted/"):
        return ToolProtocol.NATIVE, "the scripted stand-in model serves tool calls"
    try:
        supported = supports_function_calling(model)
    except ValueError as error:  # a model litellm cannot map
        return ToolProtocol.TEXT, f"litellm cannot tell whether {model} supports function calling ({error})"
    verdict = "supports" if supported else "does not list"
    return (ToolProtocol.NATIVE if supported else ToolProtocol.TEXT), f"litellm {verdict} function calling for {model}"


class Conversation:
    """The messages of a session, in the form its protocol needs."""

    def __init__(self, protocol: ToolProtocol, system: str, task: str):
        self.protocol = protocol
        self.messages: list[dict[str, Any]] = [{"role": "system", "content": system}, {"role": "user", "content": task}]

    @property
    def native(self) -> bool:
        return self.protocol == ToolProtocol.NATIVE

    def tools(self) -> list[dict[str, Any]] | None:
        return openai_tools() if self.native else None

    def calls_of(self, choice: Choice, turn: int) -> list[ToolCall]:
        return choice.tool_calls if self.native else text_calls(choice.text, turn)

    def add_reply(self, choice: Choice, calls: list[ToolCall]) -> None:
        if not self.native:
            self.messages.append({"role": "assistant", "content": choice.text})
            return
        # Arguments that are not a JSON object go back as one, so that every provider takes the history (litellm
        # parses them for Anthropic's tool_use blocks); the tool result tells the model what was wrong.
        echoed = [
            c if c.arguments_parsed else c.model_copy(update={"arguments": {"unparsed": c.arguments}}) for c in calls
        ]
        self.messages.append(assistant_message(choice.text, echoed))

    def add_results(self, calls: list[ToolCall], outcomes: list[ToolOutcome]) -> None:
        if self.native:
            self.messages.extend(tool_result_message(c, o.text) for c, o in zip(calls, outcomes))
            return
        sections = [(c.name, c.id, o.text) for c, o in zip(calls, outcomes)]
        self.messages.append({"role": "user", "content": wording.tool_results(sections)})

    def add_nudge(self) -> None:
        self.messages.append({"role": "user", "content": wording.nudge(self.protocol.value)})


def text_protocol_doc() -> str:
    """The text protocol as the model reads it (also in the README)."""
    return wording.text_protocol(tool_docs())


def tool_docs() -> list[dict[str, Any]]:
    """The tools as the prompts list them (name, description, parameters)."""
    return [spec.model_dump(exclude={"arguments"}) for spec in SPECS]
