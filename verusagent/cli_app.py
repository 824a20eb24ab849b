"""The typer application object, shared by the command modules in ``verusagent.commands``.

The commands are lazy (`App.lazy_commands`, filled by ``verusagent.cli``): ``verusagent --help`` lists them from
that table, and a command's module is imported only when the command runs or shows its own help, so that module
may import what its command needs at its top.
"""

import importlib
from typing import Any, NamedTuple

import typer
import typer.main
from typer.core import TyperCommand, TyperGroup
from typer.models import CommandInfo

from verusagent import __version__


def _readable_metavars(params: list) -> list:
    """Help rows with a word for the value (`N`, `PATH`, `MODEL`), not a type (`<int range>`, `<list[str]>`,
    `{file}`); a flag takes no value and shows none; a choice lists its values."""
    for param in params:
        if getattr(param, "metavar", None) is None:
            param.metavar = _metavar(param)
    return params


def _metavar(param: Any) -> str | None:
    if getattr(param, "is_flag", False):
        return ""
    if param.param_type_name == "argument":
        return str(param.name).upper()
    kind = getattr(param, "type_descriptor", None)
    if kind is None or kind.is_choice:
        return None
    if kind.is_list:
        return "NAME"
    shown = param.display_type(None) if hasattr(param, "display_type") else ""
    for word, metavar in (("int", "N"), ("float", "X"), ("path", "PATH")):
        if word in str(shown):
            return metavar
    return str(param.name).upper()


class Command(TyperCommand):
    """Help in plain text (no rich import for --help), options grouped by their `rich_help_panel`."""

    def get_params(self, ctx: Any) -> list:
        return _readable_metavars(super().get_params(ctx))

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        """`FILE`, not typer's `{FILE}` for a required argument."""
        return [p[1:-1] if p.startswith("{") and p.endswith("}") else p for p in super().collect_usage_pieces(ctx)]

    def format_options(self, ctx: Any, formatter: Any) -> None:
        sections: dict[str, list[tuple[str, str]]] = {}
        for param in self.get_params(ctx):
            row = param.get_help_record(ctx)
            if row is None:
                continue
            if param.param_type_name == "argument":  # its name, without typer's type after it (`FILE <path>`)
                sections.setdefault("Arguments", []).append((param.metavar or row[0], row[1]))
            else:
                sections.setdefault(_panel(param) or "", []).append(row)
        grouped = len(sections.keys() - {"Arguments", ""}) > 0
        if "" in sections:
            sections["Other options" if grouped else "Options"] = sections.pop("")
        for title in sorted(sections, key=lambda t: (t != "Arguments", t == "Other options")):
            with formatter.section(title):
                formatter.write_dl(sections[title])


def _panel(param: Any) -> str | None:
    return getattr(param, "rich_help_panel", None)


class LazyCommand(NamedTuple):
    module: str  # imported when the command runs or shows its own help: it registers the command on `app`
    help: str  # its line in `verusagent --help`: the first sentence of its own help


class Group(TyperGroup):
    """The root group: the lazy commands first (in their table's order), each loaded when asked for by name."""

    def get_params(self, ctx: Any) -> list:
        return _readable_metavars(super().get_params(ctx))

    def list_commands(self, ctx: Any) -> list[str]:
        return list(dict.fromkeys([*app.lazy_commands, *super().list_commands(ctx)]))

    def get_command(self, ctx: Any, cmd_name: str) -> Any:  # a click command: typer >= 0.20 vendors click privately
        command = super().get_command(ctx, cmd_name)
        if command is not None or cmd_name not in app.lazy_commands:
            return command
        loaded = _load(cmd_name)
        self.add_command(loaded, cmd_name)
        return loaded

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """Each command with its whole first sentence (click cuts it at the width with "..."); a lazy command's
        from its table, without loading it."""
        rows = []
        for name in self.list_commands(ctx):
            if name in app.lazy_commands:
                rows.append((name, app.lazy_commands[name].help))
                continue
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, _first_sentence(command.help or "")))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def _load(name: str) -> Any:
    """Imports the command's module (which registers it on `app`) and builds its click command."""
    module = app.lazy_commands[name].module
    importlib.import_module(module)
    info = next((c for c in app.registered_commands if _command_name(c) == name), None)
    if info is None:
        raise LookupError(f"{module} registers no command {name!r} (verusagent.cli.COMMANDS names it there)")
    return typer.main.get_command_from_info(
        info, pretty_exceptions_short=app.pretty_exceptions_short, rich_markup_mode=app.rich_markup_mode
    )


def _command_name(info: CommandInfo) -> str | None:
    if info.name:
        return info.name
    return typer.main.get_command_name(info.callback.__name__) if info.callback else None


def _first_sentence(text: str) -> str:
    paragraph = " ".join(text.strip().split("\n\n")[0].split())
    end = paragraph.find(". ")
    return paragraph if end < 0 else paragraph[: end + 1]


class App(typer.Typer):
    """Every command is a `Command` unless it names its own class; `lazy_commands` are loaded by name."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lazy_commands: dict[str, LazyCommand] = {}

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
