"""Every option flag is declared in one place (verusagent.commands.option_sets, or the one command that takes it),
and the defaults the options share are read from verusagent.choices, never written again (issue 29)."""

import ast
from collections import defaultdict
from pathlib import Path

import verusagent
from verusagent import choices

PACKAGE = Path(verusagent.__file__).parent

# Flags that mean something else in each command that declares them: one declaration per meaning.
HOMONYMS = {
    "--fn": "the agent takes a repeatable list of functions to prove; verify takes the one function it checks",
    "--limit": "bench: the first N tasks; lemmas: how many lemmas it prints",
    "--no-cache": "the agent's and demo's model replies and verus results; verify's verus results; lemmas' vstd index",
    "--out": "bench: its folder; the agent: the proof's file; calibrate: the calibration file",
    "--resume": "bench: a flag, continue in --out; the agent: the run (id or folder) to continue",
    "--review": "gate: a flag, review at all; the agent: the review's mode (off, on, shadow, auto)",
}


def _sources() -> dict[Path, ast.Module]:
    return {path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(PACKAGE.rglob("*.py"))}


def _option_calls(tree: ast.Module) -> list[ast.Call]:
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "Option"
    ]


def declared_flags() -> dict[str, list[str]]:
    """Each flag (a `typer.Option` name: `--model`, `-p`) and where it is declared, `file:line`."""
    where: dict[str, list[str]] = defaultdict(list)
    for path, tree in _sources().items():
        for call in _option_calls(tree):
            for arg in call.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value.startswith("-"):
                    where[arg.value].append(f"{path.relative_to(PACKAGE.parent)}:{call.lineno}")
    return dict(where)


def test_each_option_flag_is_declared_once():
    flags = declared_flags()
    assert {"--model", "--runs-dir", "--review-votes", "--timeout", "--json"} <= set(flags)  # the scan sees them
    twice = {flag: places for flag, places in flags.items() if len(places) > 1 and flag not in HOMONYMS}
    assert twice == {}


def test_each_homonym_still_has_several_meanings():
    """A homonym declared once any more is no homonym: it leaves HOMONYMS (and is checked as any other flag)."""
    flags = declared_flags()
    assert {flag: flags.get(flag, []) for flag in HOMONYMS if len(flags.get(flag, [])) < 2} == {}


def _default_literals(tree: ast.Module) -> list[str]:
    """The shared defaults written as literals: a runs folder; an option's default of 3 (--review-votes) or 300.0
    (--timeout), given to `typer.Option` or as the default of an option field or parameter; and a vote count or a
    verus timeout that any field or parameter (`votes`, `timeout_s`) defaults to."""
    found = [ast.unparse(node) for node in ast.walk(tree) if _runs_folder(node)]
    for call in _option_calls(tree):
        given = [*call.args, *(k.value for k in call.keywords if k.arg == "default")]
        found += [ast.unparse(value) for value in given if _shared(value) or _a_choice(value)]
    for name, annotation, value in _defaults(tree):
        if _is_option(annotation) or (name, value.value) in NAMED:
            found.append(f"{name} = {ast.unparse(value)}")
    found += [f"{name} = {ast.unparse(value)}" for name, note, value in _option_fields(tree) if _a_choice(value)]
    return list(dict.fromkeys(found))


# Every number verusagent.choices names (but 0 and 1, which mean "none" and "one" anywhere): an option's default
# that spells one of them is a default written twice.
CHOICE_NUMBERS = {value for value in vars(choices).values() if type(value) in (int, float) and value not in (0, 1)}


def _a_choice(node: ast.expr | None) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) in (int, float) and node.value in CHOICE_NUMBERS


def _annotated(tree: ast.Module) -> list[tuple[str, ast.expr, ast.expr]]:
    """(name, annotation, default) of each annotated field and parameter that has a default."""
    named: list[tuple[str, ast.expr | None, ast.expr | None]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            named.append((node.target.id, node.annotation, node.value))
        if isinstance(node, ast.arguments):
            positional = node.args[len(node.args) - len(node.defaults) :]
            pairs = [*zip(positional, node.defaults), *zip(node.kwonlyargs, node.kw_defaults)]
            named += [(a.arg, a.annotation, value) for a, value in pairs]
    return [(name, note, value) for name, note, value in named if note is not None and value is not None]


def _option_fields(tree: ast.Module) -> list[tuple[str, ast.expr, ast.expr]]:
    """(name, annotation, default) of each option field or parameter (`Annotated[..., typer.Option(...)]`)."""
    return [(name, note, value) for name, note, value in _annotated(tree) if _is_option(note)]


# The fields and parameters that hold a shared default, by name: the review's votes, a verus run's seconds.
NAMED = {(name, 3) for name in ("votes", "review_votes")} | {(name, 300.0) for name in ("timeout", "timeout_s")}
NAMED |= {("rlimit", 10), ("rlimit", "10"), ("multiple_errors", 2)}  # verus's search: verify and RunOptions


def _runs_folder(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.startswith(".verusagent/runs")
    return isinstance(node, ast.BinOp) and ast.unparse(node) == "Path('.verusagent') / 'runs'"


def _shared(node: ast.expr | None) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) in (int, float) and node.value in (3, 300.0)


def _defaults(tree: ast.Module) -> list[tuple[str, ast.expr, ast.Constant]]:
    """(name, annotation, default) of each annotated field and parameter whose default is a shared default's value."""
    return [
        (name, note, value)
        for name, note, value in _annotated(tree)
        if isinstance(value, ast.Constant) and (_shared(value) or (name, value.value) in NAMED)
    ]


def _is_option(annotation: ast.expr) -> bool:
    """An `Annotated[..., typer.Option(...)]`, or an option alias of verusagent.commands.option_sets."""
    text = ast.unparse(annotation)
    return "typer.Option" in text or text in {"Timeout", "RunsDir"}


# A run record's event keeps the value it was written with: an old record without the field was written with 3.
RECORDED = {"verusagent/record/events.py": ["votes = 3"]}


def test_the_shared_defaults_are_written_only_in_choices():
    literals = {
        str(path.relative_to(PACKAGE.parent)): found
        for path, tree in _sources().items()
        if path.name != "choices.py" and (found := _default_literals(tree))
    }
    assert literals == RECORDED


def test_the_scan_finds_an_option_default_that_spells_a_choice():
    """bench's --task-timeout, calibrate's --tau, lemmas' --limit: an option's default equal to a number of choices."""
    tree = ast.parse(
        "import typer\n"
        f'def f(t: float = typer.Option({choices.DEFAULT_TASK_TIMEOUT_S}, "--task-timeout"), '
        f'tau: Annotated[float, typer.Option("--tau")] = {choices.DEFAULT_TAU}, '
        'k: Annotated[int, typer.Option("--k")] = 1, '
        f"n: int = {choices.DEFAULT_TRIALS}): ...\n"
    )
    assert _default_literals(tree) == [str(choices.DEFAULT_TASK_TIMEOUT_S), f"tau = {choices.DEFAULT_TAU}"]


def test_the_scan_finds_a_literal_default():
    """The default check is no check if it cannot see one: a literal runs folder, vote count and timeout."""
    tree = ast.parse(
        'import typer\nfrom pathlib import Path\nRUNS = Path(".verusagent/runs")\n'
        'OTHER = Path(".verusagent") / "runs"\n'
        'def f(n: int = typer.Option(3, "--n"), timeout: Timeout = 300.0, votes: int = 3, m: int = 3): ...\n'
    )
    assert sorted(_default_literals(tree)) == [
        "'.verusagent/runs'",
        "3",
        "Path('.verusagent') / 'runs'",
        "timeout = 300.0",
        "votes = 3",
    ]


def _commands() -> dict[str, set[str]]:
    """Each command's own parameters (those of its function, not of the sets `@with_options` adds), by `file:name`."""
    found = {}
    for path, tree in _sources().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and any(
                "command" in ast.unparse(decorator) for decorator in node.decorator_list
            ):
                arguments = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
                found[f"{path.relative_to(PACKAGE.parent)}:{node.name}"] = {a.arg for a in arguments}
    return found


def test_a_command_that_takes_a_whole_set_takes_it_through_with_options():
    """A command whose own parameters hold every field of an option set declares them again, one by one, and
    converts them on its own: it takes the set by `@with_options(Set)` instead."""
    from dataclasses import fields

    from verusagent.commands import option_sets

    sets = [option_sets.ModelOptions, option_sets.ReviewOptions, option_sets.BudgetOptions]
    sets += [option_sets.VerusOptions, option_sets.RecordOptions, option_sets.GuardOptions]
    commands = _commands()
    assert {"verusagent/commands/agent.py:prove", "verusagent/commands/lemmas.py:lemmas"} <= set(commands)
    whole = {
        (command, option_set.__name__)
        for command, own in commands.items()
        for option_set in sets
        if {f.name for f in fields(option_set)} <= own
    }
    assert whole == set()
