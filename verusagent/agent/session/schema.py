"""The agent-mode tools, declared once: their JSON schema (the OpenAI function-tool form, which litellm maps for
every provider it supports with tools) and the pydantic models that check the arguments a model sends; the
descriptions the model reads are ``verusagent.prompt.tools``'.

The schema keeps to what every provider accepts: each tool's parameters are an object with non-empty
`properties` of plain types (`string`, `integer`) with descriptions, and `required` where something is. Gemini
rejects a tool whose `properties` is empty, so `submit` takes an optional `summary`; no `default`, `anyOf`,
`additionalProperties` or `minimum`, which some providers refuse or drop.
"""

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from verusagent.prompt import tools


class _Arguments(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ViewArguments(_Arguments):
    target: str


class DefinitionArguments(_Arguments):
    name: str


class SearchArguments(_Arguments):
    query: str
    limit: int = Field(default=8, ge=1, le=20)


class VerifyArguments(_Arguments):
    function: str | None = None


class EditArguments(_Arguments):
    items: str


class SubmitArguments(_Arguments):
    summary: str = ""


class ToolSpec(BaseModel):
    name: str
    description: str
    properties: dict[str, dict[str, str]]
    required: list[str] = Field(default_factory=list)
    arguments: type[_Arguments]

    def openai(self) -> dict[str, Any]:
        parameters: dict[str, Any] = {"type": "object", "properties": self.properties}
        if self.required:
            parameters["required"] = self.required
        return {
            "type": "function",
            "function": {"name": self.name, "description": self.description, "parameters": parameters},
        }


def _text(tool: str, name: str) -> dict[str, str]:
    return {"type": "string", "description": tools.parameter(tool, name)}


SPECS = [
    ToolSpec(
        name="view",
        description=tools.description("view"),
        properties={"target": _text("view", "target")},
        required=["target"],
        arguments=ViewArguments,
    ),
    ToolSpec(
        name="definition",
        description=tools.description("definition"),
        properties={"name": _text("definition", "name")},
        required=["name"],
        arguments=DefinitionArguments,
    ),
    ToolSpec(
        name="search_lemmas",
        description=tools.description("search_lemmas"),
        properties={
            "query": _text("search_lemmas", "query"),
            "limit": {"type": "integer", "description": tools.parameter("search_lemmas", "limit")},
        },
        required=["query"],
        arguments=SearchArguments,
    ),
    ToolSpec(
        name="verify",
        description=tools.description("verify"),
        properties={"function": _text("verify", "function")},
        arguments=VerifyArguments,
    ),
    ToolSpec(
        name="edit",
        description=tools.description("edit"),
        properties={"items": _text("edit", "items")},
        required=["items"],
        arguments=EditArguments,
    ),
    ToolSpec(
        name="submit",
        description=tools.description("submit"),
        properties={"summary": _text("submit", "summary")},
        arguments=SubmitArguments,
    ),
]
BY_NAME = {spec.name: spec for spec in SPECS}
TOOL_NAMES = [spec.name for spec in SPECS]


def openai_tools() -> list[dict[str, Any]]:
    return [spec.openai() for spec in SPECS]
