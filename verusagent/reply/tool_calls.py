"""Tool calls: what a model asks to run, read from litellm's reply in the OpenAI form (litellm maps Anthropic's
`tool_use` blocks and other providers' forms to it), or, in the text protocol, from the ```tool blocks of its
text (each holding {"name", "arguments"}).

Arguments are parsed JSON when they are a JSON object; anything else (malformed JSON, a bare string, a list)
stays the raw text (unwrapped once if it came JSON-encoded), so a garbage reply is the caller's to report,
never a crash here. ``tool_arguments`` then reads them into the tool's own argument model, or raises
``ArgumentsError`` (what was wrong, as facts: the words the model reads are ``verusagent.prompt.session``'s).
The view tool's target and the edit tool's items are read here too (``view_target``, ``items_reply``).
"""

import json
import re
from enum import StrEnum
from pathlib import PurePosixPath
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from verusagent.reply.edits import EditReply, edit_reply
from verusagent.reply.jsonreply import parsed

_TOOL_BLOCK = re.compile(r"```[ \t]*tool[ \t]*\n(.*?)(?:\n```|\Z)", re.DOTALL)
_NAME = re.compile(r'"name"\s*:\s*"([^"]*)"')


class ToolCall(BaseModel):
    id: str
    name: str
    arguments: dict[str, Any] | str  # the JSON object, or the raw text when it is not one

    @property
    def arguments_parsed(self) -> bool:
        return isinstance(self.arguments, dict)

    def arguments_text(self) -> str:
        return json.dumps(self.arguments, ensure_ascii=False) if isinstance(self.arguments, dict) else self.arguments


def parse_arguments(raw: Any) -> dict[str, Any] | str:
    if isinstance(raw, dict):
        return raw
    if not isinstance(raw, str):
        return "" if raw is None else str(raw)
    if not raw.strip():
        return {}  # a tool without parameters: some providers send "" rather than "{}"
    ok, value = parsed(raw)
    if not ok:
        return raw
    if isinstance(value, str):  # a string wrapped as JSON (litellm's mapping of a string tool_use input)
        return parse_arguments(value) if value.lstrip().startswith("{") else value
    return value if isinstance(value, dict) else raw


class ArgumentsProblem(StrEnum):
    NOT_OBJECT = "not_object"  # the arguments are not a JSON object (malformed JSON, a list, a bare string)
    UNFIT = "unfit"  # an object that does not fit the tool's arguments


class ArgumentsError(Exception):
    """A tool call's arguments that cannot be used, like ``ReplyError`` for a reply: ``problem`` says how,
    ``raw`` is the arguments as sent (text), ``problems`` each unfit field as (location, message); the caller
    renders the words the model reads."""

    def __init__(self, problem: ArgumentsProblem, raw: str, problems: list[tuple[str, str]] | None = None):
        super().__init__(f"{problem.value}: {raw[:200]}")
        self.problem = problem
        self.raw = raw
        self.problems = problems or []


Arguments = TypeVar("Arguments", bound=BaseModel)


def tool_arguments(call: ToolCall, model: type[Arguments]) -> Arguments:
    """The call's arguments read into the tool's argument model; ArgumentsError when they do not fit it."""
    if not isinstance(call.arguments, dict):
        raise ArgumentsError(ArgumentsProblem.NOT_OBJECT, str(call.arguments))
    try:
        return model.model_validate(call.arguments)
    except ValidationError as error:
        problems = [(".".join(map(str, e["loc"])), e["msg"]) for e in error.errors()]
        raise ArgumentsError(ArgumentsProblem.UNFIT, call.arguments_text(), problems) from None


class ViewTarget(BaseModel):
    """What the view tool's `target` asks for: the outline, a line range (`first`..`last`), or a unit id or
    function `name`; in a crate, of the `file` written before it (as written; empty name: that file's outline)."""

    outline: bool = False
    file: str | None = None
    first: int | None = None
    last: int | None = None
    name: str = ""


_OUTLINE_WORDS = ("", "outline", "file", "all")
_RANGE = re.compile(r"^\s*(?:lines?\s*)?(\d+)\s*(?:(?:-|:|\.\.=?|to)\s*(\d+))?\s*$", re.IGNORECASE)
_FILE = re.compile(r"^(?P<file>[^\s:]+\.rs)(?:\s*[:\s]\s*(?P<rest>.*))?$")


def view_target(target: str, files: bool) -> ViewTarget:
    """The view tool's target: `outline`, `120-180` (`lines 120 to 180`, `120:180`, `120..=180`, `120`), a name or
    unit id; with `files` (a crate) it may start with a file: `src/net.rs`, `src/net.rs:10-30`, `src/net.rs send`."""
    wanted = target.strip()
    if wanted.lower() in _OUTLINE_WORDS:
        return ViewTarget(outline=True)
    match = _FILE.match(wanted) if files else None
    file = None
    if match is not None:
        file, wanted = match["file"], (match["rest"] or "").strip()
    numbers = _RANGE.match(wanted)
    if numbers:
        return ViewTarget(file=file, first=int(numbers[1]), last=int(numbers[2] or numbers[1]))
    return ViewTarget(file=file, name=wanted)


def written_path(written: str) -> str:
    """A file as a model writes it (`./src/net.rs`, `src\\net.rs`, in backticks), as a relative POSIX path."""
    return PurePosixPath(written.strip().strip("`").replace("\\", "/").removeprefix("./")).as_posix()


def items_reply(items: str) -> EditReply:
    """The edit tool's `items` read as a prover's reply: code blocks, or else bare code (taken as one block).
    ReplyError when it holds nothing usable."""
    return edit_reply(items if "```" in items else f"```rust\n{items.strip(chr(10))}\n```")


def tool_calls_of(message: Any) -> list[ToolCall]:
    """The tool calls of a reply message (litellm objects or plain dicts); [] when there are none."""
    raw_calls = field(message, "tool_calls") or []
    calls = []
    for index, raw in enumerate(raw_calls if isinstance(raw_calls, list) else []):
        function = field(raw, "function")
        name = field(function, "name")
        call_id = field(raw, "id")
        calls.append(
            ToolCall(
                id=str(call_id) if call_id else f"tool-call-{index + 1}",
                name=str(name or ""),
                arguments=parse_arguments(field(function, "arguments")),
            )
        )
    return calls


def text_calls(text: str, turn: int) -> list[ToolCall]:
    """The ```tool blocks of a reply; a block that is not a JSON object with a name keeps its raw text as the
    arguments (and whatever name can be read), for the dispatcher to report."""
    calls = []
    for index, block in enumerate(_TOOL_BLOCK.findall(text or ""), 1):
        call_id = f"text-{turn}-{index}"
        data = parsed(block)[1]
        if isinstance(data, dict) and isinstance(data.get("name"), str):
            calls.append(ToolCall(id=call_id, name=data["name"], arguments=parse_arguments(data.get("arguments", {}))))
        else:
            name = _NAME.search(block)
            calls.append(ToolCall(id=call_id, name=name[1] if name else "", arguments=block.strip()))
    return calls


def field(value: Any, name: str) -> Any:
    """A field of a litellm object or a plain dict (None when it has none)."""
    return value.get(name) if isinstance(value, dict) else getattr(value, name, None)
