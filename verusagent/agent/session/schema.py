"""The agent-mode tools, declared once: their JSON schema (the OpenAI function-tool form, which litellm maps for
every provider it supports with tools) and the pydantic models that check the arguments a model sends.

The schema keeps to what every provider accepts: each tool's parameters are an object with non-empty
`properties` of plain types (`string`, `integer`) with descriptions, and `required` where something is. Gemini
rejects a tool whose `properties` is empty, so `submit` takes an optional `summary`; no `default`, `anyOf`,
`additionalProperties` or `minimum`, which some providers refuse or drop.
"""

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


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


def _text(description: str) -> dict[str, str]:
    return {"type": "string", "description": description}


SPECS = [
    ToolSpec(
        name="view",
        description="Show the current candidate's text, with line numbers: a function by name or unit id "
        "(`binary_search`, `fn:Type::name`, `fn:f/loop#1`), a line range (`120-180`), or `outline` for the list "
        "of functions with their lines and which fail. Long units are cut; view a line range for the rest.",
        properties={"target": _text("A function name, a unit id, a line range like 120-180, or outline.")},
        required=["target"],
        arguments=ViewArguments,
    ),
    ToolSpec(
        name="definition",
        description="Where a name is defined in the file (a function, lemma, struct, enum, type or const) or in "
        "vstd (a lemma), with its signature and its spec (requires, ensures; the body of a spec fn).",
        properties={"name": _text("The name, e.g. `lemma_div_pos`, `Seq::take` or `MyStruct`.")},
        required=["name"],
        arguments=DefinitionArguments,
    ),
    ToolSpec(
        name="search_lemmas",
        description="Search the lemmas of this file and of vstd whose ensures, requires or name match the "
        "query, ranked; each with its path, signature, requires and ensures. The query may be words or Verus "
        "text, e.g. `s.take(n).len() == n` or `seq subrange len`.",
        properties={
            "query": _text("Words or Verus text describing the fact you need."),
            "limit": {"type": "integer", "description": "How many vstd lemmas to list (1 to 20, default 8)."},
        },
        required=["query"],
        arguments=SearchArguments,
    ),
    ToolSpec(
        name="verify",
        description="Run verus on the current candidate: the whole file (or, in a large file, the functions "
        "that changed), or only the function named. Gives the verdict and the errors with their code lines. A "
        "run on part of the file is partial: it never accepts. Counts against the verus budget; a repeated run "
        "on the same text is answered from the cache.",
        properties={"function": _text("Optional: verify only this function (name or unit id).")},
        arguments=VerifyArguments,
    ),
    ToolSpec(
        name="edit",
        description="Replace or add items of the current candidate: complete functions, from their attributes "
        "to their closing brace, each replacing the function of the same name; new functions (lemmas) are "
        "added. The whole file is accepted too. The guard checks the result first: a change to a spec or to "
        "the executable code, or an escape hatch (assume, admit, external_body, ...), is refused with its reason "
        "and location, and the candidate stays as it was.",
        properties={"items": _text("Rust code: the complete functions to replace or add (no diff).")},
        required=["items"],
        arguments=EditArguments,
    ),
    ToolSpec(
        name="submit",
        description="End the session with the current candidate. A whole-file verus run (with --no-cheating "
        "where possible) and a final guard check on exactly that text decide whether it is accepted.",
        properties={"summary": _text("Optional: one sentence on what the proof does.")},
        arguments=SubmitArguments,
    ),
]
BY_NAME = {spec.name: spec for spec in SPECS}
TOOL_NAMES = [spec.name for spec in SPECS]


def openai_tools() -> list[dict[str, Any]]:
    return [spec.openai() for spec in SPECS]
