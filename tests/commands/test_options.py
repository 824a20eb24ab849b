"""Every option flag is declared in one place (verusagent.commands.option_sets, or the one command that takes it),
and the defaults the options share are read from verusagent.choices, never written again (issue 29)."""

import ast
from collections import defaultdict
from pathlib import Path

import verusagent

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
    """The shared defaults written as literals: a runs folder, and an option's default of 3 (--review-votes) or
    300.0 (--timeout), whether given to `typer.Option` or as the default of an option field or parameter."""
    found = [ast.unparse(node) for node in ast.walk(tree) if _runs_folder(node)]
    for call in _option_calls(tree):
        given = [*call.args, *(k.value for k in call.keywords if k.arg == "default")]
        found += [ast.unparse(value) for value in given if _shared(value)]
    return found + [ast.unparse(value) for annotation, value in _defaults(tree) if _is_option(annotation)]


def _runs_folder(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.startswith(".verusagent/runs")
    return isinstance(node, ast.BinOp) and ast.unparse(node) == "Path('.verusagent') / 'runs'"


def _shared(node: ast.expr | None) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) in (int, float) and node.value in (3, 300.0)


def _defaults(tree: ast.Module) -> list[tuple[ast.expr, ast.expr]]:
    """(annotation, default) of every annotated field and parameter whose default is a shared default's value."""
    pairs: list[tuple[ast.expr | None, ast.expr | None]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign):
            pairs.append((node.annotation, node.value))
        if isinstance(node, ast.arguments):
            positional = node.args[len(node.args) - len(node.defaults) :]
            pairs += zip((a.annotation for a in positional), node.defaults)
            pairs += zip((a.annotation for a in node.kwonlyargs), node.kw_defaults)
    return [(annotation, value) for annotation, value in pairs if annotation is not None and _shared(value)]


def _is_option(annotation: ast.expr) -> bool:
    """An `Annotated[..., typer.Option(...)]`, or an option alias of verusagent.commands.option_sets."""
    text = ast.unparse(annotation)
    return "typer.Option" in text or text in {"Timeout", "RunsDir"}


def test_the_shared_defaults_are_written_only_in_choices():
    literals = {
        str(path.relative_to(PACKAGE.parent)): found
        for path, tree in _sources().items()
        if path.name != "choices.py" and (found := _default_literals(tree))
    }
    assert literals == {}


def test_the_scan_finds_a_literal_default():
    """The default check is no check if it cannot see one: a literal runs folder, vote count and timeout."""
    tree = ast.parse(
        'import typer\nfrom pathlib import Path\nRUNS = Path(".verusagent/runs")\n'
        'OTHER = Path(".verusagent") / "runs"\n'
        'def f(votes: int = typer.Option(3, "--votes"), timeout: Timeout = 300.0, n: int = 3): ...\n'
    )
    assert sorted(_default_literals(tree)) == ["'.verusagent/runs'", "3", "300.0", "Path('.verusagent') / 'runs'"]
