"""Option sets declared once, for any number of commands.

An option set is a keyword-only dataclass whose fields carry their `typer.Option` in `Annotated` (a field
without a default is a required option). `@with_options(Set)` gives a command one parameter per field, after
its own, and calls it with `options=Set(...)`; a subclass of a set adds options to all of it.
"""

import inspect
from collections.abc import Callable
from dataclasses import MISSING, Field, fields
from typing import Any, TypeVar, get_args, get_type_hints

from typer.models import ParameterInfo

Options = TypeVar("Options")


def with_options(option_set: type[Options]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    shared = option_parameters(option_set)

    def decorate(command: Callable[..., Any]) -> Callable[..., Any]:
        signature = inspect.signature(command)
        own = [p for p in signature.parameters.values() if p.name != "options"]

        def run(**values: Any) -> Any:  # typer passes every parameter by name
            chosen = {p.name: values.pop(p.name) for p in shared}
            return command(options=option_set(**chosen), **values)

        run.__name__, run.__qualname__, run.__doc__ = command.__name__, command.__qualname__, command.__doc__
        run.__module__ = command.__module__
        # typer reads __signature__; typeshed declares no such attribute on functions
        run.__signature__ = signature.replace(parameters=[*own, *shared])  # type: ignore[attr-defined]
        return run

    return decorate


# The order of the panels in `--help`: a set's options are listed panel by panel, whichever set declares them.
PANELS = ("Bench", "Model", "Agent mode", "Budget", "Verus", "Review", "Guard", "Output")


def option_parameters(option_set: type) -> list[inspect.Parameter]:
    """The set's fields as keyword-only parameters, their `Annotated` typer options kept: panel by panel (PANELS),
    the required ones first in theirs, so that `--help` shows them at the top."""
    hints = get_type_hints(option_set, include_extras=True)

    def place(field: Field) -> tuple[int, bool]:
        panel = next((m.rich_help_panel for m in get_args(hints[field.name])[1:] if isinstance(m, ParameterInfo)), None)
        return (PANELS.index(panel) if panel in PANELS else len(PANELS), field.default is not MISSING)

    return [
        inspect.Parameter(
            field.name,
            inspect.Parameter.KEYWORD_ONLY,
            annotation=hints[field.name],
            default=inspect.Parameter.empty if field.default is MISSING else field.default,
        )
        for field in sorted(fields(option_set), key=place)
    ]
