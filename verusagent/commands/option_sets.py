"""The options commands share, each flag declared once (tests/commands/test_options.py checks it), its default from
verusagent.choices: the option sets (model, review, budget, verus, record, guard), each with its one conversion to
the settings the rest of the code takes, and the flags a command takes alone, as `Annotated` aliases. A command
takes a set by `@with_options(Set)` (verusagent.commands.options); a set of several is a subclass of them all (the
agent's, verusagent.commands.agent_options). A field that a set takes, without a default, is a required option.

Nothing here loads the settings' modules at import: `--help` reads these declarations only."""

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from verusagent import choices as defaults
from verusagent.guard import GuardPolicy
from verusagent.llm import Budget, ModelSettings
from verusagent.review.settings import ReviewSettings
from verusagent.verus import RunOptions

_MODEL = typer.Option(
    "--model", help="A litellm model string, e.g. openai/gpt-4o, anthropic/..., ollama/...", rich_help_panel="Model"
)
Model = Annotated[str, _MODEL]  # a command that cannot run without a model
OptionalModel = Annotated[Optional[str], _MODEL]
ApiBase = Annotated[
    Optional[str],
    typer.Option(
        "--api-base", help="An OpenAI-compatible server, e.g. http://127.0.0.1:8000/v1.", rich_help_panel="Model"
    ),
]
Verus = Annotated[
    Optional[str],
    typer.Option("--verus", help="The verus binary (default: $VERUS_PATH, then PATH).", rich_help_panel="Verus"),
]
Timeout = Annotated[float, typer.Option("--timeout", min=1.0, help="Seconds per verus run.", rich_help_panel="Verus")]
Vstd = Annotated[
    Optional[Path],
    typer.Option(
        "--vstd",
        help="The vstd source for lemma search and the pre-check (default: beside verus, else the cargo registry's; "
        "without one the pre-check's unknown-function rule does not run).",
        rich_help_panel="Verus",
    ),
]
NoPrecheck = Annotated[
    bool,
    typer.Option(
        "--no-precheck",
        help="Skip the static pre-check of candidates (what verus would reject in its front end, found without a "
        "verus run).",
        rich_help_panel="Verus",
    ),
]
NoCache = Annotated[
    bool,
    typer.Option(
        "--no-cache",
        help="Ask the model and verus afresh: no reply and no verus result is read "
        "from the caches (an earlier run's answers).",
        rich_help_panel="Model",
    ),
]
Package = Annotated[
    Optional[str],
    typer.Option(
        "--package",
        "-p",
        help="In a cargo workspace: the member to work on (default: the member holding the file given).",
        rich_help_panel="Output",
    ),
]
RunsDir = Annotated[
    Path, typer.Option("--runs-dir", help="Where run records go (and run ids are looked up).", rich_help_panel="Output")
]
Json = Annotated[bool, typer.Option("--json", help="Print the result as JSON.", rich_help_panel="Output")]


@dataclass(kw_only=True)
class ModelOptions:
    """Which model answers, where. A command that needs a model declares `model: Model` in a subclass."""

    model: OptionalModel = None
    api_base: ApiBase = None

    def model_settings(self, **more: Any) -> "ModelSettings":
        """The model's settings: these options, and `more` of ModelSettings' fields (ValueError without a model: a
        command that may run without one checks first)."""

        given = {"model": self.model, "api_base": self.api_base, **more}
        if given["model"] is None:
            raise ValueError("no --model given")
        return ModelSettings(**given)


@dataclass(kw_only=True)
class ReviewOptions:
    """Who votes on the review's findings, how often, and the threshold file."""

    review_model: Annotated[
        Optional[str],
        typer.Option(
            "--review-model",
            help="The model that votes on the review's findings (default: --model).",
            rich_help_panel="Review",
        ),
    ] = None
    review_votes: Annotated[
        int,
        typer.Option(
            "--review-votes", min=1, max=15, help="Validator votes per review finding.", rich_help_panel="Review"
        ),
    ] = defaults.DEFAULT_VOTES
    calibration: Annotated[
        Optional[Path],
        typer.Option(
            "--calibration", help="The review threshold file (verusagent calibrate).", rich_help_panel="Review"
        ),
    ] = None

    def review_settings(self, **more: Any) -> "ReviewSettings":
        """The review's settings: these options, and `more` of ReviewSettings' fields (given None: its default)."""

        given = {"model": self.review_model, "votes": self.review_votes, "calibration": self.calibration, **more}
        return ReviewSettings.model_validate({key: value for key, value in given.items() if value is not None})


@dataclass(kw_only=True)
class BudgetOptions:
    """What the model calls may spend."""

    max_calls: Annotated[
        Optional[int], typer.Option("--max-calls", min=0, help="Model call budget.", rich_help_panel="Budget")
    ] = None
    max_tokens: Annotated[
        Optional[int], typer.Option("--max-tokens", min=0, help="Token budget.", rich_help_panel="Budget")
    ] = None
    max_cost: Annotated[
        Optional[float],
        typer.Option("--max-cost", min=0.0, help="Money budget in USD (known prices only).", rich_help_panel="Budget"),
    ] = None

    def budget(self) -> "Budget":

        return Budget(max_calls=self.max_calls, max_tokens=self.max_tokens, max_cost_usd=self.max_cost)


@dataclass(kw_only=True)
class VerusOptions:
    """Which verus runs, and for how long."""

    verus: Verus = None
    timeout: Timeout = defaults.DEFAULT_TIMEOUT_S

    def run_options(self, **more: Any) -> "RunOptions":
        """A verus run's options: the timeout, and `more` of RunOptions' fields."""

        return RunOptions(timeout_s=self.timeout, **more)


@dataclass(kw_only=True)
class RecordOptions:
    """Where run records go: the folder is the setting (RunWriter and resolve_run take it as it is)."""

    runs_dir: RunsDir = defaults.DEFAULT_RUNS_DIR


@dataclass(kw_only=True)
class GuardOptions:
    """What the guard lets a candidate change besides proof."""

    exec_editable: Annotated[
        Optional[list[str]],
        typer.Option(
            "--exec-editable",
            help="A function (unit id like fn:foo, or name) whose exec body may change. Repeatable.",
            rich_help_panel="Guard",
        ),
    ] = None
    allow_exec_changes: Annotated[
        bool, typer.Option("--allow-exec-changes", help="Every exec body may change.", rich_help_panel="Guard")
    ] = False
    allow_new_exec: Annotated[
        bool,
        typer.Option("--allow-new-exec-functions", help="New exec functions may be added.", rich_help_panel="Guard"),
    ] = False

    def policy(self) -> "GuardPolicy":

        return GuardPolicy(
            exec_editable_functions=frozenset(self.exec_editable or ()),
            allow_exec_changes=self.allow_exec_changes,
            allow_new_exec_functions=self.allow_new_exec,
        )
