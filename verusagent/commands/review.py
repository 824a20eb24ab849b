"""`verusagent review ORIGINAL CANDIDATE --model M`: the review's findings for one candidate, with their scores.

Every unit CANDIDATE changed against ORIGINAL is reviewed (lemma calls, loops, functions, new lemmas); nothing
runs verus. The run record goes to --runs-dir (`verusagent audit` checks it).

Exit codes: 0 the rule would not reject the candidate, 1 it would (a validated critical finding), 2 usage or
unreadable input, 3 the review could not finish (the model could not be reached, or a budget ran out) and found
nothing that rejects.
"""

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

import typer

from verusagent.cli_app import app
from verusagent.commands.exits import EXIT_INCOMPLETE, EXIT_PASS, EXIT_REJECT, EXIT_USAGE
from verusagent.commands.option_sets import BudgetOptions, Json, Model, ModelOptions, RecordOptions, ReviewOptions
from verusagent.commands.options import with_options
from verusagent.llm.preflight import ModelUnusable, check_models
from verusagent.review.build import load_rule
from verusagent.review.calibration.file import CalibrationFileError
from verusagent.review.present import finding_lines
from verusagent.review.sarif import review_sarif
from verusagent.review.standalone import review_files
from verusagent.source_file import UnusableSource, read_source_text


@dataclass(kw_only=True)
class ReviewCommandOptions(ModelOptions, ReviewOptions, BudgetOptions, RecordOptions):
    """The model that proposes the findings (required), the review's votes and budget, where the record goes."""

    model: Model = field()  # required: field() hides ModelOptions' default


@app.command()
@with_options(ReviewCommandOptions)
def review(
    original: Path = typer.Argument(..., help="The file before the change (the problem as given)."),
    candidate: Path = typer.Argument(..., help="The file after it (e.g. with a proof added)."),
    as_json: Json = False,
    as_sarif: bool = typer.Option(
        False, "--sarif", help="Print the findings as SARIF 2.1.0.", rich_help_panel="Output"
    ),
    *,
    options: ReviewCommandOptions,
) -> None:
    """Review CANDIDATE's changes against ORIGINAL: findings a model proposes, judged by validator votes."""

    if as_json and as_sarif:
        _fail("give --json or --sarif, not both")
    texts = (_read(original), _read(candidate))
    try:
        rule = load_rule(options.calibration)
        check_models([options.model, options.review_model], options.api_base)
    except CalibrationFileError as error:
        _fail(str(error))
    except ModelUnusable as error:  # before any model call: an unknown model is a usage error, a missing key exit 3
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(error.exit_code) from error
    settings, model, budget = options.review_settings(), options.model_settings(), options.budget()
    result = review_files(original, candidate, texts, model, settings, rule, budget, options.runs_dir)
    typer.echo(_render(result, as_json, as_sarif))
    raise typer.Exit(EXIT_REJECT if result.rejects else EXIT_INCOMPLETE if result.stopped else EXIT_PASS)


def _render(result, as_json: bool, as_sarif: bool) -> str:
    if as_json:
        return json.dumps(result.model_dump(mode="json"), indent=2)
    if as_sarif:
        return review_sarif(result.candidate, result.findings)

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

    try:
        return read_source_text(path)
    except UnusableSource as error:
        _fail(str(error))


def _fail(message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(EXIT_USAGE)
