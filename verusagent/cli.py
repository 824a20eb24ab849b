"""Entry point of the ``verusagent`` command: the commands, each loaded only when it runs (or shows its help)."""

import sys

from verusagent.cli_app import LazyCommand, app
from verusagent.cli_json import run_with_json_errors, wants_json

# name -> the module that registers it on ``app`` (imported when the command runs or shows its own help), and its
# line in `verusagent --help`, in this order (the first sentence of its help: tests/commands/test_cli_help.py
# checks they agree).
COMMANDS: dict[str, LazyCommand] = {
    "units": LazyCommand(
        "verusagent.commands.units",
        "List the functions, clauses, loops, calls, proof sites and escape hatches of a Verus file or crate.",
    ),
    "prove": LazyCommand(
        "verusagent.commands.agent",
        "Add proofs (invariants, decreases, assertions, lemmas); specs and exec code stay as they are.",
    ),
    "repair": LazyCommand(
        "verusagent.commands.agent", "Repair a proof that verus rejects, starting from its diagnostics."
    ),
    "synth": LazyCommand(
        "verusagent.commands.agent", "Write the implementation and its proof for functions that have only a spec."
    ),
    "demo": LazyCommand(
        "verusagent.commands.agent",
        "Prove a small fixture with the scripted model: real verus if installed, else the verus stand-in.",
    ),
    "show": LazyCommand(
        "verusagent.commands.show",
        "Print the timeline of a run: model calls, candidates, guard and review reports, verus runs, verdict.",
    ),
    "verify": LazyCommand(
        "verusagent.commands.verify",
        "Run verus on FILE (or a whole crate) and print its diagnostics grouped by function.",
    ),
    "diagnose": LazyCommand(
        "verusagent.commands.verify",
        "Read a saved verus output (JSON or text) and print its diagnostics grouped by function, without verus.",
    ),
    "check": LazyCommand(
        "verusagent.commands.check",
        "Check that CANDIDATE only adds proof to ORIGINAL: no escape hatch, spec or exec change, no outside read.",
    ),
    "precheck": LazyCommand(
        "verusagent.commands.precheck",
        "Find what verus would reject before any verus pass: parse errors, int/nat in exec code, spec fns called "
        "from exec code, calls of functions that exist nowhere.",
    ),
    "gate": LazyCommand(
        "verusagent.commands.gate",
        "Run the guard on every .rs file changed between REV and the working tree (new files: escape hatches only).",
    ),
    "audit": LazyCommand(
        "verusagent.commands.audit",
        "Check a run record: monotone timestamps, verified and guarded acceptance, budgets, gate order, ...",
    ),
    "calibrate": LazyCommand(
        "verusagent.commands.calibrate",
        "Choose the review threshold by FactTest's order-statistic rule: FNR <= tau with probability 1 - delta.",
    ),
    "lemmas": LazyCommand(
        "verusagent.commands.lemmas",
        "Search the lemmas of vstd and of a file: ranked, each with its signature, requires and ensures.",
    ),
    "bench": LazyCommand(
        "verusagent.bench.command",
        "Run verusagent over a benchmark suite: one agent run per task (agent options and budgets apply per task), "
        "in parallel, resumable.",
    ),
    "bench-report": LazyCommand(
        "verusagent.bench.command",
        "Rebuild summary.json, report.md and the plots from results.jsonl; --compare writes compare.md.",
    ),
    "review": LazyCommand(
        "verusagent.commands.review",
        "Review CANDIDATE's changes against ORIGINAL: findings a model proposes, judged by validator votes.",
    ),
    "mcp": LazyCommand(
        "verusagent.commands.mcp",
        "Serve the guard, pre-check, verus and acceptance to an MCP client over stdio (the tree is PATH).",
    ),
}

app.lazy_commands.update(COMMANDS)


def main(argv: list[str] | None = None) -> None:
    """With `--json`, an error is a JSON object on stdout too (verusagent.cli_json)."""
    args = sys.argv[1:] if argv is None else argv
    if not wants_json(args):
        app(args=args, prog_name="verusagent")
        return
    sys.exit(run_with_json_errors(lambda: app(args=args, prog_name="verusagent")))


if __name__ == "__main__":
    main()
