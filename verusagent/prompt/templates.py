"""Prompt templates: Jinja2 files in ``prompts/`` (the package ``verusagent.prompt.files``), rendered with every
variable required: a missing one raises ``jinja2.UndefinedError`` instead of leaving a hole in a prompt."""

import textwrap
from functools import lru_cache
from importlib.resources import files
from typing import Any, Literal, NoReturn

import jinja2
from pydantic import BaseModel, Field

from verusagent.lens.hatches import prompt_names

TEMPLATE_PACKAGE = "verusagent.prompt.files"

# The diagnostic kinds repair.j2 has a guidance block for (verus-reference.md section 7).
REPAIR_KINDS = (
    "precondition",
    "postcondition",
    "invariant_before_loop",
    "invariant_end_of_loop",
    "invariant_loop_exit",
    "assertion",
    "arithmetic_overflow",
    "decreases",
    "rlimit",
    "mode_error",
    "trigger",
    "syntax",
    "other",
)
TASKS = ("prove", "repair", "synth", "review_propose", "review_validate")
_LINE_WIDTH = 107  # of the prompts' prose lines, their "- " or "  " included
ReplyFormat = Literal["file", "items"]


class PromptDiagnostic(BaseModel):
    """One verus error as the repair prompt shows it."""

    kind: str  # one of REPAIR_KINDS
    message: str
    location: str  # e.g. "line 12 in fn:binary_search/loop#1"
    excerpt: str = ""  # the code lines around the error
    related: list[str] = Field(default_factory=list)  # e.g. "failed precondition: line 3: x > 0"


class TemplateError(ValueError):
    """Raised from a template through ``fail(...)``: an input the template cannot render."""


def _fail(message: str) -> NoReturn:
    raise TemplateError(message)


def _wrapped(text: str) -> str:
    """A generated list item, wrapped like the written ones: lines of at most _LINE_WIDTH, indented by two."""
    return "\n".join(
        textwrap.wrap(text, _LINE_WIDTH, subsequent_indent="  ", break_long_words=False, break_on_hyphens=False)
    )


def _load(name: str) -> str:
    resource = files(TEMPLATE_PACKAGE).joinpath(name)
    if not resource.is_file():
        raise jinja2.TemplateNotFound(name)
    return resource.read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(_load),
        undefined=jinja2.StrictUndefined,
        autoescape=False,  # prompts are plain text, not HTML
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
    )
    env.globals["fail"] = _fail
    env.filters["wrapped"] = _wrapped
    return env


def render(template: str, **context: Any) -> str:
    """Render ``prompts/<template>.j2``; every variable it uses must be given."""
    name = template if template.endswith(".j2") else f"{template}.j2"
    return environment().get_template(name).render(**context).strip() + "\n"


def system_prompt(writes_code: bool = False, loops: bool = True) -> str:
    """`writes_code`: the task asks for function bodies (synth, and the repair of a synth run's candidates);
    `loops`: the targets have loops (else the advice on loop invariants is left out: there is none to write)."""
    hatches, reads = prompt_names(outside_reads=False), prompt_names(outside_reads=True)
    return render("system", escape_hatches=hatches, outside_reads=reads, writes_code=writes_code, loops=loops)


def mcp_instructions() -> str:
    """What the MCP server tells its client at start (verusagent.mcp.server)."""
    return render("mcp_instructions", escape_hatches=prompt_names(outside_reads=False))


def chat(task: str, **context: Any) -> list[dict[str, str]]:
    """The messages for a task: the system prompt, then the task's template rendered with ``context`` (whose
    ``loops``, when False, says the targets have none: see ``system_prompt``)."""
    if task not in TASKS:
        raise ValueError(f"unknown prompt task {task!r}; known: {', '.join(TASKS)}")
    if task == "repair":
        _check_kinds(context.get("diagnostics", []))
    writes_code = task == "synth" or bool(context.get("writes"))
    return [
        {"role": "system", "content": system_prompt(writes_code, loops=bool(context.get("loops", True)))},
        {"role": "user", "content": render(task, **context)},
    ]


def _check_kinds(diagnostics: list[Any]) -> None:
    for diagnostic in diagnostics:
        kind = diagnostic["kind"] if isinstance(diagnostic, dict) else diagnostic.kind
        if kind not in REPAIR_KINDS:
            raise ValueError(f"no repair guidance for diagnostic kind {kind!r}; known: {', '.join(REPAIR_KINDS)}")
