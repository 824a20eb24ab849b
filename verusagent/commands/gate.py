"""`verusagent gate [--base REV] [PATHS...]`: the guard over every changed `.rs` file, for CI and pre-commit; then
the static pre-check on each file the guard passed (what verus would reject in its front end; `--no-precheck`).
With `--review --model M`, a model also reviews the changed functions of each file both passed.

Exit 0 when every file is clean, 1 on a violation, a pre-check finding or a validated critical review finding, 2 on a
usage or git error, 3 when `--review-required` and the review could not run (e.g. the model cannot be reached).
"""

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import typer

from verusagent.cli_app import app
from verusagent.commands.exits import EXIT_CLEAN, EXIT_REVIEW_UNAVAILABLE, EXIT_USAGE, EXIT_VIOLATIONS

if TYPE_CHECKING:
    from verusagent.gate import GateResult


class GateFormat(StrEnum):
    TEXT = "text"
    JSON = "json"
    SARIF = "sarif"
    GITHUB = "github"


@app.command()
def gate(
    paths: list[str] = typer.Argument(None, help="Limit the check to these files or folders (pre-commit passes them)."),
    base: str | None = typer.Option(
        None, "--base", help="Compare with this revision (default: the merge base with the default branch, else HEAD)."
    ),
    output_format: GateFormat = typer.Option(GateFormat.TEXT, "--format", help="text, json, sarif or github."),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write the report to this file instead of stdout."),
    allow_exec_changes: bool = typer.Option(False, "--allow-exec-changes", help="Exec bodies may change."),
    review: bool = typer.Option(False, "--review", help="A model reviews the changed functions (needs --model)."),
    model: str | None = typer.Option(None, "--model", help="The review's model (a litellm model string)."),
    api_base: str | None = typer.Option(None, "--api-base", help="An OpenAI-compatible server for the model."),
    review_model: str | None = typer.Option(
        None,
        "--review-model",
        help="The model that votes on the review's findings (default: --model, which proposes them).",
    ),
    review_votes: int = typer.Option(3, "--review-votes", min=1, max=15, help="Validator votes per finding."),
    calibration: Path | None = typer.Option(None, "--calibration", help="A calibration file (verusagent calibrate)."),
    review_required: bool = typer.Option(False, "--review-required", help="Exit 3 when the review cannot run."),
    max_calls: int | None = typer.Option(None, "--max-calls", min=0, help="Model call budget of the review."),
    no_precheck: bool = typer.Option(
        False,
        "--no-precheck",
        help="Skip the static pre-check of the files the guard passed (what verus would reject in its front end).",
    ),
    vstd: Path | None = typer.Option(
        None,
        "--vstd",
        help="The vstd source for the pre-check's unknown-function "
        "rule (default: beside verus, else cargo's registry).",
    ),
    github_annotations: bool = typer.Option(
        False, "--github-annotations", help="Also print GitHub annotations on stdout (with --output: one review run)."
    ),
) -> None:
    """Run the guard on every .rs file changed between REV and the working tree (new files: escape hatches only)."""
    from verusagent.gate import GitError, run_gate
    from verusagent.guard import GuardPolicy
    from verusagent.precheck import Prechecker

    if review and not model:
        _usage("--review needs --model M (the model that reviews)")
    try:
        precheck = None if no_precheck else Prechecker("", vstd, whole_crate=False)
        result = run_gate(base, paths or [], Path.cwd(), GuardPolicy(allow_exec_changes=allow_exec_changes), precheck)
        if review and model:  # --review without --model stopped above
            result = _review(result, model, api_base, review_model, review_votes, calibration, max_calls)
    except GitError as error:
        _usage(str(error))
    _emit(_render(result, output_format), output)
    if output is not None:
        typer.echo(f"{_headline(result)}; the {output_format.value} report is in {output}", err=True)
    if github_annotations and not (output is None and output_format == GateFormat.GITHUB):
        typer.echo(_render(result, GateFormat.GITHUB))
    raise typer.Exit(_exit_code(result, review_required))


def _review(
    result,
    model: str,
    api_base: str | None,
    review_model: str | None,
    votes: int,
    calibration: Path | None,
    max_calls: int | None,
):
    """The review of the files the guard passed; the model is checked (litellm loaded) only if one passed."""
    from verusagent.gate.review import review_changes
    from verusagent.gate.run import GateReview
    from verusagent.llm import Budget, BudgetTracker, ModelSettings
    from verusagent.llm.preflight import MissingCredentials, UnknownModel, check_model
    from verusagent.review.build import load_rule
    from verusagent.review.calibration.file import CalibrationFileError
    from verusagent.review.settings import ReviewSettings

    try:
        rule = load_rule(calibration)
        if any(file.report.clean for file in result.files):
            for name in dict.fromkeys([model, review_model or model]):
                check_model(name, api_base)
    except (CalibrationFileError, UnknownModel) as error:
        _usage(str(error))
    except MissingCredentials as error:  # like a model that cannot be reached: the guard's verdict stands
        return result.model_copy(
            update={"review": GateReview(status="skipped", reason=str(error), rule=rule.describe(), model=model)}
        )
    settings = ReviewSettings(votes=votes, model=review_model, calibration=calibration)
    return review_changes(
        result,
        settings,
        ModelSettings(model=model, api_base=api_base),
        rule,
        BudgetTracker(Budget(max_calls=max_calls)),
    )


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
    from verusagent.gate import formats, sarif

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
