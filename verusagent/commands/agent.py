"""`verusagent prove | repair | synth FILE`: the agent, with verus in the loop.

Exit codes: 0 verified, 1 partial (obligations listed), 2 usage (an unknown model too), 3 verus missing or
unusable, or the model's API key missing or refused (the variable is named), 130 Ctrl-C.
"""

from pathlib import Path
from typing import Annotated, Optional

import typer

from verusagent.choices import DEMO_DIR
from verusagent.cli_app import app
from verusagent.commands.agent_options import AgentOptions
from verusagent.commands.agent_run import run_command
from verusagent.commands.demo import prepare_workdir, real_verus, standin_launcher, use_demo_script
from verusagent.commands.option_sets import Json, NoCache, RecordOptions
from verusagent.commands.options import with_options


@app.command()
@with_options(AgentOptions)
def prove(
    file: Annotated[Path, typer.Argument(help="A Verus file with specs, a crate folder or a Cargo.toml.")],
    options: AgentOptions,
) -> None:
    """Add proofs (invariants, decreases, assertions, lemmas); specs and exec code stay as they are."""
    _launch("prove", options, file)


@app.command()
@with_options(AgentOptions)
def repair(
    file: Annotated[
        Path, typer.Argument(help="A Verus file (or crate folder, or Cargo.toml) whose proof verus rejects.")
    ],
    options: AgentOptions,
    log: Annotated[
        Optional[Path], typer.Option("--log", help="Saved verus output for FILE (skips the first run).")
    ] = None,
) -> None:
    """Repair a proof that verus rejects, starting from its diagnostics."""
    _launch("repair", options, file, log)


@app.command()
@with_options(AgentOptions)
def synth(
    file: Annotated[Path, typer.Argument(help="A Verus file (or crate) whose bodies are unimplemented!()/todo!().")],
    options: AgentOptions,
) -> None:
    """Write the implementation and its proof for functions that have only a spec."""
    _launch("synth", options, file)


def _launch(mode: str, options: AgentOptions, file: Path, log: Path | None = None) -> None:
    raise typer.Exit(run_command(mode, options, file, log))


@app.command()
@with_options(RecordOptions)
def demo(
    workdir: Annotated[Path, typer.Option("--workdir", help="Where the demo copies its file.")] = DEMO_DIR,
    as_json: Json = False,
    no_cache: NoCache = False,
    *,
    options: RecordOptions,
) -> None:
    """Prove a small fixture with the scripted model: real verus if installed, else the verus stand-in."""
    try:
        source = prepare_workdir(workdir)
    except OSError as error:
        typer.echo(f"error: cannot prepare the demo in --workdir {workdir}: {error.strerror or error}", err=True)
        raise typer.Exit(2) from error
    use_demo_script()
    verus = real_verus()
    if verus:  # with --json these lines go to stderr: stdout holds only the JSON document
        typer.echo(f"demo: verus found at {verus}: the result below is verus's own verdict", err=as_json)
    else:
        verus = standin_launcher(workdir)
        typer.echo(
            "demo: verus is not installed here, so the verus STAND-IN answers (not the real verus: "
            "its verdicts prove nothing)",
            err=as_json,
        )
    agent = AgentOptions(
        model="scripted/demo",
        strategies=1,
        rounds=3,
        samples=1,
        verus=verus,
        runs_dir=options.runs_dir,
        as_json=as_json,
        jobs=1,
        no_cache=no_cache,
    )
    _launch("prove", agent, source)
