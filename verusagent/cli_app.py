"""The typer application object, shared by the command modules in ``verusagent.commands``.

Command modules keep heavy imports (litellm, the lens, rich tables) inside their function bodies so that
``verusagent --help`` and the commands that need no model start fast.
"""

import typer

from verusagent import __version__

app = typer.Typer(
    name="verusagent",
    help="Write and repair Verus proofs with a language model. Only the verus binary accepts a proof.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"verusagent {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: bool = typer.Option(
        False, "--version", help="Print the version and exit.", callback=_print_version, is_eager=True
    ),
) -> None:
    """Write and repair Verus proofs with a language model. Only the verus binary accepts a proof."""
