"""The agent commands' options: declared once (verusagent.commands.agent_options), and still exactly the options
they had when tests/commands/data/agent_command_params.json was captured (names, defaults, help, bounds)."""

import json
from pathlib import Path

import typer.main

from verusagent.cli import app

CAPTURED = Path(__file__).parent / "data" / "agent_command_params.json"
COMMANDS = ("prove", "repair", "synth", "demo")
_RUNTIME = frozenset({"type_descriptor", "_runtime_param"})


def _describe(param) -> dict:
    """Everything typer keeps of a parameter, repr'd: its option names, default, help, bounds and type."""
    described = {"class": type(param).__name__, "annotation": repr(param.type_descriptor.annotation)}
    described |= {k: repr(v) for k, v in vars(param).items() if k not in _RUNTIME}
    described |= {f"info.{k}": repr(v) for k, v in vars(param.type_descriptor.parameter_info).items()
                  if k not in described}
    return {k: v for k, v in described.items() if v not in ("None", "False")}  # unset: left out, to stay short


def command_params() -> dict:
    commands = typer.main.get_command(app).commands
    return {name: {"help": commands[name].help, "params": [_describe(p) for p in commands[name].params]}
            for name in COMMANDS}


def test_the_agent_commands_keep_every_option_name_default_and_help():
    assert command_params() == json.loads(CAPTURED.read_text(encoding="utf-8"))


def _capture() -> None:
    """One parameter a line, so that a change shows as a readable diff."""
    commands = [json.dumps(name) + ": {" + f'"help": {json.dumps(c["help"])}, "params": [\n'
                + ",\n".join(json.dumps(p, sort_keys=True) for p in c["params"]) + "]}"
                for name, c in command_params().items()]
    CAPTURED.write_text("{\n" + ",\n".join(commands) + "\n}\n", encoding="utf-8")


if __name__ == "__main__":
    _capture()
