"""The command line as a new user meets it: `python -m verusagent`, `-h`, `-V`, help without placeholders for
flags, the required `--model` at the top of `prove --help`, and the defaults shown where they are not obvious."""

import re
import subprocess
import sys

import pytest
import typer.main
from typer.testing import CliRunner

from verusagent import __version__
from verusagent.cli import COMMANDS as TABLE
from verusagent.cli import app
from verusagent.cli_app import _command_name, _first_sentence

runner = CliRunner()
COMMANDS = sorted(TABLE)


def test_python_dash_m_verusagent_runs_the_command() -> None:
    run = subprocess.run([sys.executable, "-m", "verusagent", "--version"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stdout.strip() == f"verusagent {__version__}"


def test_short_flags_for_help_and_version() -> None:
    assert runner.invoke(app, ["-V"]).stdout.strip() == f"verusagent {__version__}"
    short, long = runner.invoke(app, ["-h"]), runner.invoke(app, ["--help"])
    assert short.exit_code == 0 and short.stdout == long.stdout and "prove" in short.stdout


@pytest.mark.parametrize("command", COMMANDS)
def test_no_flag_shows_a_value_placeholder(command: str) -> None:
    result = runner.invoke(app, [command, "-h"])
    assert result.exit_code == 0, result.output
    assert "<bool>" not in result.stdout
    assert re.search(r"^\s+-h, --help\s+Show this message", result.stdout, re.MULTILINE)


def test_the_required_model_is_the_first_option_of_prove() -> None:
    text = runner.invoke(app, ["prove", "--help"]).stdout
    options = text[text.index("Model:") :]
    first = re.search(r"^\s+(-\w, )?(--[\w-]+)", options, re.MULTILINE)
    assert first is not None and first.group(2) == "--model"


@pytest.mark.parametrize("command", COMMANDS)
def test_help_shows_values_as_words_not_types(command: str) -> None:
    text = runner.invoke(app, [command, "-h"]).stdout
    assert not re.search(r"<(int|float|str|path|list\[|bool)|\{[a-z_]+\}", text), text


def test_the_agent_commands_group_their_options() -> None:
    text = runner.invoke(app, ["prove", "-h"]).stdout
    panels = re.findall(r"^([A-Z][a-z ]+):$", text, re.MULTILINE)
    assert panels[:7] == ["Arguments", "Model", "Agent mode", "Budget", "Verus", "Review", "Output"]


def test_the_command_list_shows_whole_descriptions() -> None:
    text = runner.invoke(app, ["--help"]).stdout
    commands = text[text.index("Commands:") :]
    assert "..." not in commands.replace("gate order, ...", "")  # audit's own description ends in a list


def test_gate_help_names_its_default_base() -> None:
    text = " ".join(runner.invoke(app, ["gate", "--help"]).stdout.split())
    assert "(default: the merge base with the default branch, else HEAD)" in text


def test_help_imports_only_what_it_prints() -> None:
    """`--help` needs the option declarations, not the agent, the review or pydantic (a benchmark,
    tests/benchmarks/bench_cli_start.py, prints its start-up time against a bare `python -c pass`)."""
    code = (
        "import sys\nsys.argv = ['verusagent', '--help']\nfrom verusagent.cli import main\ntry:\n    main()\n"
        "except SystemExit:\n    pass\nheavy = [m for m in sys.modules if m.split('.')[0] in ('pydantic', 'litellm', "
        "'tree_sitter') or m.startswith(('verusagent.agent', 'verusagent.review', 'verusagent.lens'))]\n"
        "assert not heavy, heavy"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr[-2000:]


@pytest.mark.parametrize("command", COMMANDS)
def test_the_command_table_gives_each_command_its_own_first_sentence(command: str) -> None:
    """`verusagent --help` prints the table's line without loading the command: it must be the command's own."""
    loaded = typer.main.get_command(app).get_command(None, command)
    assert loaded is not None and TABLE[command].help == _first_sentence(loaded.help or "")


def test_each_command_module_registers_exactly_the_commands_the_table_gives_it() -> None:
    for module in {entry.module for entry in TABLE.values()}:
        typer.main.get_command(app).get_command(None, next(n for n, e in TABLE.items() if e.module == module))
    registered = {_command_name(info): info.callback.__module__ for info in app.registered_commands}
    assert registered == {name: entry.module for name, entry in TABLE.items()}


def test_help_loads_no_command_module() -> None:
    code = (
        "import sys\nsys.argv = ['verusagent', '--help']\nfrom verusagent.cli import main\ntry:\n    main()\n"
        "except SystemExit:\n    pass\nloaded = [m for m in sys.modules if m.startswith(('verusagent.commands', "
        "'verusagent.bench'))]\nassert not loaded, loaded"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr[-2000:]


def test_an_unknown_command_is_a_usage_error_naming_it() -> None:
    result = runner.invoke(app, ["nosuchcommand"])
    assert result.exit_code == 2 and "No such command 'nosuchcommand'" in result.output
