"""The agent commands' options: declared once (verusagent.commands.agent_options), and still exactly the options
they had when tests/commands/data/agent_command_params.json was captured from main (names, defaults, help,
bounds). After adding or changing an option on purpose, capture them again with
`python -m tests.commands.test_agent_options` and review the diff."""

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import pytest
import typer.main
from typer.testing import CliRunner

from verusagent.agent.config import AgentConfig
from verusagent.cli import app
from verusagent.commands.agent_options import AgentOptions
from verusagent.commands.exits import UsageError
from verusagent.commands.options import with_options
from verusagent.llm import ModelSettings

CAPTURED = Path(__file__).parent / "data" / "agent_command_params.json"
COMMANDS = ("prove", "repair", "synth", "demo")
_STABLE = ("name", "opts", "secondary_opts", "default", "help", "required", "is_flag", "multiple", "nargs")


def _describe(param) -> dict:
    """What a user sees of a parameter, repr'd: its names, default, help, bounds and type (not typer's
    internals, which change between typer releases)."""
    described = {"class": type(param).__name__, "annotation": repr(param.type_descriptor.annotation)}
    described |= {k: repr(getattr(param, k)) for k in _STABLE if hasattr(param, k)}
    info = param.type_descriptor.parameter_info
    bounds = {k: getattr(info, k) for k in ("min", "max") if getattr(info, k, None) is not None}
    described |= {f"info.{k}": repr(v) for k, v in bounds.items()}
    return {k: v for k, v in described.items() if v not in ("None", "False")}  # unset: left out, to stay short


def command_params() -> dict:
    group = typer.main.get_command(app)
    commands = {name: group.get_command(None, name) for name in COMMANDS}
    return {
        name: {"help": commands[name].help, "params": [_describe(p) for p in commands[name].params]}
        for name in COMMANDS
    }


def test_the_agent_commands_keep_every_option_name_default_and_help():
    assert command_params() == json.loads(CAPTURED.read_text(encoding="utf-8"))


def test_each_command_hands_its_options_to_the_run(monkeypatch, tmp_path):
    import verusagent.commands.agent as agent_commands

    seen = {}
    monkeypatch.setattr(
        agent_commands,
        "run_command",
        lambda mode, options, file, log: seen.update(mode=mode, options=options, file=file, log=log) or 0,
    )
    args = [
        "repair",
        "f.rs",
        "--log",
        "f.log",
        "--fn",
        "a",
        "--fn",
        "b",
        "--model",
        "m",
        "-k",
        "3",
        "--json",
        "--runs-dir",
        str(tmp_path),
    ]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    options = AgentOptions(fn=["a", "b"], model="m", samples=3, as_json=True, runs_dir=tmp_path)
    assert seen == {"mode": "repair", "options": options, "file": Path("f.rs"), "log": Path("f.log")}
    assert (options.strategies, options.rounds, options.jobs, options.timeout) == (2, 4, 2, 300.0)  # the defaults


def test_the_options_become_the_run_s_config_in_one_conversion(tmp_path):
    """Every default is the config's own; a given option reaches its config field (renamed where the config's
    name says the unit), and the inputs keep what is not the run's config."""
    options = AgentOptions(
        model="m",
        fn=["f"],
        samples=3,
        max_cost=1.5,
        timeout=9.0,
        strategy=["lemmas", "lemmas"],
        session_time=60.0,
        review_votes=5,
        out=tmp_path / "o.rs",
    )
    config = options.to_config("synth")
    default = AgentOptions(model="m").to_config("prove")
    assert default == AgentConfig(model_settings=ModelSettings(model="m"))
    assert (config.mode, config.targets, config.samples, config.model_settings.temperature) == ("synth", ["f"], 3, 0.7)
    assert (config.budget, config.run_options, config.strategy_names) == (
        options.budget(),
        options.run_options(),
        ["lemmas"],
    )
    assert config.model_settings == options.model_settings(temperature=0.7)  # the sets' own conversions
    assert (config.budget.max_cost_usd, config.run_options.timeout_s) == (1.5, 9.0)
    assert (config.session.max_seconds, config.review.votes) == (60.0, 5)
    assert options.inputs(Path("x.rs")).out == tmp_path / "o.rs"
    with pytest.raises(UsageError, match="unknown --strategy nope"):
        AgentOptions(model="m", strategy=["nope"]).to_config("prove")


def test_another_command_takes_every_agent_option_and_its_own():
    """How `bench` (say) reuses the whole set: a subclass adds its own options, one field each."""

    @dataclass(kw_only=True)
    class BenchOptions(AgentOptions):
        tasks: Annotated[int, typer.Option("--tasks", min=1, help="How many tasks.")] = 5

    bench_app, seen = typer.Typer(), {}

    @bench_app.command()
    @with_options(BenchOptions)
    def bench(suite: Annotated[str, typer.Argument()], options: BenchOptions) -> None:
        seen.update(suite=suite, options=options)

    result = CliRunner().invoke(bench_app, ["verus-bench", "--model", "m", "--tasks", "7", "--rounds", "2"])
    assert result.exit_code == 0, result.output
    assert seen == {"suite": "verus-bench", "options": BenchOptions(model="m", tasks=7, rounds=2)}
    assert CliRunner().invoke(bench_app, ["x"]).exit_code == 2  # --model is still required


def _capture() -> None:
    """One parameter a line, so that a change shows as a readable diff."""
    commands = [
        json.dumps(name)
        + ": {"
        + f'"help": {json.dumps(c["help"])}, "params": [\n'
        + ",\n".join(json.dumps(p, sort_keys=True) for p in c["params"])
        + "]}"
        for name, c in command_params().items()
    ]
    CAPTURED.write_text("{\n" + ",\n".join(commands) + "\n}\n", encoding="utf-8")


if __name__ == "__main__":
    _capture()
