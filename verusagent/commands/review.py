"""`verusagent review ORIGINAL CANDIDATE --model M`: the review's findings for one candidate, with their scores.

Every unit CANDIDATE changed against ORIGINAL is reviewed (lemma calls, loops, functions, new lemmas); nothing
runs verus. The run record goes to --runs-dir (`verusagent audit` checks it).

Exit codes: 0 the rule would not reject the candidate, 1 it would (a validated critical finding), 2 usage or
unreadable input, 3 the review could not finish (the model could not be reached, or a budget ran out) and found
nothing that rejects.
"""

import json
from pathlib import Path
from typing import NoReturn

import typer

from verusagent.choices import DEFAULT_RUNS_DIR
from verusagent.cli_app import app
from verusagent.commands.exits import EXIT_INCOMPLETE, EXIT_PASS, EXIT_REJECT, EXIT_USAGE


@app.command()
def review(
    original: Path = typer.Argument(..., help="The file before the change (the problem as given)."),
    candidate: Path = typer.Argument(..., help="The file after it (e.g. with a proof added)."),
    model: str = typer.Option(
        ..., "--model", help="The model that proposes the review's findings (a litellm model string)."
    ),
    api_base: str | None = typer.Option(None, "--api-base", help="An OpenAI-compatible server for the model."),
    review_model: str | None = typer.Option(
        None,
        "--review-model",
        help="The model that votes on the review's findings (default: --model, which proposes them).",
    ),
    review_votes: int = typer.Option(3, "--review-votes", min=1, max=15, help="Validator votes per finding."),
    calibration: Path | None = typer.Option(None, "--calibration", help="A calibration file (from calibrate)."),
    max_calls: int | None = typer.Option(None, "--max-calls", min=0, help="Model call budget."),
    max_cost: float | None = typer.Option(None, "--max-cost", min=0.0, help="Money budget in USD."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
    as_sarif: bool = typer.Option(False, "--sarif", help="Print the findings as SARIF 2.1.0."),
    runs_dir: Path = typer.Option(DEFAULT_RUNS_DIR, "--runs-dir", help="Where the run record goes."),
) -> None:
    """Review CANDIDATE's changes against ORIGINAL: findings a model proposes, judged by validator votes."""
    from verusagent.llm import Budget, ModelSettings
    from verusagent.review.build import load_rule
    from verusagent.review.calibration.file import CalibrationFileError
    from verusagent.review.settings import ReviewSettings
    from verusagent.review.standalone import review_files

    if as_json and as_sarif:
        _fail("give --json or --sarif, not both")
    texts = (_read(original), _read(candidate))
    try:
        rule = load_rule(calibration)
    except CalibrationFileError as error:
        _fail(str(error))
    _check_models(model, review_model, api_base)
    settings = ReviewSettings(votes=review_votes, model=review_model, calibration=calibration)
    result = review_files(
        original,
        candidate,
        texts,
        ModelSettings(model=model, api_base=api_base),
        settings,
        rule,
        Budget(max_calls=max_calls, max_cost_usd=max_cost),
        runs_dir,
    )
    typer.echo(_render(result, as_json, as_sarif))
    raise typer.Exit(EXIT_REJECT if result.rejects else EXIT_INCOMPLETE if result.stopped else EXIT_PASS)


def _check_models(model: str, review_model: str | None, api_base: str | None) -> None:
    """Before any model call: an unknown model is a usage error (2), a missing key exit 3 with its variable."""
    from verusagent.llm.preflight import ModelUnusable, check_model

    try:
        for name in dict.fromkeys([model, review_model or model]):
            check_model(name, api_base)
    except ModelUnusable as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(error.exit_code) from error


def _render(result, as_json: bool, as_sarif: bool) -> str:
    if as_json:
        return json.dumps(result.model_dump(mode="json"), indent=2)
    if as_sarif:
        from verusagent.review.sarif import review_sarif

        return review_sarif(result.candidate, result.findings)
    from verusagent.review.present import finding_lines

    return "\n".join(_text(result, finding_lines))


def _text(result, finding_lines) -> list[str]:
    model = result.model + (
        " (the scripted model: a stand-in, not a language model)" if result.model_is_standin else ""
    )
    lines = [f"review of {result.candidate} against {result.original} by {model}", f"rule: {result.rule}"]
    if not result.guard_clean:
        lines.append(
            f"guard: {len(result.guard_violations)} violation(s), see `verusagent check`: "
            + "; ".join(result.guard_violations[:3])
        )
    lines.append(f"units changed: {result.changed_units}, reviewed: {len(result.units)}")
    for unit in result.units:
        problem = f" ({unit['problem']})" if unit.get("problem") else ""
        lines.append(f"- {unit['kind'].replace('_', ' ')} {unit['id']}: score {unit['score']:.2f}{problem}")
        lines.extend(line for f in result.findings if f["unit"] == unit["id"] for line in finding_lines(f))
    for drop in result.dropped:
        lines.append(f"dropped a finding on {drop['unit']}: {drop['reason']}")
    lines.append(_verdict(result))
    lines.append(f"record: {result.run_folder}")
    return lines


def _verdict(result) -> str:
    if result.rejects:
        return f"verdict: the review rejects this candidate (score {result.score:.2f}): verus need not run on it"
    if result.stopped:
        return f"verdict: review incomplete: {result.stopped}"
    never = " (this rule never rejects)" if result.never_rejects else ""
    return f"verdict: the review does not reject this candidate (score {result.score:.2f}){never}"


def _read(path: Path) -> str:
    from verusagent.source_file import UnusableSource, read_source_text

    try:
        return read_source_text(path)
    except UnusableSource as error:
        _fail(str(error))


def _fail(message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(EXIT_USAGE)
