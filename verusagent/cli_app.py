"""The typer application object, shared by the command modules in ``verusagent.commands``.

Command modules keep heavy imports (litellm, the lens, rich tables) inside their function bodies so that
``verusagent --help`` and the commands that need no model start fast.
"""

from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

from verusagent import __version__


def _flags_without_type(params: list) -> list:
    """A flag takes no value: its help row shows no `<bool>` placeholder (typer prints one for every option)."""
    for param in params:
        if getattr(param, "is_flag", False) and getattr(param, "metavar", None) is None:
            param.metavar = ""
    return params


class Command(TyperCommand):
    def get_params(self, ctx: Any) -> list:
        return _flags_without_type(super().get_params(ctx))


class Group(TyperGroup):
    def get_params(self, ctx: Any) -> list:
        return _flags_without_type(super().get_params(ctx))


class App(typer.Typer):
    """Every command is a `Command` unless it names its own class."""

    def command(self, *args: Any, cls: type | None = None, **kwargs: Any):
        return super().command(*args, cls=cls or Command, **kwargs)


app = App(
    name="verusagent",
    help="Write and repair Verus proofs with a language model. Only the verus binary accepts a proof.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=Group,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"verusagent {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: bool = typer.Option(
        False, "--version", "-V", help="Print the version and exit.", callback=_print_version, is_eager=True
    ),
) -> None:
    """Write and repair Verus proofs with a language model. Only the verus binary accepts a proof."""
