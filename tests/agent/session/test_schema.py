"""One schema for every provider with tools: the portable subset, and the argument models that check it."""

import re

from pydantic_core import PydanticUndefined

from verusagent.agent.session.schema import SPECS, TOOL_NAMES, openai_tools
from verusagent.prompt import tools as prompt_tools

PORTABLE_KEYS = {"type", "description", "properties", "required"}
PLAIN_TYPES = {"string", "integer"}
NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")  # Anthropic's and OpenAI's rule for tool names


def test_every_tool_uses_the_portable_subset():
    tools = openai_tools()
    assert [t["function"]["name"] for t in tools] == TOOL_NAMES
    for tool in tools:
        function, parameters = tool["function"], tool["function"]["parameters"]
        assert tool["type"] == "function" and NAME.match(function["name"]) and len(function["description"]) < 1024
        assert set(parameters) <= PORTABLE_KEYS and parameters["type"] == "object"
        assert parameters["properties"], "Gemini rejects a tool without properties"
        assert set(parameters.get("required", [])) <= set(parameters["properties"])
        for prop in parameters["properties"].values():
            assert set(prop) == {"type", "description"} and prop["type"] in PLAIN_TYPES


def test_the_schema_and_the_argument_models_agree():
    for spec in SPECS:
        fields = spec.arguments.model_fields
        assert set(fields) == set(spec.properties), spec.name
        required = {name for name, field in fields.items() if field.default is PydanticUndefined}
        assert required == set(spec.required), spec.name


def test_prompt_tools_describes_exactly_the_tools_and_their_parameters():
    """The words of verusagent.prompt.tools: one description per tool, one per parameter, none left over."""
    assert list(prompt_tools.DESCRIPTIONS) == TOOL_NAMES
    assert {spec.name: set(spec.properties) for spec in SPECS} == {
        tool: set(parameters) for tool, parameters in prompt_tools.PARAMETERS.items()
    }
