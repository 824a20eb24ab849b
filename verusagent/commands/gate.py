"""`verusagent gate [--base REV] [PATHS...]`: the guard over every changed `.rs` file, for CI and pre-commit; then
the static pre-check on each file the guard passed (what verus would reject in its front end; `--no-precheck`).
With `--review --model M`, a model also reviews the changed functions of each file both passed.

Exit 0 when every file is clean, 1 on a violation, a pre-check finding or a validated critical review finding, 2 on a
usage or git error, 3 when `--review-required` and the review could not run (e.g. the model cannot be reached).
"""

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import NoReturn

import typer

from verusagent.cli_app import app
from verusagent.commands.exits import EXIT_CLEAN, EXIT_REVIEW_UNAVAILABLE, EXIT_USAGE, EXIT_VIOLATIONS
from verusagent.commands.option_sets import (
    BudgetOptions,
    GuardOptions,
    ModelOptions,
    NoPrecheck,
    ReviewOptions,
    Vstd,
)
from verusagent.commands.options import with_options
from verusagent.gate import GateResult, GitError, formats, run_gate, sarif
from verusagent.gate.review import review_changes
from verusagent.gate.run import GateReview
from verusagent.llm import BudgetTracker
from verusagent.llm.preflight import MissingCredentials, UnknownModel, check_models
from verusagent.precheck import Prechecker
from verusagent.review.build import load_rule
from verusagent.review.calibration.file import CalibrationFileError


class GateFormat(StrEnum):
    TEXT = "text"
    JSON = "json"
    SARIF = "sarif"
    GITHUB = "github"


@dataclass(kw_only=True)
class GateOptions(ModelOptions, ReviewOptions, BudgetOptions, GuardOptions):
    """The model, the review and its budget (with --review), and what the guard allows."""


@app.command()
@with_options(GateOptions)
def gate(
    paths: list[str] = typer.Argument(None, help="Limit the check to these files or folders (pre-commit passes them)."),
    base: str | None = typer.Option(
        None, "--base", help="Compare with this revision (default: the merge base with the default branch, else HEAD)."
    ),
    output_format: GateFormat = typer.Option(GateFormat.TEXT, "--format", help="text, json, sarif or github."),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write the report to this file instead of stdout."),
    review: bool = typer.Option(
        False, "--review", help="A model reviews the changed functions (needs --model).", rich_help_panel="Review"
    ),
    review_required: bool = typer.Option(
        False, "--review-required", help="Exit 3 when the review cannot run.", rich_help_panel="Review"
    ),
    no_precheck: NoPrecheck = False,
    vstd: Vstd = None,
    github_annotations: bool = typer.Option(
        False, "--github-annotations", help="Also print GitHub annotations on stdout (with --output: one review run)."
    ),
    *,
    options: GateOptions,
) -> None:
    """Run the guard on every .rs file changed between REV and the working tree (new files: escape hatches only)."""

    if review and not options.model:
        _usage("--review needs --model M (the model that reviews)")
    try:
        precheck = None if no_precheck else Prechecker("", vstd, whole_crate=False)
        result = run_gate(base, paths or [], Path.cwd(), options.policy(), precheck)
        if review:
            result = _review(result, options)
    except GitError as error:
        _usage(str(error))
    _emit(_render(result, output_format), output)
    if output is not None:
        typer.echo(f"{_headline(result)}; the {output_format.value} report is in {output}", err=True)
    if github_annotations and not (output is None and output_format == GateFormat.GITHUB):
        typer.echo(_render(result, GateFormat.GITHUB))
    raise typer.Exit(_exit_code(result, review_required))


def _review(result, options: GateOptions):
    """The review of the files the guard passed; the model is checked (litellm loaded) only if one passed."""

    model = options.model_settings()  # --review without --model stopped before
    try:
        rule = load_rule(options.calibration)
        if any(file.report.clean for file in result.files):
            check_models([model.model, options.review_model], model.api_base)
    except (CalibrationFileError, UnknownModel) as error:
        _usage(str(error))
    except MissingCredentials as error:  # like a model that cannot be reached: the guard's verdict stands
        review = GateReview(status="skipped", reason=str(error), rule=rule.describe(), model=model.model)
        return result.model_copy(update={"review": review})
    return review_changes(result, options.review_settings(), model, rule, BudgetTracker(options.budget()))


def _exit_code(result, review_required: bool) -> int:
    if not result.clean:
        return EXIT_VIOLATIONS
    if review_required and result.review is not None and result.review.status != "reviewed":
        return EXIT_REVIEW_UNAVAILABLE
    return EXIT_CLEAN


def _usage(message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(EXIT_USAGE)


def _render(result, output_format: GateFormat) -> str:

    renderers = {
        GateFormat.TEXT: formats.to_text,
        GateFormat.JSON: formats.to_json,
        GateFormat.SARIF: sarif.to_sarif,
        GateFormat.GITHUB: formats.to_github,
    }
    return renderers[output_format](result)


def _headline(result: "GateResult") -> str:
    """One line for the terminal when the report goes to a file."""
    files = len(result.files)
    verdict = "clean" if result.clean else "not clean"
    return f"gate: {files} changed file{'s' if files != 1 else ''}, {verdict}"


def _emit(text: str, output: Path | None) -> None:
    if output is None:
        typer.echo(text)
        return
    try:
        output.write_text(text + "\n", encoding="utf-8")
    except OSError as error:
        typer.echo(f"error: cannot write {output}: {error.strerror or error}", err=True)
        raise typer.Exit(EXIT_USAGE) from error
