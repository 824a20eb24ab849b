"""`verusagent calibrate LABELS... --tau 0.05 --delta 0.10`: the review threshold from labelled history.

Exit codes: 0 whenever labels were read (no threshold is a result, not an error); 2 on unreadable or malformed
input (the file and line are named), no label at all, bad options, or an --out that cannot be written.
"""

import json
from pathlib import Path
from typing import NoReturn

import typer

from verusagent.choices import DEFAULT_DELTA, DEFAULT_TAU, DEFAULT_TRIALS
from verusagent.cli_app import app
from verusagent.commands.exits import EXIT_OK, EXIT_USAGE
from verusagent.commands.option_sets import Json, RecordOptions
from verusagent.commands.options import with_options
from verusagent.review.calibration.file import CalibrationFileError, load_calibration, save_calibration
from verusagent.review.calibration.labels import LabelError, read_labels
from verusagent.review.calibration.render import render_text
from verusagent.review.calibration.report import calibrate as compute


@app.command()
@with_options(RecordOptions)
def calibrate(
    labels: list[str] = typer.Argument(
        ..., help='JSONL files of {"score", "valid"} rows, run folders (their shadow-mode reviews), or run ids.'
    ),
    tau: float = typer.Option(DEFAULT_TAU, "--tau", help="Target false-negative rate: valid candidates rejected."),
    delta: float = typer.Option(DEFAULT_DELTA, "--delta", help="Allowed probability that the FNR exceeds tau."),
    out: Path | None = typer.Option(None, "--out", help="Write the calibration file for the agent's --calibration."),
    as_json: Json = False,
    trials: int = typer.Option(
        DEFAULT_TRIALS, "--trials", min=2, help="Resampling trials (when the labels carry votes)."
    ),
    seed: int = typer.Option(0, "--seed", min=0, help="Seed of the resampling: the same seed gives the same figures."),
    *,
    options: RecordOptions,
) -> None:
    """Choose the review threshold by FactTest's order-statistic rule: FNR <= tau with probability 1 - delta."""

    _check_probabilities(tau, delta)
    try:
        label_set = read_labels(labels, options.runs_dir)
    except LabelError as error:
        _fail(str(error))
    if not label_set.labels:
        _fail(f"no labels in {', '.join(labels)}: {_why_none(label_set)}")
    report = compute(label_set, tau, delta, trials=trials, seed=seed)
    if out is not None:
        _write(report.to_calibration(), out)
    typer.echo(json.dumps(report.model_dump(mode="json"), indent=2) if as_json else "\n".join(render_text(report)))
    if out is not None and not as_json:
        typer.echo(f"calibration written to {out} (the agent reads it with --calibration {out})")
    raise typer.Exit(EXIT_OK)


def _check_probabilities(tau: float, delta: float) -> None:
    for name, value in (("--tau", tau), ("--delta", delta)):
        if not 0.0 < value < 1.0:
            _fail(f"{name} must lie strictly between 0 and 1, not {value}")


def _why_none(label_set) -> str:
    if label_set.skipped:
        return f"{len(label_set.skipped)} shadow-mode reports could not be paired ({label_set.skipped[0].reason})"
    return "no JSONL rows, and no shadow-mode review_report in the runs (run the agent with --review shadow)"


def _write(calibration, out: Path) -> None:

    if out.exists():
        try:
            load_calibration(out)
        except CalibrationFileError:
            _fail(f"--out {out} exists and is not a calibration file: refusing to overwrite it")
    try:
        if out.exists():
            out.with_name(out.name + ".bak").write_bytes(out.read_bytes())
        save_calibration(calibration, out)
    except OSError as error:
        _fail(f"cannot write --out {out}: {error.strerror or error}")


def _fail(message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(EXIT_USAGE)
