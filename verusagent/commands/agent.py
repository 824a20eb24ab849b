"""`verusagent prove | repair | synth FILE`: the agent, with verus in the loop.

Exit codes: 0 verified, 1 partial (obligations listed), 2 usage, 3 verus missing or unusable, 130 Ctrl-C.
"""

from pathlib import Path
from typing import Optional

import typer

from verusagent.cli_app import app

FnOption = typer.Option(None, "--fn", help="A function to prove (repeatable); default: all of them.")
ModelOption = typer.Option(..., "--model", help="A litellm model string, e.g. openai/gpt-4o, anthropic/..., ollama/...")
ApiBaseOption = typer.Option(None, "--api-base", help="An OpenAI-compatible server, e.g. http://127.0.0.1:8000/v1.")
SamplesOption = typer.Option(1, "--samples", "-k", min=1, max=16, help="Replies per strategy and round.")
StrategiesOption = typer.Option(2, "--strategies", min=1, max=4, help="Strategies tried in parallel.")
RoundsOption = typer.Option(4, "--rounds", min=1, help="Rounds at most.")
TemperatureOption = typer.Option(None, "--temperature", help="Default: 0 for one sample, 0.7 for more.")
MaxCallsOption = typer.Option(None, "--max-calls", min=0, help="Model call budget.")
MaxTokensOption = typer.Option(None, "--max-tokens", min=0, help="Token budget.")
MaxCostOption = typer.Option(None, "--max-cost", min=0.0, help="Money budget in USD (known prices only).")
MaxVerusOption = typer.Option(None, "--max-verus-runs", min=0, help="Budget of fresh verus runs.")
JobsOption = typer.Option(2, "--jobs", "-j", min=1, help="verus runs at once.")
TimeoutOption = typer.Option(300.0, "--timeout", help="Seconds per verus run.")
OutOption = typer.Option(None, "--out", help="Where to write the proof (default FILE.verified.rs).")
InPlaceOption = typer.Option(False, "--in-place", help="Overwrite FILE after writing a backup FILE.bak.")
ResumeOption = typer.Option(None, "--resume", help="Continue a stopped run (id, id prefix, or folder).")
VerusOption = typer.Option(None, "--verus", help="The verus binary (default: $VERUS_PATH, then PATH).")
RunsDirOption = typer.Option(Path(".verusagent/runs"), "--runs-dir", help="Where run records go.")
JsonOption = typer.Option(False, "--json", help="Print the outcome as JSON.")
DryRunOption = typer.Option(False, "--dry-run", help="Print the first round's prompts with their token counts and "
                            "prices; call no model and no verus, write no record.")


@app.command()
def prove(
    file: Path = typer.Argument(..., help="A Verus file with specs."), fn: Optional[list[str]] = FnOption,
    model: str = ModelOption, api_base: Optional[str] = ApiBaseOption, samples: int = SamplesOption,
    strategies: int = StrategiesOption, rounds: int = RoundsOption, temperature: Optional[float] = TemperatureOption,
    max_calls: Optional[int] = MaxCallsOption, max_tokens: Optional[int] = MaxTokensOption,
    max_cost: Optional[float] = MaxCostOption, max_verus_runs: Optional[int] = MaxVerusOption,
    jobs: int = JobsOption, timeout: float = TimeoutOption, out: Optional[Path] = OutOption,
    in_place: bool = InPlaceOption, resume: Optional[str] = ResumeOption, verus: Optional[str] = VerusOption,
    runs_dir: Path = RunsDirOption, as_json: bool = JsonOption, dry_run: bool = DryRunOption,
) -> None:
    """Add proofs (invariants, decreases, assertions, lemmas); specs and exec code stay as they are."""
    _launch("prove", locals())


@app.command()
def repair(
    file: Path = typer.Argument(..., help="A Verus file whose proof verus rejects."),
    log: Optional[Path] = typer.Option(None, "--log", help="Saved verus output for FILE (skips the first run)."),
    fn: Optional[list[str]] = FnOption, model: str = ModelOption, api_base: Optional[str] = ApiBaseOption,
    samples: int = SamplesOption, strategies: int = StrategiesOption, rounds: int = RoundsOption,
    temperature: Optional[float] = TemperatureOption, max_calls: Optional[int] = MaxCallsOption,
    max_tokens: Optional[int] = MaxTokensOption, max_cost: Optional[float] = MaxCostOption,
    max_verus_runs: Optional[int] = MaxVerusOption, jobs: int = JobsOption, timeout: float = TimeoutOption,
    out: Optional[Path] = OutOption, in_place: bool = InPlaceOption, resume: Optional[str] = ResumeOption,
    verus: Optional[str] = VerusOption, runs_dir: Path = RunsDirOption, as_json: bool = JsonOption,
    dry_run: bool = DryRunOption,
) -> None:
    """Repair a proof that verus rejects, starting from its diagnostics."""
    _launch("repair", locals())


@app.command()
def synth(
    file: Path = typer.Argument(..., help="A Verus file whose bodies are unimplemented!()/todo!()."),
    fn: Optional[list[str]] = FnOption, model: str = ModelOption, api_base: Optional[str] = ApiBaseOption,
    samples: int = SamplesOption, strategies: int = StrategiesOption, rounds: int = RoundsOption,
    temperature: Optional[float] = TemperatureOption, max_calls: Optional[int] = MaxCallsOption,
    max_tokens: Optional[int] = MaxTokensOption, max_cost: Optional[float] = MaxCostOption,
    max_verus_runs: Optional[int] = MaxVerusOption, jobs: int = JobsOption, timeout: float = TimeoutOption,
    out: Optional[Path] = OutOption, in_place: bool = InPlaceOption, resume: Optional[str] = ResumeOption,
    verus: Optional[str] = VerusOption, runs_dir: Path = RunsDirOption, as_json: bool = JsonOption,
    dry_run: bool = DryRunOption,
) -> None:
    """Write the implementation and its proof for functions that have only a spec."""
    _launch("synth", locals())


def _launch(mode: str, options: dict) -> None:
    from verusagent.agent.cli_run import run_from_cli

    raise typer.Exit(run_from_cli(mode, options))


@app.command()
def demo(
    workdir: Path = typer.Option(Path(".verusagent/demo"), "--workdir", help="Where the demo copies its file."),
    runs_dir: Path = RunsDirOption, as_json: bool = JsonOption,
) -> None:
    """Prove a small fixture with the scripted model: real verus if installed, else the verus stand-in."""
    from verusagent.agent.demo import prepare_workdir, real_verus, standin_launcher, use_demo_script

    source = prepare_workdir(workdir)
    use_demo_script()
    verus = real_verus()
    if verus:
        typer.echo(f"demo: verus found at {verus}: the result below is verus's own verdict")
    else:
        verus = standin_launcher(workdir)
        typer.echo("demo: verus is not installed here, so the verus STAND-IN answers (not the real verus: "
                   "its verdicts prove nothing)")
    options = {"file": source, "model": "scripted/demo", "strategies": 1, "rounds": 3, "samples": 1,
               "verus": verus, "runs_dir": runs_dir, "as_json": as_json, "jobs": 1}
    _launch("prove", options)
