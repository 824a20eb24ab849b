"""Entry point of the ``verusagent`` command: registers the command modules on the typer app."""

import importlib

from verusagent.cli_app import app

# Each module registers its commands on ``app`` when imported; keep their top-level imports light.
COMMAND_MODULES = [
    "verusagent.commands.units",
    "verusagent.commands.agent",
    "verusagent.commands.show",
    "verusagent.commands.verify",
    "verusagent.commands.check",
    "verusagent.commands.precheck",
    "verusagent.commands.gate",
    "verusagent.commands.audit",
    "verusagent.commands.calibrate",
    "verusagent.commands.lemmas",
    "verusagent.bench.command",
    "verusagent.commands.review",
]

for _module in COMMAND_MODULES:
    importlib.import_module(_module)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
