"""Entry point of the ``verusagent`` command: registers the command modules on the typer app."""

import importlib
import sys

from verusagent.cli_app import app
from verusagent.cli_json import run_with_json_errors, wants_json

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
    "verusagent.commands.mcp",
]

for _module in COMMAND_MODULES:
    importlib.import_module(_module)


def main(argv: list[str] | None = None) -> None:
    """With `--json`, an error is a JSON object on stdout too (verusagent.cli_json)."""
    args = sys.argv[1:] if argv is None else argv
    if not wants_json(args):
        app(args=args, prog_name="verusagent")
        return
    sys.exit(run_with_json_errors(lambda: app(args=args, prog_name="verusagent")))


if __name__ == "__main__":
    main()
